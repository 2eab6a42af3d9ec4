/**
 * What the clue book must hold, checked against the dataset: every instance covered, enough clues of
 * each grade, every clue legal for its card by the game's own clue rule, nothing offensive, no clue
 * twice for one secret, and alsoFits naming only other words of the same card. It checks form, not
 * sense: sense is for the writers and reviewers (data/README.md).
 */
import { clueViolation, normalizeForComparison } from "../../shared/game/clue-validation";
import type { Dataset } from "../../shared/sneak/types";
import { isOffensive } from "../lexicon/offensive-words";
import type { WordNet } from "../lexicon/types";
import { CLUE_GRADES, type ClueBook, type ClueGrade } from "./clue-book";

/** A clue in the book is one or two words: what a player says at the table. */
export const MAX_BOOK_CLUE_WORDS = 2;
export const MIN_CLUES_PER_SECRET = 8;
export const MIN_TELLING_PER_SECRET = 3;
export const MIN_SUBTLE_PER_SECRET = 2;
/** A subtle clue hides the secret among one to three other words of the card. */
export const SUBTLE_ALSO_FITS = { min: 1, max: 3 } as const;
/** A telling clue narrows to a few words: at most three others. */
export const TELLING_MAX_ALSO_FITS = 3;

export interface BookCounts {
  categories: number;
  secrets: number;
  clues: number;
  byGrade: Record<ClueGrade, number>;
  minCluesPerSecret: number;
}

export interface BookCheck {
  problems: string[];
  counts: BookCounts;
}

export interface CheckOptions {
  /** Check only the categories the book holds (a writer's part), not coverage of the whole dataset. */
  partial?: boolean;
}

function checkSecret(category: string, secret: string, words: readonly string[], clues: ClueBook["cards"][string][string], wordNet: WordNet, problems: string[]): void {
  const where = `${category}/${secret}`;
  const seen = new Set<string>();
  const byGrade = { obvious: 0, telling: 0, subtle: 0 };
  for (const entry of clues) {
    const at = `${where} "${entry.clue}"`;
    byGrade[entry.grade]++;
    const key = normalizeForComparison(entry.clue);
    if (seen.has(key)) problems.push(`${at}: repeated for this secret`);
    seen.add(key);
    const violation = clueViolation(entry.clue, words, MAX_BOOK_CLUE_WORDS);
    if (violation) problems.push(`${at}: illegal on its card (${violation.message})`);
    if (key === normalizeForComparison(category)) problems.push(`${at}: is the card's own name`);
    if (isOffensive(entry.clue, wordNet)) problems.push(`${at}: offensive`);
    const others = new Set<string>();
    for (const word of entry.alsoFits) {
      if (word === secret) problems.push(`${at}: alsoFits names the secret itself`);
      else if (!words.includes(word)) problems.push(`${at}: alsoFits "${word}" is not on the card`);
      if (others.has(word)) problems.push(`${at}: alsoFits repeats "${word}"`);
      others.add(word);
    }
    const fits = entry.alsoFits.length;
    if (entry.grade === "obvious" && fits > 0) problems.push(`${at}: obvious but alsoFits ${fits} other words`);
    if (entry.grade === "telling" && fits > TELLING_MAX_ALSO_FITS) problems.push(`${at}: telling but alsoFits ${fits} other words (at most ${TELLING_MAX_ALSO_FITS})`);
    if (entry.grade === "subtle" && (fits < SUBTLE_ALSO_FITS.min || fits > SUBTLE_ALSO_FITS.max)) {
      problems.push(`${at}: subtle needs ${SUBTLE_ALSO_FITS.min}–${SUBTLE_ALSO_FITS.max} other words in alsoFits, has ${fits}`);
    }
  }
  if (clues.length < MIN_CLUES_PER_SECRET) problems.push(`${where}: ${clues.length} clues (at least ${MIN_CLUES_PER_SECRET})`);
  if (byGrade.telling < MIN_TELLING_PER_SECRET) problems.push(`${where}: ${byGrade.telling} telling clues (at least ${MIN_TELLING_PER_SECRET})`);
  if (byGrade.subtle < MIN_SUBTLE_PER_SECRET) problems.push(`${where}: ${byGrade.subtle} subtle clues (at least ${MIN_SUBTLE_PER_SECRET})`);
}

/** Every problem the book has against the dataset (an empty list when it passes), and its counts. */
export function checkClueBook(book: ClueBook, dataset: Dataset, wordNet: WordNet, options: CheckOptions = {}): BookCheck {
  const problems: string[] = [];
  const counts: BookCounts = { categories: 0, secrets: 0, clues: 0, byGrade: { obvious: 0, telling: 0, subtle: 0 }, minCluesPerSecret: Infinity };
  const categories = new Map(dataset.categories.map((entry) => [entry.category, entry.words]));
  for (const [category, secrets] of Object.entries(book.cards)) {
    const words = categories.get(category);
    if (!words) {
      problems.push(`${category}: not a category of the dataset`);
      continue;
    }
    counts.categories++;
    for (const [secret, clues] of Object.entries(secrets)) {
      if (!words.includes(secret)) {
        problems.push(`${category}/${secret}: not a word of this card`);
        continue;
      }
      counts.secrets++;
      counts.clues += clues.length;
      counts.minCluesPerSecret = Math.min(counts.minCluesPerSecret, clues.length);
      for (const entry of clues) counts.byGrade[entry.grade]++;
      checkSecret(category, secret, words, clues, wordNet, problems);
    }
  }
  const wanted = options.partial ? dataset.categories.filter((entry) => entry.category in book.cards) : dataset.categories;
  for (const entry of wanted) {
    const secrets = book.cards[entry.category];
    if (!secrets) problems.push(`${entry.category}: no card in the book`);
    else for (const word of entry.words) if (!(word in secrets)) problems.push(`${entry.category}/${word}: missing`);
  }
  if (counts.secrets === 0) counts.minCluesPerSecret = 0;
  return { problems, counts };
}

/** The counts as data/README.md prints them. */
export function describeCounts(counts: BookCounts): string {
  const grades = CLUE_GRADES.map((grade) => `${counts.byGrade[grade]} ${grade}`).join(", ");
  return `${counts.categories} cards, ${counts.secrets} secrets, ${counts.clues} clues (${grades}); at least ${counts.minCluesPerSecret} clues a secret`;
}
