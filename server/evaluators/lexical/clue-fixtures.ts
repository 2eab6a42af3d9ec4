/**
 * The hand-written clue sets that measure the lexical judge (test/fixtures/clues/*.jsonl): one
 * line per clue, {category, secret, clue, split}. Written by people, never derived from WordNet.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const CLUE_SETS = ["synonym", "associative"] as const;
export type ClueSet = (typeof CLUE_SETS)[number];
export const SPLITS = ["tune", "heldout"] as const;
export type Split = (typeof SPLITS)[number];

const fixtureSchema = z.strictObject({
  category: z.string().min(1),
  secret: z.string().min(1),
  clue: z.string().min(1),
  split: z.enum(SPLITS),
});

export type ClueFixture = z.infer<typeof fixtureSchema>;

export function clueFixturePath(set: ClueSet): string {
  return fileURLToPath(new URL(`../../../test/fixtures/clues/${set}.jsonl`, import.meta.url));
}

/** Reads and validates one set; throws one line naming the file and line at fault. */
export function readClueFixtures(set: ClueSet, path: string = clueFixturePath(set)): ClueFixture[] {
  const rows: ClueFixture[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "") return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new Error(`${path}:${i + 1}: not valid JSON`);
      }
      const parsed = fixtureSchema.safeParse(json);
      if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.issues[0].path.join(".") || "line"}: ${parsed.error.issues[0].message}`);
      rows.push(parsed.data);
    });
  return rows;
}

/** Every clue set's tuning rows: the only fixtures a fit may read. */
export function tuningFixtures(): ClueFixture[] {
  return CLUE_SETS.flatMap((set) => readClueFixtures(set)).filter((f) => f.split === "tune");
}
