/**
 * A player-and-server stand-in for property tests: picks a valid next action for any state,
 * so random games get through clues, votes, guesses and reveals instead of stalling in refusals.
 */
import { currentRound, turnPlayerId } from "../../shared/game/rules";
import { topicPool } from "../../shared/game/settings";
import type { GameAction, GameState, PlayerId } from "../../shared/game/types";

/** Clue texts that never contain a test card word (see testCard). */
export const SAFE_CLUES = ["orchard", "steel", "feather", "sweet sour", "hammer time now", "sky", "red", "tiny", "metal bird", "yellow"];

let joinCounter = 0;
/** A fresh seat id and name that no earlier join used. */
export function freshSeat(prefix: string): { playerId: PlayerId; name: string } {
  joinCounter++;
  return { playerId: `${prefix}${joinCounter}`, name: `${prefix === "h" ? "Human" : "Robot"} ${joinCounter}` };
}

/**
 * A valid next action. `choice` picks among valid options (who acts, whom to vote for, which
 * clue); `catchChameleon` steers votes to the chameleon and guesses to the secret, so both
 * sides of every branch are reached.
 */
export function progressAction(state: GameState, now: number, choice: number, catchChameleon: boolean): GameAction {
  const round = currentRound(state);
  const present = state.seats.filter((seat) => !seat.left);
  const needsHuman = !state.options.allowBotsOnly && !present.some((seat) => seat.kind === "human");
  switch (state.phase) {
    case "lobby":
    case "gameOver":
    case "reveal": {
      if (state.hostId === null || needsHuman) return { type: "join", now, ...freshSeat("h") };
      if (present.length < 3) return { type: "addBot", now, by: state.hostId, botProfile: "lexical", ...freshSeat("b") };
      if (state.phase !== "reveal" && topicPool(state.settings, state.library).length === 0) return { type: "updateSettings", now, by: state.hostId, settings: { categoryPool: null } };
      return state.phase === "reveal" ? { type: "nextRound", now, by: state.hostId } : { type: "start", now, by: state.hostId };
    }
    case "clues": {
      const text = SAFE_CLUES.filter((clue) => clue.split(" ").length <= state.settings.clueMaxWords)[choice % 3];
      return { type: "giveClue", now, by: turnPlayerId(state)!, text };
    }
    case "discussion": {
      const waiting = round!.order.filter((id) => {
        const seat = state.seats.find((s) => s.id === id);
        return seat?.kind === "human" && !seat.left && !round!.ready.includes(id);
      });
      if (waiting.length === 0 || choice % 5 === 0) return { type: "timeout", now: state.deadline ?? now };
      return { type: "readyToVote", now, by: waiting[choice % waiting.length] };
    }
    case "vote": {
      const voters = round!.order.filter((id) => !(id in round!.votes));
      const voter = voters.length > 0 ? voters[choice % voters.length] : round!.order[choice % round!.order.length];
      const others = round!.order.filter((id) => id !== voter);
      const target = catchChameleon && voter !== round!.chameleonId ? round!.chameleonId : others[(choice >> 3) % others.length];
      return { type: "vote", now, by: voter, target };
    }
    case "tieBreak":
      return { type: "breakTie", now, by: round!.dealerId, accusedId: round!.tied![choice % round!.tied!.length] };
    case "guess": {
      const wrong = round!.card.words.filter((word) => word !== round!.secret && !round!.guesses.includes(word));
      const word = catchChameleon || wrong.length === 0 ? round!.secret : wrong[choice % wrong.length];
      return { type: "guess", now, by: round!.chameleonId, word };
    }
  }
}
