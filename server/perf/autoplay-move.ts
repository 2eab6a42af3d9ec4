import type { RoundView } from "../../shared/game/types";
import { C2S, type RoomSnapshot } from "../../shared/protocol";

/**
 * What a simulated seated player sends in answer to a snapshot of its room, from that snapshot alone: a clue
 * on its turn, ready in the discussion, a vote, the dealer's tie-break, the chameleon's guess, and as host
 * the next round (and, if it plays on, the next game). The load bench's players (load-players.ts) and the
 * integration tests' players (test/support/socket-autoplay.ts) both play this way.
 */

/** One command, with a key naming the occasion: a driver sends each key once however many snapshots repeat it. */
export interface AutoplayMove {
  key: string;
  event: string;
  payload: object;
}

export interface AutoplayPolicy {
  /** The clue to give on our turn in `round` (the snapshot's current round). */
  clue(round: RoundView, snapshot: RoomSnapshot): string;
  /** Whom to vote for, among the round's other players. */
  vote(others: readonly string[], round: RoundView, snapshot: RoomSnapshot): string;
  /** As host, start a new game when one ends (the load bench plays on; tests stop at the winner). */
  playOn: boolean;
}

export function autoplayMove(snapshot: RoomSnapshot, policy: AutoplayPolicy): AutoplayMove | null {
  const game = snapshot.game;
  const round = game.rounds[game.rounds.length - 1];
  const me = snapshot.you.playerId;
  if (!round) return null;
  const base = `${game.gameNumber}/${round.number}/${game.phase}`;
  const playing = round.order.includes(me);
  switch (game.phase) {
    case "clues":
      return round.turnPlayerId === me ? { key: `${base}/clue`, event: C2S.gameClue, payload: { text: policy.clue(round, snapshot) } } : null;
    case "discussion":
      return playing ? { key: `${base}/ready`, event: C2S.gameReady, payload: {} } : null;
    case "vote":
      if (!playing || round.yourVote !== null) return null;
      return { key: `${base}/vote`, event: C2S.gameVote, payload: { targetId: policy.vote(round.order.filter((id) => id !== me), round, snapshot) } };
    case "tieBreak":
      if (round.dealerId !== me || !round.tied) return null;
      return { key: `${base}/tie`, event: C2S.gameTieBreak, payload: { targetId: round.tied.find((id) => id !== me) ?? round.tied[0] } };
    case "guess": {
      const word = round.chameleonId === me && round.words ? round.words.find((w) => !round.guesses.includes(w)) : undefined;
      return word === undefined ? null : { key: `${base}/guess/${round.guesses.length}`, event: C2S.gameGuess, payload: { word } };
    }
    case "reveal":
      return snapshot.you.isHost ? { key: `${base}/next`, event: C2S.hostNextRound, payload: {} } : null;
    case "gameOver":
      return snapshot.you.isHost && policy.playOn ? { key: `${base}/again`, event: C2S.hostStart, payload: {} } : null;
    default:
      return null;
  }
}
