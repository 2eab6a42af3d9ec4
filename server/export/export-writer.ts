import { csvRows } from "./csv";
import { exportLines, type ExportFilter } from "./export-lines";
import type { ExportFormat } from "./export-query";
import type { GameStore } from "../store/game-store";

/** The export as a stream of text chunks (one JSON line, or one CSV row, per chunk). */
export function* exportChunks(store: GameStore, filter: ExportFilter, format: ExportFormat): Generator<string> {
  const lines = exportLines(store, filter);
  if (format === "csv") yield* csvRows(lines);
  else for (const line of lines) yield JSON.stringify(line) + "\n";
}
