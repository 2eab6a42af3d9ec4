import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import { C2S, S2C, type Ack, type RoomSnapshot } from "../../shared/protocol";
import { autoplayMove, type AutoplayMove, type AutoplayPolicy } from "./autoplay-move";
import { Samples } from "./load-stats";

/**
 * Simulated players for `npm run bench:load`: real socket.io clients on 127.0.0.1 that play full games in
 * rooms of `roomSize` with no pause, each from its own snapshots (a clue on its turn, a vote, the dealer's
 * tie-break, the chameleon's guess, the host's next round and new game). Every command's ack round trip is
 * timed.
 */

export interface LoadCounters {
  acks: Samples;
  /** From sending a command to the first room:state frame the sender gets after its ack: when the sender sees its move. */
  states: Samples;
  commands: number;
  refused: number;
  frames: number;
  /** Bytes of the sampled frames (every 50th is measured) and how many were sampled. */
  frameBytes: number;
  frameSamples: number;
  /** Some of the sampled frames, as received (JSON): the bare server sends one like them. */
  sampleFrames: string[];
  rounds: number;
  /** Rounds finished whether measuring or not (heap growth is read across more than the window). */
  roundsAll: number;
  errors: string[];
  /** Only commands and frames while this is true count (the measurement window). */
  measuring: boolean;
  /** Commands acked in the window per game process (--processes N): URL → count. */
  byProcess: Map<string, number>;
}

export function newCounters(): LoadCounters {
  return { acks: new Samples(), states: new Samples(), commands: 0, refused: 0, frames: 0, frameBytes: 0, frameSamples: 0, sampleFrames: [], rounds: 0, roundsAll: 0, errors: [], measuring: false, byProcess: new Map() };
}

/** Made-up clue words: never on a dataset grid, so no clue is refused. */
const CLUES = ["zorbly", "quenth", "marplow", "vintrick", "blusk", "froddle", "skibble", "gworn", "plimsy", "trundock"];

export interface Player {
  socket: Socket;
  stop(): void;
}

/**
 * Source addresses for simulated players: 127.0.0.2–127.0.0.254 in turn, so that the server's limits per
 * address (server/rooms/address-limits.ts, on at their defaults) see ~20 players per address at 5,000 players
 * instead of all of them behind one. Linux routes all of 127/8 to loopback; elsewhere (macOS has only
 * 127.0.0.1 unless aliased) and for a server not on 127.0.0.1 the system picks the address.
 */
let nextSource = 0;
export function nextSourceAddress(url: string): string | undefined {
  const host = new URL(url).hostname;
  if (process.platform !== "linux" || (host !== "127.0.0.1" && host !== "localhost")) return undefined;
  return `127.0.0.${2 + (nextSource++ % 253)}`;
}

/** A socket.io client from `localAddress` (engine.io-client hands it to ws and on to net.connect). */
export function connect(url: string, auth: Record<string, unknown> = {}, localAddress = nextSourceAddress(url)): Promise<Socket> {
  const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, auth, ...(localAddress ? { localAddress } : {}) });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => reject(error));
  });
}

/** The game process each socket of a cluster run plays on (its URL). */
const processOf = new WeakMap<Socket, string>();

/** Commands acked whose state frame has not arrived yet: socket → when the command was sent. */
const awaitingState = new WeakMap<Socket, number>();

/** A room:state frame reached `socket`: completes the state round trip of its last acked command, if any. */
export function noteStateFrame(socket: Socket, counters: LoadCounters): void {
  const sentAt = awaitingState.get(socket);
  if (sentAt === undefined) return;
  awaitingState.delete(socket);
  counters.states.add(performance.now() - sentAt);
}

export function timed(socket: Socket, counters: LoadCounters, event: string, payload: object): Promise<Ack<Record<string, unknown>>> {
  const t0 = performance.now();
  // A command counts when it was sent inside the window, however late its ack comes back.
  const counting = counters.measuring;
  return new Promise((resolve, reject) => {
    // A callback, not emitWithAck: it runs as the ack is read, before a state frame read in the same chunk.
    socket.timeout(30_000).emit(event, payload, (error: Error | null, ack: Ack<Record<string, unknown>>) => {
      if (error) return reject(error);
      if (counting) {
        if (ack.ok) awaitingState.set(socket, t0);
        counters.acks.add(performance.now() - t0);
        counters.commands++;
        if (!ack.ok) counters.refused++;
        const processUrl = processOf.get(socket);
        if (processUrl) counters.byProcess.set(processUrl, (counters.byProcess.get(processUrl) ?? 0) + 1);
      }
      if (!ack.ok && counters.errors.length < 20) counters.errors.push(`${event}: ${ack.code} ${ack.message}`);
      resolve(ack);
    });
  });
}

/** The bench's players: clues from a fixed list, votes spread over the table, and the host plays game after game. */
const BENCH_POLICY: AutoplayPolicy = {
  clue: (round) => CLUES[(round.number * 7 + round.clues.length) % CLUES.length],
  vote: (others, round, s) => others[(round.number + s.you.playerId.length) % others.length],
  playOn: true,
};

/** Plays a seat until stopped (autoplay-move.ts decides each move); the host also deals the next round and game. */
export function autoplay(socket: Socket, counters: LoadCounters, thinkMs = 0): () => void {
  const done = new Set<string>();
  let stopped = false;
  let latest: RoomSnapshot | null = null;
  const act = ({ key, event, payload }: AutoplayMove) => {
    if (stopped || done.has(key)) return;
    done.add(key);
    if (done.size > 64) done.delete(done.values().next().value as string);
    // A round ends when its host moves on: count it once, when the move is first made.
    if (event === C2S.hostNextRound || event === C2S.hostStart) {
      counters.roundsAll++;
      if (counters.measuring) counters.rounds++;
    }
    if (thinkMs > 0) {
      // A human-like pause (0.5× to 1.5× the mean), then the move on the snapshot that prompted it.
      setTimeout(() => !stopped && send(key, event, payload), thinkMs * (0.5 + Math.random())).unref();
      return;
    }
    send(key, event, payload);
  };
  const send = (key: string, event: string, payload: object) => {
    void timed(socket, counters, event, payload).then(
      (ack) => {
        // Too fast for the per-socket rate limit: wait a little and act on the newest snapshot again, as a client would.
        if (!ack.ok && ack.code === "RATE_LIMITED" && !stopped) {
          setTimeout(() => {
            done.delete(key);
            if (latest && !stopped) onState(latest, false);
          }, 250).unref();
        }
      },
      (error: unknown) => {
        if (!stopped) counters.errors.push(`${event}: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  };
  const onState = (s: RoomSnapshot, fresh = true) => {
    if (!fresh && latest !== s) return;
    latest = s;
    if (counters.measuring && fresh && ++counters.frames % 50 === 0) {
      const json = JSON.stringify(s);
      counters.frameBytes += json.length;
      counters.frameSamples++;
      if (counters.sampleFrames.length < 500) counters.sampleFrames.push(json);
    }
    const move = autoplayMove(s, BENCH_POLICY);
    if (move) act(move);
  };
  socket.on(S2C.roomState, (s: RoomSnapshot) => {
    noteStateFrame(socket, counters);
    onState(s);
  });
  return () => {
    stopped = true;
    socket.removeAllListeners(S2C.roomState);
  };
}

/** One room: the host creates it, the others join by code, the host starts once everyone is seated. */
export async function startRoom(url: string, roomSize: number, counters: LoadCounters, thinkMs = 0): Promise<Player[]> {
  const host = await connect(url);
  const created = await timed(host, counters, C2S.roomCreate, { name: "Host", settings: { discussionSeconds: 0, turnSeconds: 60, voteSeconds: 60 } });
  if (!created.ok) throw new Error(`room:create refused: ${created.message}`);
  const code = created.code as string;
  const players: Player[] = [{ socket: host, stop: autoplay(host, counters, thinkMs) }];
  for (let i = 1; i < roomSize; i++) {
    const socket = await connect(url);
    const joined = await timed(socket, counters, C2S.roomJoin, { code, name: `P${i}` });
    if (!joined.ok) throw new Error(`room:join refused: ${joined.message}`);
    players.push({ socket, stop: autoplay(socket, counters, thinkMs) });
  }
  const started = await timed(host, counters, C2S.hostStart, {});
  if (!started.ok) throw new Error(`host:start refused: ${started.message}`);
  return players;
}

/**
 * One room in a cluster of game processes (`--processes N`): the host creates it on process `index mod N`;
 * every other player reaches the next process, is told ROOM_ELSEWHERE, and joins on the owner, as a player
 * opening a share link on any process would. Only create and join consult the registry in Redis.
 */
export async function startClusterRoom(urls: readonly string[], index: number, roomSize: number, counters: LoadCounters, thinkMs = 0): Promise<Player[]> {
  const home = urls[((index % urls.length) + urls.length) % urls.length];
  const elsewhere = urls[(((index + 1) % urls.length) + urls.length) % urls.length];
  const host = await connect(home);
  processOf.set(host, home);
  const created = await retriedWhileUnavailable(() => timed(host, counters, C2S.roomCreate, { name: "Host", settings: { discussionSeconds: 0, turnSeconds: 60, voteSeconds: 60 } }));
  if (!created.ok) throw new Error(`room:create refused: ${created.message}`);
  const code = created.code as string;
  const players: Player[] = [{ socket: host, stop: autoplay(host, counters, thinkMs) }];
  for (let i = 1; i < roomSize; i++) {
    let socket = await connect(elsewhere);
    // The answer that names the owner is the expected one, not an error: it is not counted as a refusal.
    let joined = await retriedWhileUnavailable(async () => (await socket.timeout(30_000).emitWithAck(C2S.roomJoin, { code, name: `P${i}` })) as Ack<Record<string, unknown>>);
    if (!joined.ok && joined.code === "ROOM_ELSEWHERE" && typeof joined.url === "string") {
      socket.close();
      socket = await connect(joined.url);
      joined = await timed(socket, counters, C2S.roomJoin, { code, name: `P${i}` });
    }
    if (!joined.ok) throw new Error(`room:join refused: ${joined.message}`);
    processOf.set(socket, home);
    players.push({ socket, stop: autoplay(socket, counters, thinkMs) });
  }
  const started = await timed(host, counters, C2S.hostStart, {});
  if (!started.ok) throw new Error(`host:start refused: ${started.message}`);
  return players;
}

/** A command refused with UNAVAILABLE (Redis slow to answer on a saturated machine) is sent again, as a client would, a few times. */
async function retriedWhileUnavailable(send: () => Promise<Ack<Record<string, unknown>>>): Promise<Ack<Record<string, unknown>>> {
  let answer = await send();
  for (let attempt = 1; attempt < 5 && !answer.ok && answer.code === "UNAVAILABLE"; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    answer = await send();
  }
  return answer;
}

/**
 * The same load against the bare echo server: the same number of sockets in groups of `roomSize`, each sending
 * commands at `perSocketRate` per second (the rate the game run measured), every ack timed.
 */
export async function startEchoGroup(url: string, group: string, roomSize: number, perSocketRate: number, counters: LoadCounters): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = 0; i < roomSize; i++) {
    const socket = await connect(url, { group });
    socket.on("room:state", () => {
      noteStateFrame(socket, counters);
      if (counters.measuring) counters.frames++;
    });
    let stopped = false;
    // Poisson arrivals at the measured rate, so the echo server sees the same bursts as random play would make.
    const next = () => {
      if (stopped) return;
      const wait = -Math.log(1 - Math.random()) * (1000 / Math.max(perSocketRate, 0.001));
      setTimeout(() => {
        if (stopped) return;
        void timed(socket, counters, C2S.gameVote, { targetId: "p-000000" }).catch(() => {});
        next();
      }, wait).unref();
    };
    next();
    players.push({
      socket,
      stop: () => {
        stopped = true;
      },
    });
  }
  return players;
}
