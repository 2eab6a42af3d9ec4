import type { GameState, PlayerId } from "../../shared/game/types";

/**
 * A host away for SNEAK_GRACE_MS hands the host's role to the next connected human in seat order (their seat
 * and points stay): otherwise nobody could deal the next round.
 */

/** In how many ms an away host hands over (from when they went), or null when the host is here (or none). */
export function handoverDueIn(host: { sockets: { size: number }; awaySince: number | null } | undefined, graceMs: number, now: () => number): number | null {
  if (!host || host.sockets.size > 0 || host.awaySince === null) return null;
  return Math.max(0, host.awaySince + graceMs - now());
}

/** The connected human after the host in seat order (wrapping round), who takes the host's role; undefined when none. */
export function nextHost(state: GameState, hostId: PlayerId, isConnected: (playerId: PlayerId) => boolean): PlayerId | undefined {
  const start = state.seats.findIndex((seat) => seat.id === hostId);
  return [...state.seats.slice(start + 1), ...state.seats.slice(0, start)].find((seat) => seat.kind === "human" && !seat.left && isConnected(seat.id))?.id;
}
