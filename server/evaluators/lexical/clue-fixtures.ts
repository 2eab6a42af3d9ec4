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

/** Most words a grid given in a clue file may have, and most decoys. */
const MAX_GRID_WORDS = 50;
const MAX_DECOYS = 20;

/**
 * A clue set from elsewhere: `split` may be left out, for no fit has read it (it counts as held-out), and
 * other fields (a model's name, an id) are ignored. A line may bring its own grid (`words`, with the secret
 * among them) and the ally's `decoys`, so that clues on grids other than the dataset's can be measured.
 */
const externalSchema = z.object({
  ...fixtureSchema.shape,
  split: z.enum(SPLITS).default("heldout"),
  words: z.array(z.string().trim().min(1)).min(2).max(MAX_GRID_WORDS).optional(),
  decoys: z.array(z.string().trim().min(1)).min(1).max(MAX_DECOYS).optional(),
});

export type ClueFixture = z.infer<typeof fixtureSchema> & { words?: string[]; decoys?: string[] };

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

function readClueLines(path: string, schema: z.ZodType<ClueFixture, unknown>): ClueFixture[] {
  const parse = (json: unknown, where: string): ClueFixture => {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`${where}: ${parsed.error.issues[0].path.join(".") || "line"}: ${parsed.error.issues[0].message}`);
    return parsed.data;
  };
  const text = readFileSync(path, "utf8").replace(/^\uFEFF/, "");
  // A JSON array of the same objects is read too, as some tools write one.
  if (text.trimStart().startsWith("[")) {
    let items: unknown;
    try {
      items = JSON.parse(text);
    } catch {
      throw new Error(`${path}: not a valid JSON array (or JSON lines)`);
    }
    if (!Array.isArray(items)) throw new Error(`${path}: not a valid JSON array (or JSON lines)`);
    return items.map((item, i) => parse(item, `${path}: item ${i + 1}`));
  }
  const rows: ClueFixture[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new Error(`${path}:${i + 1}: not valid JSON`);
    }
    rows.push(parse(json, `${path}:${i + 1}`));
  });
  return rows;
}

/** Every clue set's tuning rows: the only fixtures a fit may read. */
export function tuningFixtures(): ClueFixture[] {
  return CLUE_SETS.flatMap((set) => readClueFixtures(set)).filter((f) => f.split === "tune");
}
