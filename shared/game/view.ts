/**
 * What one viewer may see of a game: the only way state leaves the server (see STYLE.md,
 * boardgame.io's filter-player-view). Hidden information is decided here and nowhere else.
 */
import type { GameState, GameView, PlayerId } from "./types";

/** The view for a seated player, or for a spectator when `viewerId` is null or not seated. */
export function viewFor(state: GameState, viewerId: PlayerId | null): GameView {
  void state;
  void viewerId;
  throw new Error("viewFor: not implemented yet");
}
