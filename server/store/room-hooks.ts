import type { GameAction, GameState, PlayerId } from "../../shared/game/types";
import type { Evaluator } from "../../shared/sneak/types";
import type { DecisionLike, GameLog, LoggedRoom } from "./game-log";
import type { MaybePromise } from "./log-store";
import type { SessionEndRecord } from "./records";

/**
 * The room observer that writes the game log (server/rooms/room.ts calls these; see docs/DATA.md):
 * - onCreate: the table exists (its first state opens the room's log);
 * - onAction: an accepted action and its state, written before the command is acknowledged (on Postgres the
 *   room waits for the returned promise before the action takes effect);
 * - onSession: a token was issued (so the player can reconnect after a restart);
 * - onSessionEnd: a player's tokens stopped working (so a restart refuses them with the reason);
 * - onDecision: a bot's or the fallback bot's decision, with its model and fallback flag;
 * - evaluatorsFor: the room's evaluators, recording every request and answer;
 * - onDispose: the room closed (its log is closed and will not be restored).
 */
export interface GameLogHooks {
  onCreate(room: LoggedRoom, state: GameState): MaybePromise<void>;
  onAction(room: LoggedRoom, action: GameAction, state: GameState): MaybePromise<void>;
  onSession(room: LoggedRoom, session: { token: string; playerId: string; spectator: boolean }, name: string): MaybePromise<void>;
  onSessionEnd(room: LoggedRoom, playerId: PlayerId, reason: SessionEndRecord["reason"]): void;
  onDecision(room: LoggedRoom, seatId: PlayerId, duty: string, decision: DecisionLike): void;
  evaluatorsFor(room: LoggedRoom, evaluators: readonly Evaluator[]): Evaluator[];
  onDispose(room: LoggedRoom, reason: string): void;
}

export function gameLogHooks(log: GameLog): GameLogHooks {
  return {
    onCreate: (room, state) => log.opened(room, state),
    onAction: (room, action, state) => log.applied(room, action, state),
    onSession: (room, session, name) => log.session(room, session, name),
    onSessionEnd: (room, playerId, reason) => log.sessionEnded(room, playerId, reason),
    onDecision: (room, seatId, duty, decision) => log.decision(room, seatId, duty, decision),
    evaluatorsFor: (room, evaluators) => log.evaluatorsFor(room, evaluators),
    onDispose: (room, reason) => log.closed(room, reason),
  };
}
