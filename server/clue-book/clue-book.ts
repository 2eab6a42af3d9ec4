/**
 * The clue book (data/clue-book.json): clues people would say for every word of the deck, in the
 * card's sense, written by hand card by card (data/README.md, "The clue book"). The bots read it; the
 * judges never do, so that a judge does not grade the bot with the bot's own knowledge.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { REPO_ROOT } from "../dataset/paths";

export const DEFAULT_CLUE_BOOK_PATH = resolve(REPO_ROOT, "data/clue-book.json");

/** How readily a clue names its secret: see data/README.md for the three grades. */
export const CLUE_GRADES = ["obvious", "telling", "subtle"] as const;
export type ClueGrade = (typeof CLUE_GRADES)[number];

export interface BookClue {
  clue: string;
  grade: ClueGrade;
  /** Other words of the same card a listener could take the clue for. */
  alsoFits: string[];
  /** What blind listeners heard (optional): of `of` listeners who heard the clue alone, the card in view and the secret unknown, `first` named the secret first and `alone` named it with no other word in mind. */
  heard?: HeardClue;
}

export interface HeardClue {
  of: number;
  first: number;
  alone: number;
}

export interface ClueBook {
  version: number;
  /** category → secret → clues. */
  cards: Record<string, Record<string, BookClue[]>>;
}

const heardSchema = z
  .strictObject({ of: z.number().int().positive(), first: z.number().int().nonnegative(), alone: z.number().int().nonnegative() })
  .refine((h) => h.alone <= h.first && h.first <= h.of, { message: "heard needs alone ≤ first ≤ of" });

const bookClueSchema = z.strictObject({
  clue: z.string().min(1),
  grade: z.enum(CLUE_GRADES),
  alsoFits: z.array(z.string().min(1)),
  heard: heardSchema.optional(),
});

export const clueBookSchema = z.strictObject({
  version: z.number().int().positive(),
  cards: z.record(z.string().min(1), z.record(z.string().min(1), z.array(bookClueSchema))),
});

/** Parses a clue book's JSON text; throws one clear line naming the file and the first fault. */
export function parseClueBook(text: string, path: string): ClueBook {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`clue book ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = clueBookSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? issue.path.join(".") : "top level";
    throw new Error(`clue book ${path} is invalid at ${where}: ${issue.message}`);
  }
  return parsed.data;
}

/** The clue book at `path` (default data/clue-book.json). */
export function loadClueBook(path: string = DEFAULT_CLUE_BOOK_PATH): ClueBook {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new Error(`cannot read clue book ${path}: ${reason}`);
  }
  return parseClueBook(text, path);
}
