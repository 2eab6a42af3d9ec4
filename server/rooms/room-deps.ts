import type { GameAction, GameState, PlayerId, TopicCard } from "../../shared/game/types";
import type { RevealedClueScores } from "../../shared/protocol";
import type { Evaluator } from "../../shared/sneak/types";
import type { Agent, Decision } from "../agents/agent";
import type { ServerConfig } from "../config";
import type { MaybePromise } from "../maybe-promise";
import type { Duty } from "./bot-duties";
import type { SessionStore } from "./sessions";

/**
 * What a room needs from the server and what it tells the game log, over the room type `R` (room.ts names them
 * `RoomDeps` and `RoomObserver`), so that this file needs nothing from room.ts.
 */

/** What a room needs from the server: configuration, the card library and the bots. */
export interface RoomDepsOf<R> {
  config: ServerConfig;
  sessions: SessionStore;
  library: readonly TopicCard[];
  /** The dataset's decoys of a category (best first); [] when unknown. */
  decoysOf(category: string): string[];
  evaluators: readonly Evaluator[];
  /** The agent for a bot seat's profile ("lexical" or "llm:MODEL"). */
  agentFor(profile: string): Agent;
  /** The lexical bot that plays for absent humans and supplies timed-out clues. */
  fallbackAgent: Agent;
  log(line: string): void;
  now?: () => number;
  /** The room's seed (deals, bot decisions, option orders); random when absent. */
  seed?: string;
  /** Bots-only games (the CLI and tests). */
  allowBotsOnly?: boolean;
  /** Sees every change and bot decision (the game log, the CLI). */
  observer?: RoomObserverOf<R>;
}

/** Hooks for the game log (server/store) and the CLI; every one optional. */
export interface RoomObserverOf<R> {
  /** The table exists: its first state (the lobby with the host seated, initial settings applied). */
  onCreate?(room: R, state: GameState): MaybePromise<void>;
  /**
   * Every accepted action, before it takes effect: a throw (or a rejected promise) refuses it, with the
   * error's message to the player (the log could not make it durable) and the ack code in the error's
   * `ackCode` (`UNAVAILABLE`, `ROOM_ELSEWHERE`; else `INTERNAL`). The same holds for onCreate and onSession. A
   * promise holds the room's later changes until it settles (command-queue.ts).
   */
  onAction?(room: R, action: GameAction, state: GameState, before: GameState): MaybePromise<void>;
  /** A session token was issued (so a restarted server can let the player back in); durable before the ack. */
  onSession?(room: R, session: { token: string; playerId: string; spectator: boolean }, name: string): MaybePromise<void>;
  /** A member's tokens stopped working for good (kicked, left, a spectator's grace window passed). */
  onSessionEnd?(room: R, playerId: PlayerId, reason: "kicked" | "left" | "expired"): void;
  /** The room's evaluators, wrapped (e.g. to record every request); called once per room. */
  evaluatorsFor?(room: R, evaluators: readonly Evaluator[]): Evaluator[];
  onDispose?(room: R, reason: string): void;
  /** The room was rebuilt from a log after a restart (`logId` names that log). */
  onRestore?(room: R, state: GameState, logId: string | undefined): void;
  onDecision?(room: R, seatId: PlayerId, duty: Duty["kind"] | "chat", decision: Decision<string>): void;
  onScores?(room: R, roundKey: string, scores: RevealedClueScores): void;
}
