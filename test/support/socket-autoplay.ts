import { S2C, type RoomSnapshot } from "../../shared/protocol";
import { autoplayMove, type AutoplayPolicy } from "../../server/perf/autoplay-move";
import type { TestClient } from "./socket-client";

/** Plain clue words that are on none of the test grids. */
const HUMAN_CLUES = ["nice", "common", "classic", "popular", "round", "big", "small", "bright"];

export interface AutoPlayer {
  /** Acks refused while playing (stale commands are expected; crashes are not). */
  refusals: string[];
  stop(): void;
}

/**
 * Plays a human seat from its own snapshots only (server/perf/autoplay-move.ts decides each move, as for
 * the load bench's players): a clue when it is our turn, ready in the discussion, a vote for the first other
 * player, the dealer's tie-break, the chameleon's guess, and (as host) the next round; it stops at game over.
 */
export function autoPlay(client: TestClient, options: { clue?: (s: RoomSnapshot) => string } = {}): AutoPlayer {
  const done = new Set<string>();
  const refusals: string[] = [];
  let stopped = false;
  const policy: AutoplayPolicy = {
    clue: (round, s) => options.clue?.(s) ?? HUMAN_CLUES[(round.number + round.clues.length) % HUMAN_CLUES.length],
    vote: (others) => others[0],
    playOn: false,
  };
  const onState = (s: RoomSnapshot) => {
    const move = autoplayMove(s, policy);
    if (!move || done.has(move.key) || stopped) return;
    done.add(move.key);
    void client.send(move.event, move.payload).then((ack) => {
      if (!ack.ok) refusals.push(`${move.event}: ${ack.code} ${ack.message}`);
    }, () => {});
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
