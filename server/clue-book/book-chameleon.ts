/**
 * The chameleon bot with the clue book: it reads the clues heard against every grid word's book (alsoFits
 * included: table-reading.ts), bluffs with a book clue that the likely secrets' players would find honest, and
 * guesses from the overlap. A normal chameleon believes the clues only in part and pretends about one word it
 * draws from that belief, so it misreads some rounds and can be caught; a hard one reads more sharply and hedges
 * over every likely word; an easy one reads the table loosely and names any word's clue.
 */
import { countClueWords } from "../../shared/game/clue-validation";
import { DEFAULT_BOT_LEVEL, type BotLevel } from "../../shared/game/types";
import { drawWeighted, type Rng } from "../../shared/random";
import type { CardBook, CardClue } from "./card-index";
import { repeatsSaid } from "./clue-match";
import { entryFit, tableBelief, type UnknownClueReader } from "./table-reading";

/**
 * How much of the clues' evidence a chameleon believes, in all, as fit^(evidence / clues heard), at most 1 a clue:
 * an easy or normal one reads the table's consensus (the clues' mean fit) rather than their product, so it does not
 * grow sure of the secret as a big table's clues pile up, and misreads, bluffs wide and misses more often. A hard one
 * reads the same consensus more sharply.
 */
export const BOOK_EVIDENCE: Record<BotLevel, number> = { easy: 0.4, normal: 0.7, hard: 2.5 };
/** How many of the best bluffs a chameleon draws among, so that it is not predictable. */
const BLUFF_CHOICES = 3;

export interface BookBluffRequest {
  card: CardBook;
  /** The others' clues so far, in order. */
  earlier: readonly string[];
  avoid?: readonly string[];
  maxClueWords: number;
  level?: BotLevel;
  rng: Rng;
  unknown?: UnknownClueReader;
}

/** The chameleon's belief over the grid words, read at its level. */
export function chameleonBelief(card: CardBook, clues: readonly string[], level: BotLevel = DEFAULT_BOT_LEVEL, unknown?: UnknownClueReader): number[] {
  return tableBelief(card, clues, unknown, Math.min(1, BOOK_EVIDENCE[level] / Math.max(1, clues.length)));
}

/** How suspicious a book clue would look, on average over the secrets the chameleon believes likely: E[−log fit(secret)]. */
function expectedMisfit(card: CardBook, entry: CardClue, belief: readonly number[]): number {
  const fit = entryFit(card, { entry, closeness: "same" });
  return belief.reduce((sum, b, i) => sum - b * Math.log(fit[i]), 0);
}

/** The bluff, or undefined when no book clue can be said here. */
export function bookBluff(request: BookBluffRequest): CardClue | undefined {
  const { card, rng } = request;
  const level = request.level ?? DEFAULT_BOT_LEVEL;
  const said = [...request.earlier, ...(request.avoid ?? [])];
  const sayable = card.entries.filter((entry) => countClueWords(entry.text) <= request.maxClueWords && !repeatsSaid(entry.text, said));
  if (sayable.length === 0) return undefined;
  const belief = chameleonBelief(card, request.earlier, level, request.unknown);
  let pool = sayable;
  if (level !== "hard") {
    // Pretend: take one word for the secret, drawn from the belief, and say something that fits it.
    const believed = card.words[drawWeighted(belief, rng)];
    const fitting = sayable.filter((entry) => entry.holder === believed || (level === "normal" && entry.alsoFits.includes(believed)));
    if (fitting.length > 0) pool = fitting;
    // An easy chameleon says any clue of the word it believes.
    if (level === "easy") return pool[rng.int(pool.length)];
  }
  const ranked = pool.map((entry) => ({ entry, misfit: expectedMisfit(card, entry, belief) })).sort((a, b) => a.misfit - b.misfit);
  const top = ranked.slice(0, BLUFF_CHOICES);
  return top[rng.int(top.length)].entry;
}

/** The chameleon's guess among `options` once caught: drawn from its belief, or the likeliest without an rng. */
export function bookGuess(card: CardBook, clues: readonly string[], options: readonly string[], level: BotLevel = DEFAULT_BOT_LEVEL, rng?: Rng, unknown?: UnknownClueReader): string {
  const belief = chameleonBelief(card, clues, level, unknown);
  const weights = options.map((word) => belief[card.words.indexOf(word)] ?? 0);
  if (!rng) return options[weights.indexOf(Math.max(...weights))];
  return options[drawWeighted(weights.some((w) => w > 0) ? weights : options.map(() => 1), rng)];
}
