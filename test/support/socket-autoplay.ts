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
/** A refused or lost move is tried again after this long, at most MAX_TRIES times in all. */
const RETRY_MS = 500;
const MAX_TRIES = 5;

export function autoPlay(client: TestClient, options: { clue?: (s: RoomSnapshot) => string } = {}): AutoPlayer {
  const done = new Set<string>();
  const refusals: string[] = [];
  let stopped = false;
  const policy: AutoplayPolicy = {
    clue: (round, s) => options.clue?.(s) ?? HUMAN_CLUES[(round.number + round.clues.length) % HUMAN_CLUES.length],
    vote: (others) => others[0],
    playOn: false,
  };
  const tries = new Map<string, number>();
  // A move refused or lost under load (an ack that never came) is tried again from the newest snapshot, a few
  // times: otherwise a host's lost "next round" leaves the table waiting at the reveal, where no new snapshot comes.
  const retry = (key: string) => {
    if (stopped || (tries.get(key) ?? 0) >= MAX_TRIES) return;
    setTimeout(() => {
      if (stopped) return;
      done.delete(key);
      const latest = client.latest();
      if (latest) onState(latest);
    }, RETRY_MS).unref?.();
  };
  const onState = (s: RoomSnapshot) => {
    const move = autoplayMove(s, policy);
    if (!move || done.has(move.key) || stopped) return;
    done.add(move.key);
    tries.set(move.key, (tries.get(move.key) ?? 0) + 1);
    void client.send(move.event, move.payload).then(
      (ack) => {
        if (ack.ok) return;
        refusals.push(`${move.event}: ${ack.code} ${ack.message}`);
        retry(move.key);
      },
      () => retry(move.key),
    );
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
