/**
 * The category production norms. The OSF v1 CSV has one row per (category, response) pair that
 * at least two participants produced, with the pair's production frequency and mean output rank
 * already aggregated. A per-participant export (the same columns, one row per participant
 * response, pairs repeated) is read too: then merged words count distinct participants.
 */
import { z } from "zod";
import { parseCsv } from "./csv";

export interface NormRow {
  category: string;
  response: string;
  /** How many participants named this response. */
  frequency: number;
  /** Mean output position among those participants (1 = named first). */
  meanRank: number;
  /** The `Participant` column, when present. */
  participant?: string;
  /** The `Rank` column (this participant's output position), when present and numeric. */
  rank?: number;
}

/** True for a per-participant file: some (category, response) pair has more than one row. */
export function isPerParticipant(rows: readonly NormRow[]): boolean {
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.category}\u0000${row.response}`;
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

const REQUIRED_COLUMNS = ["Category", "Response", "Production.frequency", "Mean.rank"] as const;

/** Lower case, single spaces: the norms were typed by hand. */
const phrase = (label: string) =>
  z
    .string(`missing ${label}`)
    .transform((text) => text.trim().toLowerCase().replace(/\s+/g, " "))
    .pipe(z.string().min(1, `empty ${label}`));

const rowSchema = z.object({
  category: phrase("Category"),
  response: phrase("Response"),
  frequency: z.coerce.number("Production.frequency is not a number").int("Production.frequency is not an integer").positive("Production.frequency must be positive"),
  meanRank: z.coerce.number("Mean.rank is not a number").min(1, "Mean.rank must be at least 1"),
});

/** Parses and validates the CSV; throws one clear line naming the row and column at fault. */
export function readNormRows(csvText: string): NormRow[] {
  const [header, ...body] = parseCsv(csvText);
  if (!header) throw new Error("the norms CSV is empty");
  const column = Object.fromEntries(
    REQUIRED_COLUMNS.map((name) => {
      const index = header.indexOf(name);
      if (index < 0) throw new Error(`the norms CSV has no "${name}" column (found: ${header.join(", ")})`);
      return [name, index];
    }),
  ) as Record<(typeof REQUIRED_COLUMNS)[number], number>;
  const participantColumn = header.indexOf("Participant");
  const rankColumn = header.indexOf("Rank");
  const rows: NormRow[] = [];
  body.forEach((cells, i) => {
    if (cells.length === 1 && cells[0] === "") return;
    const parsed = rowSchema.safeParse({
      category: cells[column.Category],
      response: cells[column.Response],
      frequency: cells[column["Production.frequency"]],
      meanRank: cells[column["Mean.rank"]],
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`norms CSV line ${i + 2}: ${issue.path.join(".") || "row"}: ${issue.message}`);
    }
    const row: NormRow = parsed.data;
    const participant = participantColumn >= 0 ? cells[participantColumn]?.trim() : undefined;
    if (participant) row.participant = participant;
    const rank = rankColumn >= 0 ? Number(cells[rankColumn]) : NaN;
    if (Number.isFinite(rank) && rank >= 1) row.rank = rank;
    rows.push(row);
  });
  return rows;
}
