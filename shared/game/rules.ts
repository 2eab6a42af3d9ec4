/**
 * The Chameleon as a reducer (RULES.md; decisions in docs/GAME-RULES.md).
 * Pure: never mutates its input, no I/O, no clock. Time arrives as `now` on every action and
 * as `timeout` actions the server dispatches at `state.deadline`; randomness comes only from
 * the `rng` passed in (seed it per room so a game replays from its action log).
 */
import type { Rng } from "../random";
import type { ActionResult, GameAction, GameOptions, GameSettings, GameState, PlayerId, TopicCard } from "./types";

export interface NewGame {
  /** The first seat, who hosts. */
  host: { playerId: PlayerId; name: string; kind?: "human" | "bot"; botProfile?: string };
  /** Dataset cards the category pool draws from. */
  library: readonly TopicCard[];
  settings?: Partial<GameSettings>;
  options?: Partial<GameOptions>;
}

/** A lobby with the host seated. Throws on invalid options (a programming error, not a player's). */
export function createGame(game: NewGame): GameState {
  void game;
  throw new Error("createGame: not implemented yet");
}

/** The state after `action`, or why it is refused (the input state is never changed). */
export function applyAction(state: GameState, action: GameAction, rng: Rng): ActionResult {
  void state;
  void action;
  void rng;
  throw new Error("applyAction: not implemented yet");
}
