import type { TieBreaker } from "../../shared/game/types";
import type { MessageScores } from "../../shared/sneak/types";
import type { Knowledge } from "../agents/agent";

/**
 * The SNEAK export format (docs/DATA.md; JSON Schema: docs/schema/sneak-export.schema.json): JSON Lines,
 * one `clue` line per clue of every revealed round, then one `round` line with the round's outcome.
 * A clue line is a SNEAK instance plus its message, so the benchmark's `file:PATH` generator reads it as is.
 * Metrics are fractions in [0, 1], exactly as shared/sneak/metrics.ts computes them (reports ×100).
 */

/** Bumped when a line's fields change in shape or meaning: the JSON Schema pins it, and forbids fields it does not name. */
export const EXPORT_FORMAT_VERSION = 3;

/** One judge's view: the options in the order shown and its distribution over them. */
export interface ExportJudgement {
  options: string[];
  probabilities: number[];
  coverage?: number;
  flags?: string[];
  failure?: string;
}

export interface ClueEvaluation {
  evaluator: string;
  /** The ally shown the secret, this clue and the decoys; null when unavailable (custom card: no decoys). */
  ally: ExportJudgement | null;
  /** The chameleon shown this clue alone. */
  chameleon: ExportJudgement | null;
  /**
   * The chameleon shown the informed players' clues of the round up to and including this one (the
   * chameleon's own clue keeps the view before it; null when no informed clue has been given yet).
   */
  cumulative: ExportJudgement | null;
  /** pAlly, pCham, utility, leakage, softScore, binaryScore; null when a judgement failed or is missing. */
  scores: MessageScores | null;
  /** Leakage of this clue alone, also when utility is unavailable. */
  leakage: number | null;
  /** Leakage of `cumulative`: the chameleon's belief in the secret after the informed clues so far, above chance. */
  cumulativeLeakage: number | null;
  failure?: string;
}

export interface ClueMeans {
  utility: number | null;
  leakage: number | null;
  softScore: number | null;
  binaryScore: number | null;
  cumulativeLeakage: number | null;
}

/** Who wrote a clue. `generator` is the flat label: "human", or "bot:" + the model that wrote it. */
export interface ClueSourceInfo {
  kind: "human" | "bot";
  /** The model that wrote the clue ("lexical", "llm:MODEL"); null for a human. */
  model: string | null;
  /** A fallback: the lexical bot wrote it for a human who timed out or left, or for a failed LLM bot. */
  fallback: boolean;
  /** The seat's own controller (a human seat's fallback clue is still a human seat's). */
  seat: "human" | "bot";
  seatModel: string | null;
  /**
   * Which knowledge the offline (lexical) bot wrote the clue from, also as a fallback: "book" (data/clue-book.json)
   * or "lexical" (the lexical model, for cards and words the book lacks). Null for a human's clue, an LLM's own
   * clue, the last-resort safe word, and games logged before the log recorded it.
   */
  knowledge: Knowledge | null;
}

export interface ClueLine {
  type: "clue";
  format: typeof EXPORT_FORMAT_VERSION;
  /** `LOG/N`: the room's log id and the game's number in it. */
  game: string;
  gameNumber: number;
  round: number;
  turn: number;
  seat: number;
  at: string;
  category: string;
  words: string[];
  secret: string;
  message: string;
  decoys: string[];
  generator: string;
  source: ClueSourceInfo;
  /** The chameleon's bluff: its utility says how well it passed as informed; its leakage means nothing. */
  byChameleon: boolean;
  evaluations: ClueEvaluation[];
  /** Means over the evaluators that succeeded. */
  mean: ClueMeans;
}

export interface RoundLine {
  type: "round";
  format: typeof EXPORT_FORMAT_VERSION;
  game: string;
  gameNumber: number;
  round: number;
  at: string;
  category: string;
  words: string[];
  secret: string;
  chameleonSeat: number;
  dealerSeat: number;
  /** Seat numbers are places in the round's clue order (0 = the dealer); `player` is the server's opaque seat id, stable across rounds. */
  seats: { seat: number; player: string; controller: "human" | "bot"; model: string | null }[];
  /** Each voter's final vote (null: abstained); `knowledge` as a clue's, for a bot's (or the fallback's) vote. */
  votes: { voterSeat: number; targetSeat: number | null; source: string; knowledge: Knowledge | null }[];
  /** null: nobody voted. */
  accusedSeat: number | null;
  tally: Record<string, number>;
  /** How a tied vote was broken: by the dealer, or at random when the dealer's timer ran out. */
  tieBrokenBy: TieBreaker | null;
  caught: boolean;
  /** The chameleon's guesses in order (two in the 3-player variant); `knowledge` as a clue's. */
  guesses: { word: string; correct: boolean; source: string; knowledge: Knowledge | null }[];
  outcome: string;
  points: { seat: number; delta: number; total: number }[];
}

export type ExportLine = ClueLine | RoundLine;
