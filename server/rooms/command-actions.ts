import type { GameAction, PlayerId } from "../../shared/game/types";
import { C2S, type C2SEvent, type PayloadOf } from "../../shared/protocol";

type Payload = Partial<PayloadOf<typeof C2S.hostMoveSeat> & PayloadOf<typeof C2S.gameClue> & PayloadOf<typeof C2S.gameVote> & PayloadOf<typeof C2S.gameGuess>>;

/**
 * The rules action a client command stands for, with `by` taken from the authenticated socket, never from
 * the payload. Null for commands the room handles itself (membership, bots, kicks, resync).
 */
export function gameActionFor(event: C2SEvent, by: PlayerId, payload: unknown, now: number): GameAction | null {
  const p = payload as Payload;
  switch (event) {
    case C2S.hostStart:
      return { type: "start", now, by };
    case C2S.hostSettings:
      return { type: "updateSettings", now, by, settings: payload as never };
    case C2S.hostTransfer:
      return { type: "transferHost", now, by, to: (payload as { playerId: string }).playerId };
    case C2S.hostMoveSeat:
      return { type: "moveSeat", now, by, playerId: p.playerId!, toIndex: p.toIndex! };
    case C2S.hostBotLevel:
      return { type: "setBotLevel", now, by, playerId: p.playerId!, level: (payload as PayloadOf<typeof C2S.hostBotLevel>).level };
    case C2S.hostNextRound:
      return { type: "nextRound", now, by };
    case C2S.hostEndGame:
      return { type: "endGame", now, by };
    case C2S.gameClue:
      return { type: "giveClue", now, by, text: p.text! };
    case C2S.gameReady:
      return { type: "readyToVote", now, by };
    case C2S.gameTakeBack:
      return { type: "takeBack", now, by };
    case C2S.gameVote:
      return { type: "vote", now, by, target: p.targetId! };
    case C2S.gameTieBreak:
      return { type: "breakTie", now, by, accusedId: p.targetId! };
    case C2S.gameGuess:
      return { type: "guess", now, by, word: p.word! };
    case C2S.chatSend:
      return { type: "chat", now, by, text: p.text! };
    default:
      return null;
  }
}
