import type { TieBreaker } from "../../shared/game/types";
import type { Knowledge } from "../agents/agent";

/**
 * What the game log holds. Every record is one append-only row of the `events` table (kind + JSON payload);
 * the research tables (clues, votes, points …) are SQL views over these rows, so nothing is ever updated.
 *
 * A log is one room's life (its `gameId` in the table is the log id): the host may play several games in
 * it, each with its rounds. Two families of records live side by side:
 * - `log-open` + `action`: the reducer's starting state and its actions exactly as applied, in order. With
 *   the room's seed they rebuild the live state after a crash (restore.ts).
 * - everything else: self-describing facts (a deal, a clue, a vote, a guess, points) that stay readable
 *   without the reducer's code, which is what exports and the leaderboard read (state-records.ts derives
 *   them from each change of state).
 */

export type Controller = "human" | "bot";

/** A seat of a round: its place at the table when the round was dealt (0 = first seat). */
export interface SeatInfo {
  seat: number;
  playerId: string;
  controller: Controller;
  /** The bot's profile: "lexical" or "llm:MODEL"; absent for humans. */
  model?: string;
}

export interface LogOpenRecord {
  kind: "log-open";
  roomCode: string;
  /** The room's seed: the reducer's RNG is built from it, so the actions replay every deal. */
  seed: string;
  /** The reducer state the first action applies to (the new table with its host). */
  initialState: unknown;
  evaluators: string[];
}

export interface ActionRecord {
  kind: "action";
  action: unknown;
}

/** Who the server trusts as whom after a restart; never exported. */
export interface SessionRecord {
  kind: "session";
  token: string;
  playerId: string;
  spectator: boolean;
  name: string;
}

/**
 * A player's or spectator's tokens stop working for good (kicked, left, a spectator's grace window passed):
 * every token issued to `playerId` before this record is refused after a restart with the reason. A seat taken
 * back on another device needs no such record: its newer session retires the older ones. Never exported.
 */
export interface SessionEndRecord {
  kind: "session-end";
  playerId: string;
  reason: "kicked" | "left" | "expired";
}

/** A game of the room begins (the host pressed start, or started again). */
export interface GameStartRecord {
  kind: "game-start";
  gameNumber: number;
  settings: unknown;
  seats: SeatInfo[];
}

export interface GameOverRecord {
  kind: "game-over";
  gameNumber: number;
  winnerSeats: number[];
  /** Final scores by seat (seats of the game's last round). */
  points: { seat: number; total: number }[];
  /** True when the host ended the game before anyone reached the target. */
  aborted: boolean;
}

export interface RoundDealtRecord {
  kind: "round-dealt";
  gameNumber: number;
  round: number;
  category: string;
  words: string[];
  secret: string;
  /** The category's decoys (best first) that scoring uses; [] for a custom card. */
  decoys: string[];
  chameleonSeat: number;
  dealerSeat: number;
  seats: SeatInfo[];
}

/** How a move came to be: made by a human, by a bot, or by the fallback bot (a timed-out turn, an absent human, a failed LLM bot). */
export type MoveSource = "human" | "bot" | "fallback";

export interface ClueRecord {
  kind: "clue";
  gameNumber: number;
  round: number;
  /** 0-based position in the round's clue order. */
  turn: number;
  seat: number;
  text: string;
  source: MoveSource;
  /** For bot and fallback clues: the model that wrote it ("lexical" for the WordNet bot). */
  model?: string;
  /** True when the clue was given by the chameleon (a bluff: its leakage means nothing). */
  byChameleon: boolean;
}

export interface VoteRecord {
  kind: "vote";
  gameNumber: number;
  round: number;
  voterSeat: number;
  targetSeat: number | null;
  source: MoveSource;
}

export interface AccusationRecord {
  kind: "accusation";
  gameNumber: number;
  round: number;
  /** null: nobody voted. */
  accusedSeat: number | null;
  /** Final tally, seat → votes received. */
  tally: Record<string, number>;
  /** "dealer" or "timeout" when a tie was broken; null otherwise. */
  tieBrokenBy: TieBreaker | null;
}

export interface GuessRecord {
  kind: "guess";
  gameNumber: number;
  round: number;
  seat: number;
  word: string;
  correct: boolean;
  source: MoveSource;
}

export interface PointsEntry {
  seat: number;
  delta: number;
  total: number;
}

export interface RoundEndRecord {
  kind: "round-end";
  gameNumber: number;
  round: number;
  /** "escaped" (wrong or nobody accused), "guessed" (caught, found the secret), "caught" (caught, missed), "aborted". */
  outcome: string;
  points: PointsEntry[];
}

/** The last record of a log: the room closed, or a restart could not restore it. */
export interface LogCloseRecord {
  kind: "log-close";
  reason: string;
}

export interface BotDecisionRecord {
  kind: "bot-decision";
  /** Absent outside a round. */
  gameNumber?: number;
  round?: number;
  seat?: number;
  playerId: string;
  decision: string;
  /** The seat's bot profile, or "lexical" for the fallback bot playing an absent human. */
  model: string;
  /** An LLM bot's unusable reply replaced by the lexical decision, or the lexical bot playing for an absent human. */
  fallback: boolean;
  /** The agent's own label: "lexical", "llm:MODEL", "fallback", "last-resort". */
  source: string;
  /** Which knowledge the offline bot decided from ("book": data/clue-book.json; "lexical": the lexical model); absent when neither did (an LLM's own answer, a seeded draw, the last-resort word, logs before it was recorded). */
  knowledge?: Knowledge;
  /** Why it fell back (timeout, unparseable reply, endpoint down), or the model's raw answer. */
  note?: string;
  output: string;
}

/**
 * One judge's request and answer, exactly as the scoring service made it. Exports rebuild each clue's
 * option orders, distributions and scores from these (see server/export/clue-evaluations.ts).
 */
export interface EvaluatorCallRecord {
  kind: "evaluator-call";
  evaluator: string;
  role: "ally" | "chameleon";
  /** The AllyQuery or ChameleonQuery as sent. */
  request: unknown;
  /** The Judgement as returned, or { failure } when the call threw. */
  answer: unknown;
  latencyMs: number;
}

export type StoreRecord =
  | LogOpenRecord
  | ActionRecord
  | SessionRecord
  | SessionEndRecord
  | GameStartRecord
  | GameOverRecord
  | RoundDealtRecord
  | ClueRecord
  | VoteRecord
  | AccusationRecord
  | GuessRecord
  | RoundEndRecord
  | LogCloseRecord
  | BotDecisionRecord
  | EvaluatorCallRecord;

export type RecordKind = StoreRecord["kind"];
export type RecordOf<K extends RecordKind> = Extract<StoreRecord, { kind: K }>;

/** A record as read back: where and when it was written. */
export type StoredEvent<R extends StoreRecord = StoreRecord> = R & { logId: string; seq: number; at: number };
