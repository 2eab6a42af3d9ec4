/**
 * What the clues said so far point at, read from the clue book as a person at the table reads them: a clue the
 * book holds for a word says that word, and the words its alsoFits names nearly as much; the other words less,
 * the less the plainer the clue's grade (an obvious clue rules them out, a subtle one hardly). Clues the book
 * knows nothing like are read by a fallback (the lexical model), or not at all.
 */
import type { ClueGrade } from "./clue-book";
import type { CardBook, ClueMatch } from "./card-index";

/** How well a book clue fits a grid word it neither belongs to nor lists in alsoFits, by grade. */
export const OFF_CARD_FIT: Record<ClueGrade, number> = { obvious: 0.03, telling: 0.1, subtle: 0.2 };
/** How well a clue fits a word its alsoFits names (its holder: 1). */
export const ALSO_FITS_FIT = 0.75;
/** A heard clue that only shares a word with a book clue counts for this share of the book clue's evidence. */
export const NEAR_SHARE = 0.5;

/** A reading of a clue the book does not know: a fit in (0, 1] per grid word, or null when it tells nothing. */
export type UnknownClueReader = (clue: string) => readonly number[] | null;

/** A book clue's fit to each grid word, in grid order. */
export function entryFit(card: CardBook, match: ClueMatch): number[] {
  const { entry, closeness } = match;
  const share = closeness === "same" ? 1 : NEAR_SHARE;
  return card.words.map((word) => {
    const full = word === entry.holder ? 1 : entry.alsoFits.includes(word) ? ALSO_FITS_FIT : OFF_CARD_FIT[entry.grade];
    return 1 - share * (1 - full);
  });
}

/**
 * How well a heard clue fits each grid word, in grid order: the best reading over the book clues it matches
 * (a clue two books hold fits both words), same-form matches before near ones; null when the book holds nothing like it.
 */
export function bookFit(card: CardBook, clue: string): number[] | null {
  const matches = card.matching(clue);
  if (matches.length === 0) return null;
  const closest = matches.some((m) => m.closeness === "same") ? matches.filter((m) => m.closeness === "same") : matches;
  const fit = card.words.map(() => 0);
  for (const match of closest) entryFit(card, match).forEach((f, i) => (fit[i] = Math.max(fit[i], f)));
  return fit;
}

/** A clue's fit per grid word: the book's, else the fallback's, else null (it tells nothing). */
export function clueFit(card: CardBook, clue: string, unknown?: UnknownClueReader): readonly number[] | null {
  return bookFit(card, clue) ?? unknown?.(clue) ?? null;
}

/**
 * A listener's belief over the grid words given the clues (uniform before any): the product of each clue's fit,
 * normalised. `evidence` (≤ 1) is how much of that fit the listener believes, as fit^evidence: a listener who
 * trusts the clues only in part misreads more often.
 */
export function tableBelief(card: CardBook, clues: readonly string[], unknown?: UnknownClueReader, evidence = 1): number[] {
  const belief = card.words.map(() => 1);
  for (const clue of clues) {
    const fit = clueFit(card, clue, unknown);
    if (!fit) continue;
    fit.forEach((f, i) => (belief[i] *= Math.max(f, 1e-6) ** evidence));
  }
  const total = belief.reduce((a, b) => a + b, 0);
  return belief.map((b) => b / total);
}

/** The belief after one more clue, from a belief already read (cheaper than rereading every clue). */
export function beliefWith(card: CardBook, belief: readonly number[], clue: string, unknown?: UnknownClueReader): number[] {
  const fit = clueFit(card, clue, unknown);
  if (!fit) return [...belief];
  const next = belief.map((b, i) => b * Math.max(fit[i], 1e-6));
  const total = next.reduce((a, b) => a + b, 0);
  return next.map((b) => b / total);
}
