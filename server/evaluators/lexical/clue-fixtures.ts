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

/** A clue set from elsewhere: `split` may be left out, for no fit has read it (it counts as held-out). */
const externalSchema = fixtureSchema.extend({ split: z.enum(SPLITS).default("heldout") });

export type ClueFixture = z.infer<typeof fixtureSchema>;

export function clueFixturePath(set: ClueSet): string {
  return fileURLToPath(new URL(`../../../test/fixtures/clues/${set}.jsonl`, import.meta.url));
}

/** Reads and validates one set; throws one line naming the file and line at fault. */
export function readClueFixtures(set: ClueSet, path: string = clueFixturePath(set)): ClueFixture[] {
  return readClueLines(path, fixtureSchema);
}

/** Any clue file in the same format (`npm run bench:evaluator -- --clues FILE`), `split` optional (default heldout). */
export function readClueFile(path: string): ClueFixture[] {
  return readClueLines(path, externalSchema);
}

function readClueLines(path: string, schema: typeof fixtureSchema | typeof externalSchema): ClueFixture[] {
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
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.issues[0].path.join(".") || "line"}: ${parsed.error.issues[0].message}`);
      rows.push(parsed.data);
    });
  return rows;
}

/** Every clue set's tuning rows: the only fixtures a fit may read. */
export function tuningFixtures(): ClueFixture[] {
  return CLUE_SETS.flatMap((set) => readClueFixtures(set)).filter((f) => f.split === "tune");
}
