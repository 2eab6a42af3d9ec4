import type { ClueLine, ExportLine, RoundLine } from "./export-types";

/**
 * CSV for spreadsheets: one row per clue, with its round's outcome. Every text cell is guarded against
 * formula injection (OWASP's advice): a player can type `=HYPERLINK(...)` as a clue, and a spreadsheet
 * must show it as text, so a cell that a spreadsheet would read as a formula gets a leading apostrophe.
 */

/** Characters that make Excel, LibreOffice or Google Sheets start a formula or a DDE payload (full-width forms too). */
const FORMULA_START = /^[\s]*[=+\-@＝＋－＠]|^[\t\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "1" : "0";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_COLUMNS = [
  "game", "round", "turn", "seat", "at", "category", "secret", "message", "generator", "fallback", "by_chameleon",
  "utility", "leakage", "soft_score", "binary_score", "cumulative_leakage", "evaluators", "failures",
  "chameleon_seat", "accused_seat", "caught", "guess", "guess_correct", "outcome",
  // Last, so that a reader of the columns before it by position still finds them where they were.
  "knowledge",
] as const;

export function* csvRows(lines: Iterable<ExportLine>): Generator<string> {
  const rows = csvRowBuilder();
  yield rows.header;
  for (const line of lines) yield* rows.add(line);
  yield* rows.end();
}

/** The same rows from lines read from the log as they come (the export reads one log at a time). */
export async function* csvRowsOf(lines: AsyncIterable<ExportLine>): AsyncGenerator<string> {
  const rows = csvRowBuilder();
  yield rows.header;
  for await (const line of lines) yield* rows.add(line);
  yield* rows.end();
}

function csvRowBuilder(): { header: string; add(line: ExportLine): string[]; end(): string[] } {
  // A round's outcome comes after its clues, so hold the clues until it arrives.
  let held: ClueLine[] = [];
  return {
    header: CSV_COLUMNS.join(",") + "\r\n",
    add(line) {
      if (line.type === "clue") {
        held.push(line);
        return [];
      }
      const rows = held.filter((clue) => clue.game === line.game && clue.round === line.round).map((clue) => rowOf(clue, line));
      held = held.filter((c) => c.game !== line.game || c.round !== line.round);
      return rows;
    },
    end: () => held.map((clue) => rowOf(clue, null)),
  };
}

function rowOf(clue: ClueLine, round: RoundLine | null): string {
  const lastGuess = round?.guesses.at(-1);
  const failures = clue.evaluations.filter((e) => e.failure).map((e) => `${e.evaluator}: ${e.failure}`);
  const cells = [
    clue.game, clue.round, clue.turn, clue.seat, clue.at, clue.category, clue.secret, clue.message, clue.generator,
    clue.source.fallback, clue.byChameleon,
    clue.mean.utility, clue.mean.leakage, clue.mean.softScore, clue.mean.binaryScore, clue.mean.cumulativeLeakage,
    clue.evaluations.map((e) => e.evaluator).join(" "), failures.join("; "),
    round?.chameleonSeat, round?.accusedSeat, round?.caught, lastGuess?.word, lastGuess?.correct, round?.outcome,
    clue.source.knowledge,
  ];
  return cells.map(csvCell).join(",") + "\r\n";
}
