/**
 * A clue the book does not hold, read by how close it is to what the book says of each grid word: the word
 * itself and its book clues, compared as word vectors (the nearest one counts). A person's own clue ("juicy" for
 * orange) is then read as the word whose book it sits nearest ("juice", "zest"), and a clue near nothing the book
 * says of any word (a vague "common", another sense's "province" for labrador) fits every word poorly, so the
 * table neither learns from it nor trusts it. The book stays people's knowledge; the vectors only measure nearness.
 */
import type { CardBook } from "./card-index";
import type { UnknownClueReader } from "./table-reading";

/** Cosine of two words or phrases, or null when either is unknown (WordVectors.cosine). */
export type Similarity = (a: string, b: string) => number | null;

/** How far (in cosine) a word may sit below the nearest and keep e^−1 of its fit. */
export const NEARNESS_SCALE = 0.2;
/** The cosine from which a clue counts as fully near a word's book: below it, its fit falls in proportion. */
export const NEAR_ENOUGH = 0.3;
/** The least fit a word keeps, so that one odd reading never rules a word out. */
export const MIN_FIT = 0.05;

/** The reader for one card: fit per grid word in (0, 1], or null when no similarity is known for the clue. */
export function vectorReader(card: CardBook, similarity: Similarity): UnknownClueReader {
  return (clue) => {
    const near = card.words.map((word) => {
      let best = similarity(clue, word);
      for (const entry of card.cluesOf(word)) {
        const s = similarity(clue, entry.text);
        if (s !== null && (best === null || s > best)) best = s;
      }
      return best;
    });
    if (near.every((s) => s === null)) return null;
    const values = near.map((s) => s ?? 0);
    const top = Math.max(...values);
    return values.map((s) => Math.max(MIN_FIT, Math.exp((s - top) / NEARNESS_SCALE) * Math.min(1, Math.max(0, s) / NEAR_ENOUGH)));
  };
}
