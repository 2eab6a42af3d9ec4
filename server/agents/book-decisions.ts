/**
 * The bots' decisions from the clue book (server/clue-book/), for the cards and words it covers. Each returns
 * undefined where the book cannot decide (a custom card, a word the book lacks, no book clue left to say), and
 * the lexical brain then decides as before. Clues the book knows nothing like (a human's own words) are read by
 * their nearness to each word's book clues (vector-reading.ts) and by the lexical model, the better of the two.
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

/** How far above chance (×) the lexical judge must put a word for a clue to fit it fully: as its fitToSecret's FULL_LIFT. */
const FULL_LIFT = 3;

/**
 * A clue the book does not know, read by everything the lexical model knows: P(w | clue) × words / FULL_LIFT, at most
 * 1, so a clue it reads as about a word fits that word, and a vague one (near chance everywhere) fits none well.
 */
const lexicalReading =
  (category: string, words: readonly string[]): UnknownClueReader =>
  (clue) => {
    const p = chameleonReader("hard").chameleonJudgement({ category, options: [...words], clues: [clue] }).probabilities;
    return p.map((x) => Math.max(0.05, Math.min(1, (x * words.length) / FULL_LIFT)));
  };

const similarity = (a: string, b: string) => getWordVectors().cosine(a, b);

/**
 * A clue the book does not hold: each word's better fit of two readings, its nearness to the word's book clues and
 * the lexical model's, so that a person's own fair clue is trusted when either knows it (a seat giving the lexical
 * model's plain clues was accused in 27% of 4-seat rounds with the nearness alone, 17% with both; 150 tables).
 */
function unknownReading(card: CardBook, category: string, words: readonly string[]): UnknownClueReader {
  const near = vectorReader(card, similarity);
  const lexical = lexicalReading(category, words);
  // One decision reads a clue once: a vote rereads the clues before each clue it weighs.
  const read = new Map<string, readonly number[] | null>();
  return (clue) => {
    let fit = read.get(clue);
    if (fit === undefined) {
      const byNearness = near(clue);
      const byModel = lexical(clue);
      fit = !byNearness ? byModel : byModel ? byNearness.map((f, i) => Math.max(f, byModel[i])) : byNearness;
      read.set(clue, fit);
    }
    return fit;
  };
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
