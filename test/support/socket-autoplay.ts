import { C2S, S2C, type RoomSnapshot } from "../../shared/protocol";
import type { TestClient } from "./socket-client";

/** Plain clue words that are on none of the test grids. */
const HUMAN_CLUES = ["nice", "common", "classic", "popular", "round", "big", "small", "bright"];

export interface AutoPlayer {
  /** Acks refused while playing (stale commands are expected; crashes are not). */
  refusals: string[];
  stop(): void;
}

/**
 * Plays a human seat from its own snapshots only: a clue when it is our turn, ready in the discussion,
 * a vote, the dealer's tie-break, the chameleon's guess, and (as host) the next round.
 */
export function autoPlay(client: TestClient, options: { clue?: (s: RoomSnapshot) => string } = {}): AutoPlayer {
  const done = new Set<string>();
  const refusals: string[] = [];
  let stopped = false;
  const act = (key: string, event: string, payload: object) => {
    if (done.has(key) || stopped) return;
    done.add(key);
    void client.send(event, payload).then((ack) => {
      if (!ack.ok) refusals.push(`${event}: ${ack.code} ${ack.message}`);
    }, () => {});
  };
  const onState = (s: RoomSnapshot) => {
    const game = s.game;
    const round = game.rounds[game.rounds.length - 1];
    const me = s.you.playerId;
    if (!round) return;
    const base = `${game.gameNumber}/${round.number}/${game.phase}`;
    switch (game.phase) {
      case "clues":
        if (round.turnPlayerId === me) {
          const text = options.clue?.(s) ?? HUMAN_CLUES[(round.number + round.clues.length) % HUMAN_CLUES.length];
          act(`${base}/clue`, C2S.gameClue, { text });
        }
        break;
      case "discussion":
        if (round.order.includes(me)) act(`${base}/ready`, C2S.gameReady, {});
        break;
      case "vote":
        if (round.order.includes(me) && round.yourVote === null) {
          const target = round.order.find((id) => id !== me)!;
          act(`${base}/vote`, C2S.gameVote, { targetId: target });
        }
        break;
      case "tieBreak":
        if (round.dealerId === me && round.tied) act(`${base}/tie`, C2S.gameTieBreak, { targetId: round.tied.find((id) => id !== me) ?? round.tied[0] });
        break;
      case "guess":
        if (round.chameleonId === me && round.words) {
          const word = round.words.find((w) => !round.guesses.includes(w))!;
          act(`${base}/guess/${round.guesses.length}`, C2S.gameGuess, { word });
        }
        break;
      case "reveal":
        if (s.you.isHost) act(`${base}/next`, C2S.hostNextRound, {});
        break;
    }
  };
  client.socket.on(S2C.roomState, onState);
  const latest = client.latest();
  if (latest) onState(latest);
  return {
    refusals,
    stop() {
      stopped = true;
      client.socket.off(S2C.roomState, onState);
    },
  };
}
