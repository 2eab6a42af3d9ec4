import type { GameView, RoundView } from "../../shared/game/types";

/**
 * Whether the table is waiting on the viewer now: their clue turn, their vote not yet cast, their "ready" in the
 * discussion, the dealer's tie-break, the caught Chameleon's guess. Then the time left must stay in sight.
 */
export function viewerMustAct(game: GameView, round: RoundView): boolean {
  const me = game.viewerId;
  if (me === null || !round.order.includes(me) || round.revealed) return false;
  switch (game.phase) {
    case "clues":
      return round.turnPlayerId === me;
    case "discussion":
      return !round.ready.includes(me);
    case "vote":
      return round.yourVote === null;
    case "tieBreak":
      return round.dealerId === me;
    case "guess":
      return round.chameleonId === me && round.guessesLeft > 0;
    default:
      return false;
  }
}
