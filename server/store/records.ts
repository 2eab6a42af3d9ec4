/**
 * What the game log holds. Every record is one append-only row of the `events` table (kind + JSON payload);
 * the research tables (clues, votes, scores …) are SQL views over these rows, so nothing is ever updated.
 *
 * Two families live side by side:
 * - `action`: the reducer's actions exactly as applied, in order. With the game's seed they rebuild the
 *   live state after a crash (see restore.ts). They are an implementation record, not research data.
 * - everything else: self-describing facts (a clue, a vote, a score) that stay readable without the
 *   reducer's code, which is what exports and the leaderboard read.
 */

export type Controller = "human" | "bot";

export interface SeatInfo {
  seat: number;
  playerId: string;
  name: string;
  controller: Controller;
  /** The bot's model: "lexical" or an LLM model id; absent for humans. */
  model?: string;
}

export interface GameStartRecord {
  kind: "game-start";
  roomCode: string;
  /** The seed the reducer's RNG was built from: with the actions it reproduces every deal. */
  seed: number | string;
  settings: unknown;
  /** The reducer state the actions apply to (the lobby as it was when play began). */
  initialState?: unknown;
  seats: SeatInfo[];
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
}

export interface SeatRecord extends SeatInfo {
  kind: "seat";
}

export interface RoundDealtRecord {
  kind: "round-dealt";
  round: number;
  category: string;
  words: string[];
  secret: string;
  decoys: string[];
  chameleonSeat: number;
  dealerSeat: number;
}

/** How a clue came to be: typed by a human, chosen by a bot, or a fallback for a human or bot that ran out of time or failed. */
export type ClueSource = "human" | "bot" | "fallback";

export interface ClueRecord {
  kind: "clue";
  round: number;
  /** 0-based position in the round's clue order. */
  turn: number;
  seat: number;
  text: string;
  source: ClueSource;
  /** For bot and fallback clues: the model that wrote it ("lexical" for the WordNet bot). */
  model?: string;
  /** True when the clue was given by the chameleon (recorded as a bluff, its leakage means nothing). */
  byChameleon: boolean;
}

export interface VoteRecord {
  kind: "vote";
  round: number;
  voterSeat: number;
  /** null: the vote was withdrawn or the voter abstained. */
  targetSeat: number | null;
  source: ClueSource;
}

export interface AccusationRecord {
  kind: "accusation";
  round: number;
  accusedSeat: number;
  /** Final tally, seat → votes received. */
  tally: Record<string, number>;
  tieBreak: boolean;
}

export interface GuessRecord {
  kind: "guess";
  round: number;
  seat: number;
  word: string;
  correct: boolean;
  source: ClueSource;
}

export interface PointsEntry {
  seat: number;
  delta: number;
  total: number;
}

export interface RoundEndRecord {
  kind: "round-end";
  round: number;
  /** "escaped" (wrong player accused), "caught-guessed" (caught, guessed right), "caught" (caught, guessed wrong). */
  outcome: string;
  points: PointsEntry[];
}

export interface GameEndRecord {
  kind: "game-end";
  /** "finished": someone reached the target; otherwise why the game stopped (e.g. "room closed", "not restorable: …"). */
  reason: string;
  finished: boolean;
  winnerSeats: number[];
}

export interface BotDecisionRecord {
  kind: "bot-decision";
  round: number;
  seat: number;
  decision: "clue" | "vote" | "guess";
  model: string;
  fallback: boolean;
  /** Why it fell back (timeout, unparseable reply, endpoint down). */
  reason?: string;
  latencyMs: number;
  output: unknown;
  detail?: unknown;
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
  | GameStartRecord
  | ActionRecord
  | SessionRecord
  | SeatRecord
  | RoundDealtRecord
  | ClueRecord
  | VoteRecord
  | AccusationRecord
  | GuessRecord
  | RoundEndRecord
  | GameEndRecord
  | BotDecisionRecord
  | EvaluatorCallRecord;

export type RecordKind = StoreRecord["kind"];
export type RecordOf<K extends RecordKind> = Extract<StoreRecord, { kind: K }>;

/** A record as read back: where and when it was written. */
export type StoredEvent<R extends StoreRecord = StoreRecord> = R & { gameId: string; seq: number; at: number };
