/**
 * A seat that clues like a person, for bench:self-play: an informed player who says one of the secret's telling
 * clues from the clue book, drawn at random (not said already, legal on the grid under the room's limit). It
 * shows whether the bots accuse an honest human: its clue is what people say, not what the bots would choose.
 * Its variant "own" says words of its own instead, which the book seldom holds: the lexical model's plainest clue
 * (what most people associate with the secret, as an easy bot chooses it), as a stand-in for a person's own words.
 */
import type { Rng } from "../../shared/random";
import type { ClueBook } from "../clue-book/clue-book";
import { cardBookFor } from "../clue-book/card-index";
import { sayableClues } from "../clue-book/book-clue";
import { scoredLexicalClues } from "../lexicon/lexical-clue";
import { clueViolation } from "../../shared/game/clue-validation";

/** A random telling book clue of the secret (any sayable book clue when no telling one is left), or undefined when the book has none. */
export function humanLikeClue(book: ClueBook, category: string, words: readonly string[], secret: string, said: readonly string[], maxClueWords: number, rng: Rng): string | undefined {
  const card = cardBookFor(book, category, words);
  if (!card?.has(secret)) return undefined;
  const sayable = sayableClues(card, secret, said, maxClueWords);
  const telling = sayable.filter((entry) => entry.grade === "telling");
  const pool = telling.length > 0 ? telling : sayable;
  return pool.length > 0 ? pool[rng.int(pool.length)].text : undefined;
}

/** The lexical model's plainest clue for the secret (an easy bot's first choice), legal and not said; undefined when it has none. */
export function ownWordsClue(category: string, words: readonly string[], secret: string, said: readonly string[], maxClueWords: number): string | undefined {
  return scoredLexicalClues({ category, words, secret, avoid: said, level: "easy" }).find((c) => !clueViolation(c.text, words, maxClueWords))?.text;
}
