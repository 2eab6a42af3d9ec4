/**
 * The bots' decisions from the clue book (server/clue-book/), for the cards and words it covers. Each returns
 * undefined where the book cannot decide (a custom card, a word the book lacks, no book clue left to say), and
 * the lexical brain then decides as before. Clues the book knows nothing like (a human's own words) are read by
 * their nearness to each word's book clues (vector-reading.ts), else by the lexical model.
 */
import { DEFAULT_BOT_LEVEL } from "../../shared/game/types";
import { seededRng } from "../../shared/random";
import type { ClueBook, ClueGrade } from "../clue-book/clue-book";
import { cardBookFor, type CardBook } from "../clue-book/card-index";
import { chooseBookClue } from "../clue-book/book-clue";
import { bookBluff, bookGuess } from "../clue-book/book-chameleon";
import { bookSuspects, type BookSuspect } from "../clue-book/book-votes";
import type { UnknownClueReader } from "../clue-book/table-reading";
import { vectorReader } from "../clue-book/vector-reading";
import { getWordVectors } from "../lexicon/vectors/word-vectors";
import { chameleonReader, informedSuspicion } from "../lexicon/lexical-clue";
import type { BotView } from "./agent";
import { roundSeed } from "./round-seed";

export interface BookClue {
  text: string;
  grade: ClueGrade;
}

export interface BookDecisions {
  informedClue(view: BotView & { secret: string }, avoid: readonly string[]): BookClue | undefined;
  chameleonClue(view: BotView, avoid: readonly string[]): BookClue | undefined;
  suspects(view: BotView): BookSuspect[] | undefined;
  guess(view: BotView, options: readonly string[]): string | undefined;
}

/** A clue the book does not know, read by everything the lexical model knows: its fit per word, relative to the best. */
const lexicalReading =
  (category: string, words: readonly string[]): UnknownClueReader =>
  (clue) => {
    const p = chameleonReader("hard").chameleonJudgement({ category, options: [...words], clues: [clue] }).probabilities;
    const top = Math.max(...p);
    // The square root: the lexical model's reading is less sure than a person's, so it moves the belief less.
    return top > 0 ? p.map((x) => Math.max(0.05, Math.sqrt(x / top))) : null;
  };

const similarity = (a: string, b: string) => getWordVectors().cosine(a, b);

/** A clue the book does not hold: by its nearness to each word's book clues, else (no vector for it) by the lexical model. */
function unknownReading(card: CardBook, category: string, words: readonly string[]): UnknownClueReader {
  const near = vectorReader(card, similarity);
  const lexical = lexicalReading(category, words);
  return (clue) => near(clue) ?? lexical(clue);
}

export function bookDecisions(book: ClueBook): BookDecisions {
  const cardOf = (view: BotView, words: readonly string[] = view.words): CardBook | undefined => (words.length === 0 ? undefined : cardBookFor(book, view.category, words));
  const others = (view: BotView) => view.clues.filter((c) => c.playerId !== view.playerId).map((c) => c.text);
  return {
    informedClue(view, avoid) {
      const card = cardOf(view);
      if (!card?.has(view.secret)) return undefined;
      const choice = chooseBookClue({
        card,
        secret: view.secret,
        said: view.clues.map((c) => ({ text: c.text, byOther: c.playerId !== view.playerId })),
        avoid,
        maxClueWords: view.maxClueWords,
        level: view.level,
        rng: seededRng(`${view.seed}/book`),
        unknown: unknownReading(card, view.category, view.words),
      });
      return choice && { text: choice.entry.text, grade: choice.entry.grade };
    },
    chameleonClue(view, avoid) {
      const card = cardOf(view);
      if (!card?.coversGrid) return undefined;
      const entry = bookBluff({ card, earlier: others(view), avoid, maxClueWords: view.maxClueWords, level: view.level, rng: seededRng(`${view.seed}/book-bluff`), unknown: unknownReading(card, view.category, view.words) });
      return entry && { text: entry.text, grade: entry.grade };
    },
    suspects(view) {
      const card = cardOf(view);
      if (!card) return undefined;
      const secret = view.secret;
      if (secret === null ? !card.coversGrid : !card.has(secret)) return undefined;
      return bookSuspects({
        card,
        secret,
        clues: view.clues.map((c) => ({ playerId: c.playerId, clue: c.text })),
        self: view.playerId,
        unknownSuspicion: secret === null ? undefined : (clue, before) => informedSuspicion(view.category, view.words, secret, before, clue),
        unknown: unknownReading(card, view.category, view.words),
      });
    },
    guess(view, options) {
      const card = cardOf(view, options);
      if (!card?.coversGrid) return undefined;
      const level = view.level ?? DEFAULT_BOT_LEVEL;
      return bookGuess(card, others(view), options, level, seededRng(`${roundSeed(view.seed)}/book-guess`), unknownReading(card, view.category, options));
    },
  };
}
