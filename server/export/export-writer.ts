import { csvRowsOf } from "./csv";
import { exportLines, type ExportFilter } from "./export-lines";
import type { ExportFormat } from "./export-query";
import type { LogReader } from "../store/log-store";

/** The export as a stream of text chunks (one JSON line, or one CSV row, per chunk). */
export async function* exportChunks(store: LogReader, filter: ExportFilter, format: ExportFormat): AsyncGenerator<string> {
  const lines = exportLines(store, filter);
  if (format === "csv") yield* csvRowsOf(lines);
  else for await (const line of lines) yield JSON.stringify(line) + "\n";
}
