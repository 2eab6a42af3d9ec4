/**
 * A seat that clues like a person, for bench:self-play: an informed player who says one of the secret's telling
 * clues from the clue book, drawn at random (not said already, legal on the grid under the room's limit). It
 * shows whether the bots accuse an honest human: its clue is what people say, not what the bots would choose.
 */
import type { Rng } from "../../shared/random";
import type { ClueBook } from "../clue-book/clue-book";
import { cardBookFor } from "../clue-book/card-index";
import { sayableClues } from "../clue-book/book-clue";

/** A random telling book clue of the secret (any sayable book clue when no telling one is left), or undefined when the book has none. */
export function humanLikeClue(book: ClueBook, category: string, words: readonly string[], secret: string, said: readonly string[], maxClueWords: number, rng: Rng): string | undefined {
  const card = cardBookFor(book, category, words);
  if (!card?.has(secret)) return undefined;
  const sayable = sayableClues(card, secret, said, maxClueWords);
  const telling = sayable.filter((entry) => entry.grade === "telling");
  const pool = telling.length > 0 ? telling : sayable;
  return pool.length > 0 ? pool[rng.int(pool.length)].text : undefined;
}
