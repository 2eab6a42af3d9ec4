/**
 * An informed bot's clue from the clue book, chosen by the table: never a clue said already or a form of one,
 * always legal on the live grid under the room's word limit; weighed by the level's taste in grades and by what a
 * chameleon could name after it (the book's reading of every clue so far with this one: table-reading.ts). Once
 * the table has told the secret (someone else's obvious or telling clue, or the clues together point at it), a
 * subtle clue is enough and a plain one would give the word away. Drawn at random by weight, seeded, so that a
 * round does not always hear the same clue.
 */
import { countClueWords } from "../../shared/game/clue-validation";
import { DEFAULT_BOT_LEVEL, type BotLevel } from "../../shared/game/types";
import { drawWeighted, type Rng } from "../../shared/random";
import type { ClueGrade } from "./clue-book";
import type { CardBook, CardClue } from "./card-index";
import { repeatsSaid } from "./clue-match";
import { beliefWith, tableBelief, type UnknownClueReader } from "./table-reading";

/**
 * How much each level likes each grade, before the table has told the secret and after. An obvious clue gives the
 * word away, so normal and hard bots never open with one while another clue is left (one in a hundred normal
 * openings was obvious at 0.05, and judges count each as a give-away).
 */
export const GRADE_TASTE: Record<BotLevel, Record<"open" | "told", Record<ClueGrade, number>>> = {
  easy: { open: { obvious: 1, telling: 1, subtle: 0.2 }, told: { obvious: 0.2, telling: 1, subtle: 0.5 } },
  normal: { open: { obvious: 0, telling: 1, subtle: 0.7 }, told: { obvious: 0, telling: 0.25, subtle: 1 } },
  hard: { open: { obvious: 0, telling: 0.3, subtle: 1 }, told: { obvious: 0, telling: 0.05, subtle: 1 } },
};
/**
 * How much a level likes, while the table has not yet told the secret, a clue whose alsoFits is empty: it fits
 * the secret alone on this card, so a chameleon who knows the link names the word ("Pinocchio" for nose). Most
 * such telling clues are ones both blind listeners named the secret from at once, kept telling only so that a
 * secret has three (data/README.md); as an opening they give the word away.
 */
export const LONE_CLUE_TASTE: Record<BotLevel, number> = { easy: 1, normal: 0.05, hard: 0.03 };
/**
 * How much a level likes, while the table has not yet told the secret, a clue by what blind listeners heard
 * (the book's `heard`, data/README.md): `giveaway` when every listener named the secret from it at once and
 * alone, `elsewhere` when none named the secret first (it points at another word). A good opening is one the
 * secret's players recognise and a chameleon still hesitates over; a clue nobody listened to counts as one.
 */
export const HEARD_TASTE: Record<BotLevel, { giveaway: number; elsewhere: number }> = {
  easy: { giveaway: 1, elsewhere: 1 },
  normal: { giveaway: 0.05, elsewhere: 0.2 },
  hard: { giveaway: 0.03, elsewhere: 0.5 },
};

/** The level's taste for an opening clue by what listeners heard of it (1 when unheard). */
export function heardTaste(entry: CardClue, level: BotLevel): number {
  const heard = entry.heard;
  if (!heard) return 1;
  if (heard.alone === heard.of) return HEARD_TASTE[level].giveaway;
  if (heard.first === 0) return HEARD_TASTE[level].elsewhere;
  return 1;
}

/** The exponent of (1 − what a chameleon could then name): easy minds the secret little, hard most. */
export const SECRECY: Record<BotLevel, number> = { easy: 0.5, normal: 1, hard: 2 };
/** The chameleon's belief in the secret from which the table counts as having told it. */
export const TOLD_BELIEF = 0.4;

export interface BookClueRequest {
  card: CardBook;
  secret: string;
  /** Every clue said so far this round, in order. */
  said: readonly { text: string; byOther: boolean }[];
  /** Clues not to say (refused this turn, say). */
  avoid?: readonly string[];
  maxClueWords: number;
  level?: BotLevel;
  rng: Rng;
  /** How a chameleon reads a clue the book does not know (a human's own clue, say). */
  unknown?: UnknownClueReader;
}

export interface BookClueChoice {
  entry: CardClue;
  /** What a chameleon who heard every clue so far, and this one, gives the secret. */
  leakage: number;
  told: boolean;
}

/** The secret's book clues this player may still say here: within the room's word limit (the index kept only clues legal on the grid), not said, not a form of one said. */
export function sayableClues(card: CardBook, secret: string, said: readonly string[], maxClueWords: number): CardClue[] {
  return card.cluesOf(secret).filter((entry) => countClueWords(entry.text) <= maxClueWords && !repeatsSaid(entry.text, said));
}

/** Whether another player's clue already told the secret: the book holds it for the secret as obvious or telling. */
function toldByOther(card: CardBook, secret: string, said: BookClueRequest["said"]): boolean {
  return said.some(({ text, byOther }) => byOther && card.matching(text).some((m) => m.closeness === "same" && m.entry.holder === secret && m.entry.grade !== "subtle"));
}

/** The book clue to say, or undefined when the book has none left for this secret here. */
export function chooseBookClue(request: BookClueRequest): BookClueChoice | undefined {
  const { card, secret } = request;
  const index = card.words.indexOf(secret);
  if (index < 0) return undefined;
  const saidTexts = request.said.map((s) => s.text);
  const candidates = sayableClues(card, secret, [...saidTexts, ...(request.avoid ?? [])], request.maxClueWords);
  if (candidates.length === 0) return undefined;
  const level = request.level ?? DEFAULT_BOT_LEVEL;
  const before = tableBelief(card, saidTexts, request.unknown);
  const told = before[index] >= TOLD_BELIEF || toldByOther(card, secret, request.said);
  const taste = GRADE_TASTE[level][told ? "told" : "open"];
  const scored = candidates.map((entry) => {
    const leakage = beliefWith(card, before, entry.text, request.unknown)[index];
    const opening = told ? 1 : (entry.alsoFits.length === 0 ? LONE_CLUE_TASTE[level] : 1) * heardTaste(entry, level);
    return { entry, leakage, weight: taste[entry.grade] * opening * (1 - leakage) ** SECRECY[level] };
  });
  const weights = scored.map((s) => s.weight);
  // Nothing the level likes is left (a hard bot with only obvious clues): the least telling one.
  const pick = weights.some((w) => w > 0) ? scored[drawWeighted(weights, request.rng)] : scored.reduce((a, b) => (b.leakage < a.leakage ? b : a));
  return { entry: pick.entry, leakage: pick.leakage, told };
}
