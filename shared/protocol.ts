import { z } from "zod";
import type { GameView } from "./game/types";
import { BOT_LEVELS } from "./game/types";
import { SETTING_LIMITS } from "./game/settings";
import type { MessageScores } from "./sneak/types";

/**
 * The wire protocol between the game server and its clients (the browser, tests, researchers' bots).
 * docs/PROTOCOL.md explains it in prose; this file is the contract: event names, payload schemas
 * (every client payload is validated against these on the server), acks, and what the server pushes.
 */

// ─── Event names ────────────────────────────────────────────────────────────────

/** Commands a client sends; each takes `(payload, ack)`. */
export const C2S = {
  roomCreate: "room:create",
  roomJoin: "room:join",
  roomLeave: "room:leave",
  roomResync: "room:resync",
  /** Take your seat back on this device with the rejoin code your own snapshots showed you. */
  roomReclaim: "room:reclaim",
  /** Ask the host to give you your seat back on this device; the answer comes as `seat:answer`. */
  roomAskSeat: "room:askSeat",
  hostStart: "host:start",
  hostSettings: "host:settings",
  hostAddBot: "host:addBot",
  /** Change a bot's level (easy, normal, hard): it plays its next move at the new level. */
  hostBotLevel: "host:botLevel",
  hostRemoveBot: "host:removeBot",
  hostKick: "host:kick",
  hostTransfer: "host:transfer",
  hostMoveSeat: "host:moveSeat",
  hostNextRound: "host:nextRound",
  hostEndGame: "host:endGame",
  hostAnswerSeat: "host:answerSeat",
  gameClue: "game:clue",
  gameReady: "game:ready",
  /** Take back your "ready to vote" (discussion) or your vote (vote) that the fallback bot made while you were away. */
  gameTakeBack: "game:takeBack",
  gameVote: "game:vote",
  gameTieBreak: "game:tieBreak",
  gameGuess: "game:guess",
  chatSend: "chat:send",
} as const;

/** What the server pushes. */
export const S2C = {
  /** The full per-viewer snapshot, after every change. Replace your copy when `version` is newer. */
  roomState: "room:state",
  /** You were removed from the room (kicked, or the room closed); your token no longer works. */
  roomClosed: "room:closed",
  /**
   * Another connection has this seat now, and this socket is disconnected right after: a newer connection with
   * the same token (another tab or device; the token still works, and connecting with it again takes the seat
   * back), or the seat was taken back on another device (this token is retired). `reason` says which.
   */
  sessionReplaced: "session:replaced",
  /** The host's answer to your `room:askSeat`: on approval, the seat and a new token, as a join ack gives them. */
  seatAnswer: "seat:answer",
  /**
   * Several game processes: another process holds your room now (this one stalled past its lease and lost it).
   * This socket is disconnected right after; reconnect to `url` with the same token (docs/DEPLOY.md).
   */
  roomMoved: "room:moved",
} as const;

// ─── Acks and error codes ───────────────────────────────────────────────────────

export const ERROR_CODES = [
  "BAD_PAYLOAD", // the payload failed validation (or the event is unknown)
  "RATE_LIMITED", // too many events from this socket, or rooms created from this address; slow down
  "NOT_IN_ROOM", // this socket is not seated in a room (create or join first)
  "ALREADY_IN_ROOM", // this socket already has a seat; leave first
  "ROOM_NOT_FOUND",
  "ROOM_FULL",
  "TOO_MANY_ROOMS",
  "NOT_HOST", // a host command from someone else
  "NOT_A_PLAYER", // a game command from a spectator
  "UNKNOWN_PLAYER", // the named player is not in the room
  "UNKNOWN_MODEL", // host:addBot named a model the server does not offer
  "WRONG_REJOIN_CODE", // room:reclaim with a code that is not the seat's
  "RULE", // the rules refused the action; `rule` holds the rules' own code (e.g. "clue-contains-grid-word")
  "INTERNAL",
  "ROOM_ELSEWHERE", // the room lives in another game process: connect to `url` and send the command again
  "UNAVAILABLE", // a shared service (the room directory, the game log) is down: nothing was done; try again soon
  "HOST_APPROVAL", // room:join from a device or address the host kicked someone from: the host is asked; seat:answer follows
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AckError {
  ok: false;
  code: ErrorCode;
  message: string;
  /** With code "RULE": the rules engine's error code. */
  rule?: string;
  /** With code "ROOM_ELSEWHERE": the game process that holds the room (an http(s) origin). */
  url?: string;
}
export type Ack<T extends object = object> = ({ ok: true } & T) | AckError;
export type AckFn<T extends object = object> = (response: Ack<T>) => void;

/** The reply to room:create and room:join. Put `token` in `socket.auth` so reconnections keep the seat. */
export interface JoinedAck {
  code: string;
  token: string;
  playerId: string;
  spectator: boolean;
}

// ─── Handshake errors (connect_error's `err.message`, with `err.data.code`) ─────

export const HANDSHAKE_ERRORS = {
  badOrigin: "BAD_ORIGIN",
  unknownToken: "UNKNOWN_TOKEN",
  kicked: "KICKED",
  expired: "EXPIRED",
  roomClosed: "ROOM_CLOSED",
  /** The seat was taken back on another device (rejoin code or the host's approval): this token is retired. */
  reclaimed: "RECLAIMED",
  /** The seat's room lives in another game process: reconnect to `err.data.url` with the same token. */
  roomElsewhere: "ROOM_ELSEWHERE",
  /** The room directory or game log is unreachable: the token is unharmed; retry shortly. */
  unavailable: "UNAVAILABLE",
} as const;

/**
 * A handshake refused before the upgrade because its address has too many connections open, or opened too
 * many too fast (docs/PROTOCOL.md, "Limits per address"). It is an HTTP refusal, not a connect_error with
 * `err.data.code`: long-polling gets 403 with `{"code":4,"message":"TOO_MANY_CONNECTIONS: …"}`, a WebSocket
 * upgrade 400 with the same sentence (browsers only report a "websocket error"). The seat and token are
 * unharmed: retry later, as socket.io-client's reconnection backoff does.
 */
export const ADDRESS_REFUSAL = "TOO_MANY_CONNECTIONS";

// ─── Client payloads ────────────────────────────────────────────────────────────

/**
 * A name is judged by the rules after cleaning (1 to 24 characters, shared/game/names.ts: RULE invalid_name), so
 * that every length gets one answer; the frame limit bounds its size.
 */
const name = z.string();
/** What can be a room code: four letters, any case, spaces around ignored. Codes are dealt from fewer letters (server/rooms/room-codes.ts). */
export const ROOM_CODE_FORMAT = /^[A-Za-z]{4}$/;
const roomCode = z.string().trim().regex(ROOM_CODE_FORMAT, "must be a room code: four letters");
const playerId = z.string().min(1).max(64);

export const BotKindSchema = z.enum(["lexical", "llm"]);
export type BotKind = z.infer<typeof BotKindSchema>;
export const BotLevelSchema = z.enum(BOT_LEVELS);

/**
 * Host settings (shared/game/types.ts GameSettings), all optional in an update. The schema checks the shape
 * (types, no unknown keys: else BAD_PAYLOAD); the rules check every value's range, a custom card's word count
 * included (else RULE invalid_settings). Its size caps are far above the rules' limits, only to bound a frame.
 */
export const SettingsPatchSchema = z
  .object({
    clueMaxWords: z.number().int(),
    /** 0 = no timer. */
    turnSeconds: z.number().int(),
    discussionSeconds: z.number().int(),
    voteSeconds: z.number().int(),
    targetScore: z.number().int(),
    /** Dataset categories to draw from; null = all. */
    categoryPool: z.array(z.string().min(1).max(80)).max(500).nullable(),
    /** The host's own topic cards (8–16 words each). */
    customCards: z
      .array(
        z
          .object({
            category: z.string().max(200),
            words: z.array(z.string().max(200)).max(100),
          })
          .passthrough(),
      )
      .max(SETTING_LIMITS.customCards.max * 4),
    threePlayerTwoGuesses: z.boolean(),
    largeTableHiddenGrid: z.boolean(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const PayloadSchemas = {
  [C2S.roomCreate]: z.object({ name, settings: SettingsPatchSchema.optional() }).strict(),
  [C2S.roomJoin]: z
    .object({ code: roomCode, name, spectator: z.boolean().optional() })
    .strict(),
  [C2S.roomLeave]: z.object({}).strict(),
  [C2S.roomResync]: z.object({}).strict(),
  [C2S.roomReclaim]: z.object({ code: roomCode, name, rejoinCode: z.string().trim().min(4).max(20) }).strict(),
  [C2S.roomAskSeat]: z.object({ code: roomCode, name }).strict(),
  [C2S.hostStart]: z.object({}).strict(),
  [C2S.hostSettings]: SettingsPatchSchema,
  [C2S.hostAddBot]: z
    .object({ kind: BotKindSchema, model: z.string().min(1).max(200).optional(), name: name.optional(), level: BotLevelSchema.optional() })
    .strict(),
  [C2S.hostBotLevel]: z.object({ playerId, level: BotLevelSchema }).strict(),
  [C2S.hostRemoveBot]: z.object({ playerId }).strict(),
  [C2S.hostKick]: z.object({ playerId }).strict(),
  [C2S.hostTransfer]: z.object({ playerId }).strict(),
  [C2S.hostMoveSeat]: z.object({ playerId, toIndex: z.number().int().min(0).max(7) }).strict(),
  [C2S.hostNextRound]: z.object({}).strict(),
  [C2S.hostEndGame]: z.object({}).strict(),
  [C2S.hostAnswerSeat]: z.object({ requestId: z.string().min(1).max(64), approve: z.boolean() }).strict(),
  [C2S.gameClue]: z.object({ text: z.string().min(1).max(200) }).strict(),
  [C2S.gameReady]: z.object({}).strict(),
  [C2S.gameTakeBack]: z.object({}).strict(),
  [C2S.gameVote]: z.object({ targetId: playerId }).strict(),
  [C2S.gameTieBreak]: z.object({ targetId: playerId }).strict(),
  [C2S.gameGuess]: z.object({ word: z.string().min(1).max(60) }).strict(),
  // The rules alone judge the text (1 to MAX_CHAT_CHARS characters after cleaning: RULE chat_empty or
  // chat_too_long), so that every length gets one answer; the frame limit bounds its size.
  [C2S.chatSend]: z.object({ text: z.string() }).strict(),
} as const;

export type C2SEvent = (typeof C2S)[keyof typeof C2S];
export type PayloadOf<E extends C2SEvent> = z.infer<(typeof PayloadSchemas)[E]>;

// ─── Server snapshots ───────────────────────────────────────────────────────────

/** Connection and bot facts the rules do not hold, per seat (`game.seats` has names, points, host). */
export interface SeatStatus {
  playerId: string;
  /** "lexical" or "llm" for bots, with the model for LLM bots; null for humans. */
  bot: null | { kind: BotKind; model?: string };
  connected: boolean;
  /** True while the fallback bot plays this seat (a disconnected human, or a player who left mid-round). */
  fallback: boolean;
  /** Since when a human seat has had no connection (ms since epoch); null while connected, and for bots. The seat and its points stay. */
  awaySince: number | null;
}

/** A move the fallback bot made in your seat while you were away (`you.standIns`). */
export interface StandInMove {
  kind: "clue" | "ready" | "vote" | "tieBreak" | "guess";
  /** The game and round it was made in. */
  game: number;
  round: number;
  /** The clue given or the word guessed. */
  text?: string;
  /** Whom it voted for, or accused in a tie-break (a seat id). */
  targetId?: string;
  /**
   * It can still be undone with `game:takeBack`: your vote while the vote is open, your "ready to vote" while the
   * discussion is; false once that phase is over or you changed it yourself.
   */
  canTakeBack: boolean;
}

/** One seat on the room's leaderboard (`RoomSnapshot.standings`): its record across the room's games. */
export interface PlayerStanding {
  playerId: string;
  name: string;
  bot: boolean;
  /** Points over every game in the room. */
  points: number;
  gamesPlayed: number;
  gamesWon: number;
  /** Rounds dealt as the Chameleon, and those won (escaped, or caught but named the secret). */
  chameleonRounds: number;
  chameleonWins: number;
  /** Rounds played knowing the word, and those won (the Chameleon caught and missed the secret). */
  informedRounds: number;
  informedWins: number;
  /** The clue given knowing the word with the best mean SoftScore (in [0, 1]), once scored. */
  bestClue: { text: string; score: number; game: number; round: number } | null;
}

/** Someone asked for a seat back from another device (`room:askSeat`); shown to the host alone. */
export interface SeatRequest {
  requestId: string;
  /** The seat asked for. */
  playerId: string;
  /** The name they typed (the seat's name, up to case and look-alikes). */
  name: string;
  at: number;
  /** "seat": a seat back (room:askSeat); "join": a newcomer from where the host kicked someone (room:join), `playerId` not yet seated. */
  kind: "seat" | "join";
}

/** `seat:answer`: the host's answer to a `room:askSeat`. */
export type SeatAnswerPayload = ({ approved: true } & JoinedAck) | { approved: false; message: string };

export interface RoomSnapshot {
  /** Increases with every change; ignore a snapshot older than the one you have. */
  version: number;
  code: string;
  /** Share link path: `/r/CODE`. */
  link: string;
  /**
   * `playerId` is your seat id (or spectator id); `seated` is false for spectators. `rejoinCode` (seated humans
   * only, else null) takes this seat back from another device (`room:reclaim`): it is in your snapshots alone,
   * single use, and replaced after 5 wrong tries. `standIns` lists the moves the fallback bot made for you while
   * you were away (`standInMoves` is their number), until you next act.
   */
  you: { playerId: string; seated: boolean; isHost: boolean; rejoinCode: string | null; standInMoves: number; standIns: StandInMove[] };
  /** Requests to take a seat back from another device, for the host to answer (`host:answerSeat`); [] for everyone else. */
  seatRequests: SeatRequest[];
  seats: SeatStatus[];
  spectators: { playerId: string; name: string; connected: boolean }[];
  /** Models a host may give to an LLM bot (from server config). */
  botModels: string[];
  /** Evaluators that score the clues (from server config). */
  evaluators: string[];
  /**
   * The room's leaderboard: every seat that has played a revealed round, across the room's games, most points
   * first. Grows at each reveal (and when that round's scores arrive, for the best clue). Filled at the reveal
   * and after a game; [] while a round is in play and in the lobby.
   */
  standings: PlayerStanding[];
  /** The dataset's categories, for the host's category pool: filled for the host in the lobby and after a game, else []. */
  categories: string[];
  /** Those of `categories` left out of the default pool (categoryPool null) for having fewer than 10 words; a host may still pick them. Filled when `categories` is. */
  categoriesOffByDefault: string[];
  /**
   * The game as this viewer may see it (shared/game/types.ts GameView, built by viewFor). `game.deadline` is
   * the server-side deadline of the current phase (ms since epoch). In a revealed round each clue's
   * `scores` is `[RevealedClueScores]` once scoring has finished (a later snapshot brings it if not yet).
   */
  game: GameView;
  /** The server's clock when this snapshot was sent, to correct for client clock skew. */
  serverTime: number;
}

/** One evaluator's verdict on one clue. */
export interface EvaluatorClueScores {
  /** e.g. "lexical", "llm:judge@http://127.0.0.1:8000/v1". */
  evaluator: string;
  /** Utility, leakage (this clue alone), SoftScore, BinaryScore; null when a judgement failed or utility is unavailable. */
  scores: MessageScores | null;
  /** Leakage of this clue alone (also in `scores` when those exist); null when that judgement failed. */
  leakage: number | null;
  /**
   * Leakage given the informed players' clues up to and including this one (the chameleon's own clue is not
   * evidence: it keeps the value of the clue before it, null if it came first); null when that judgement failed.
   */
  cumulativeLeakage: number | null;
  /** Why something is null (a parsing failure, a timeout, "no decoys for a custom card"). */
  failure?: string;
  /**
   * What the judge weighed, for the reveal to show in words: the messages the ally (who knew the secret) chose
   * among, in the order shown, the clue and its decoys, with the probability the ally gave each (to 4 decimals:
   * the export has the exact answers). Absent when
   * the ally was not asked (a custom card: no decoys) or failed, and in records made before it existed.
   */
  allyOptions?: { message: string; probability: number }[];
  /**
   * The chameleon's likeliest words from this clue alone, most likely first (at most `CHAMELEON_GUESSES_SHOWN`),
   * and the secret's rank among all the grid's words (1 = its top guess). Absent when that judgement failed.
   */
  chameleonGuesses?: { top: { word: string; probability: number }[]; secretRank: number; wordCount: number };
}

/** How many of the chameleon's likeliest words a revealed record keeps. */
export const CHAMELEON_GUESSES_SHOWN = 3;

/** A clue's SNEAK scores, revealed with the round. */
export interface RevealedClueScores {
  round: number;
  /** Position in the round's clue order, from 0. */
  clueIndex: number;
  playerId: string;
  clue: string;
  byChameleon: boolean;
  /** The clue was given by the fallback bot for a timed-out or disconnected player. */
  fallback: boolean;
  /** False for custom topic cards: they have no decoys, so utility (and SoftScore/BinaryScore) is not computed. */
  utilityAvailable: boolean;
  /** The chameleon's clue cannot leak a secret it did not know: its leakage is recorded but meaningless. */
  leakageMeaningless: boolean;
  /** Means over the evaluators that succeeded; null when none did. */
  mean: { utility: number | null; leakage: number; softScore: number | null; binaryScore: number | null } | null;
  /** Mean cumulative leakage over evaluators; null when none succeeded. */
  cumulativeLeakage: number | null;
  perEvaluator: EvaluatorClueScores[];
}

export interface RoomClosedPayload {
  reason: "kicked" | "room-closed" | "expired";
}

/**
 * `opened-elsewhere`: a newer connection with the same token took the seat (another tab or device); the token
 * still works. `seat-reclaimed`: the seat was taken back on another device (`room:reclaim` or the host's
 * approval) and holds a new token; this one is retired (a handshake with it is refused `RECLAIMED`).
 */
export interface SessionReplacedPayload {
  reason: "opened-elsewhere" | "seat-reclaimed";
  message: string;
}

/**
 * `room:moved`: where the room went. `url` is the process that holds it now (an http(s) origin); absent when
 * this process cannot tell (the room directory is down too): reconnect with the token through any process.
 */
export interface RoomMovedPayload {
  url?: string;
  message: string;
}

// ─── Event maps (socket.io generics) ────────────────────────────────────────────

type Handler<E extends C2SEvent, T extends object = object> = (payload: PayloadOf<E>, ack: AckFn<T>) => void;

export interface ClientToServerEvents {
  [C2S.roomCreate]: Handler<typeof C2S.roomCreate, JoinedAck>;
  [C2S.roomJoin]: Handler<typeof C2S.roomJoin, JoinedAck>;
  [C2S.roomLeave]: Handler<typeof C2S.roomLeave>;
  [C2S.roomResync]: Handler<typeof C2S.roomResync, { state: RoomSnapshot }>;
  [C2S.roomReclaim]: Handler<typeof C2S.roomReclaim, JoinedAck>;
  [C2S.roomAskSeat]: Handler<typeof C2S.roomAskSeat, { requestId: string }>;
  [C2S.hostStart]: Handler<typeof C2S.hostStart>;
  [C2S.hostSettings]: Handler<typeof C2S.hostSettings>;
  [C2S.hostAddBot]: Handler<typeof C2S.hostAddBot, { playerId: string }>;
  [C2S.hostBotLevel]: Handler<typeof C2S.hostBotLevel>;
  [C2S.hostRemoveBot]: Handler<typeof C2S.hostRemoveBot>;
  [C2S.hostKick]: Handler<typeof C2S.hostKick>;
  [C2S.hostTransfer]: Handler<typeof C2S.hostTransfer>;
  [C2S.hostMoveSeat]: Handler<typeof C2S.hostMoveSeat>;
  [C2S.hostNextRound]: Handler<typeof C2S.hostNextRound>;
  [C2S.hostEndGame]: Handler<typeof C2S.hostEndGame>;
  [C2S.hostAnswerSeat]: Handler<typeof C2S.hostAnswerSeat>;
  [C2S.gameClue]: Handler<typeof C2S.gameClue>;
  [C2S.gameReady]: Handler<typeof C2S.gameReady>;
  [C2S.gameTakeBack]: Handler<typeof C2S.gameTakeBack>;
  [C2S.gameVote]: Handler<typeof C2S.gameVote>;
  [C2S.gameTieBreak]: Handler<typeof C2S.gameTieBreak>;
  [C2S.gameGuess]: Handler<typeof C2S.gameGuess>;
  [C2S.chatSend]: Handler<typeof C2S.chatSend>;
}

export interface ServerToClientEvents {
  [S2C.roomState]: (snapshot: RoomSnapshot) => void;
  [S2C.roomClosed]: (payload: RoomClosedPayload) => void;
  [S2C.sessionReplaced]: (payload: SessionReplacedPayload) => void;
  [S2C.seatAnswer]: (payload: SeatAnswerPayload) => void;
  [S2C.roomMoved]: (payload: RoomMovedPayload) => void;
}

/** What a client puts in `io(url, { auth })`: the token from a join ack, to resume a seat. */
export interface HandshakeAuth {
  token?: string;
}
