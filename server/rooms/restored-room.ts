import type { GameState } from "../../shared/game/types";
import type { Rng } from "../../shared/random";
import type { LoggedRevokeReason } from "./sessions";

/** A room as the game log replays it: its code and seed, the replayed state and RNG, its live sessions. */
export interface RestoredRoom {
  roomCode: string;
  seed: string;
  state: GameState;
  rng: Rng;
  sessions: readonly { token: string; playerId: string; spectator: boolean; name?: string }[];
  /** Tokens of this room that stopped working, and why: refused with that reason rather than as unknown. */
  revoked?: readonly { token: string; reason: LoggedRevokeReason }[];
  /** The game log this room goes on writing to. */
  logId?: string;
}
