import { Command } from "commander";
import { intOption as int } from "./int-option";
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { kb, mb, ms, type ProcessStats } from "./load-stats";
import { SERVER_NODE_FLAGS } from "../server-node-flags";
import { newCounters, startClusterRoom, startEchoGroup, startRoom, type LoadCounters, type Player } from "./load-players";
import { startCluster } from "./load-cluster";

/**
 * `npm run bench:load`: the game server in one process, N simulated players in this one, playing full games
 * in rooms of 6 with no pause; then a bare socket.io echo server under the same load. This process runs
 * with the server's Node flags too (package.json), so that its own GC stalls stay short. Prints players, rooms,
 * events/s, ack round trips, heap and RSS per player, and the ratio to the bare server. Every loop is bounded
 * in count and time. See docs/PERFORMANCE.md.
 */

const program = new Command("bench:load")
  .description("Load-test the game server with simulated players and compare with a bare socket.io server")
  .option("--players <n>", "simulated players (a multiple of --room-size)", int("--players", 1), 300)
  .option("--room-size <n>", "players per room", int("--room-size", 3), 6)
  .option("--duration <s>", "seconds of measurement after the ramp", int("--duration", 1), 20)
  .option("--ramp <n>", "rooms started at once while ramping up", int("--ramp", 1), 10)
  .option("--db <on|off>", "keep the game log (durable writes before each ack)", "on")
  .option("--sync <normal|full>", "the log's SQLite synchronous mode", "normal")
  .option("--scoring <on|off|worker>", "score every clue in the game (off isolates its cost; worker: the lexical judge in a worker thread)", "on")
  .option("--think <ms>", "mean pause before each move (0: bots with zero delay; ~3000 is a quick human)", int("--think", 0), 0)
  .option("--no-bare", "skip the bare socket.io comparison")
  .option("--hop-baseline", "also measure the bare server with a worker thread behind it (server/perf/load-echo-hop-server.ts): the least that rooms in a worker thread could cost")
  .option("--pairs <n>", "measure the game server and the bare one this many times, in alternation, and report each ratio and their median", int("--pairs", 1), 1)
  .option("--processes <n>", "also run the game as this many processes sharing a Redis room registry (a temporary redis-server), and compare its CPU per command with the one process's", int("--processes", 1), 1)
  .option("--timeout <s>", "give up after this many seconds per pair of measurements", int("--timeout", 10), 600)
  .configureOutput({ outputError: (text, write) => write(text.split("\n")[0] + "\n") });

interface Child {
  process: ChildProcess;
  url: string;
  /** Heap, RSS, CPU and log figures; after a forced GC unless `gc` is false (that GC stalls the child). */
  stats(gc?: boolean): Promise<ProcessStats>;
  /** With SNEAK_LOAD_SNAPSHOTS=DIR, writes a heap snapshot of the server there (diagnostics only). */
  snapshot(label: string): Promise<void>;
  stop(): Promise<void>;
}

function spawnChild(file: string, args: string[], env: Record<string, string> = {}): Promise<Child> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), args, {
    env: { ...process.env, ...env },
    // SNEAK_LOAD_PROFILE=DIR: a CPU profile of each child, written when it stops (diagnostics only).
    // The server runs with the flags `npm start` gives it; SNEAK_LOAD_NODE_FLAGS adds others (e.g. GC settings to compare).
    execArgv: ["--import", "tsx", "--expose-gc", ...SERVER_NODE_FLAGS, ...(process.env.SNEAK_LOAD_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []), ...(process.env.SNEAK_LOAD_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.SNEAK_LOAD_PROFILE}`] : [])],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${file} exited (${code}) before it was ready`));
    child.once("exit", onExit);
    child.once("message", (message: { type?: string; url?: string }) => {
      if (message?.type !== "ready" || !message.url) return reject(new Error(`${file}: unexpected first message`));
      child.off("exit", onExit);
      resolve({
        process: child,
        url: message.url,
        stats: (gc = true) =>
          new Promise((done) => {
            const onMessage = (reply: { type?: string; stats?: ProcessStats }) => {
              if (reply?.type !== "stats") return;
              child.off("message", onMessage);
              done(reply.stats!);
            };
            child.on("message", onMessage);
            child.send(gc ? "stats" : "stats-nogc");
          }),
        snapshot: (label: string) =>
          new Promise((done) => {
            const dir = process.env.SNEAK_LOAD_SNAPSHOTS;
            if (!dir || !file.includes("load-server")) return done();
            const onMessage = (reply: { type?: string; file?: string }) => {
              if (reply?.type !== "snapshot") return;
              child.off("message", onMessage);
              console.error(`  heap snapshot: ${reply.file}`);
              done();
            };
            child.on("message", onMessage);
            child.send(`snapshot:${dir}/server-${label}.heapsnapshot`);
          }),
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
            child.once("exit", () => {
              clearTimeout(timer);
              done();
            });
            child.send("stop");
          }),
      });
    });
  });
}

const sleep = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));

interface RunResult {
  counters: LoadCounters;
  seconds: number;
  serverBefore: ProcessStats;
  serverLoaded: ProcessStats;
  /** Taken with half the players connected and playing (caches warm). */
  serverMiddle: ProcessStats | null;
  middlePlayers: number;
  serverWindow: { cpuMs: number; logWrites: number; logWriteMs: number; loopDelayP99Ms: number; loopDelayMaxMs: number; logWriteMaxMs: number; heapGrowth: number; roundsForHeapGrowth: number; gcPauseMs: number; gcMaxPauseMs: number };
  generatorCpuMs: number;
  /** The server's CPU while idle (after the warm-up, before the ramp), in ms per second: what it costs with no player. */
  idleCpuMsPerSecond: number;
  /** The load generator's own event-loop delay in the window: a stall there delays the acks it times too. */
  generatorLoopDelay: { p99Ms: number; maxMs: number };
  players: number;
  rooms: number;
}

/** Ramp up `rooms` rooms in batches, let them play, then measure for `duration` seconds. */
async function measure(
  child: Child,
  rooms: number,
  duration: number,
  ramp: number,
  start: (index: number, counters: LoadCounters) => Promise<Player[]>,
  deadline: number,
): Promise<RunResult & { all: Player[] }> {
  const counters = newCounters();
  // Warm up first (the first deal loads WordNet and the dataset's caches), so that "per player" is per player.
  const warm = await start(-1, counters);
  await sleep(3000);
  // Stopped first: a move still waiting out its pause would otherwise be sent after the leave (NOT_IN_ROOM).
  for (const p of warm) p.stop();
  await Promise.all(warm.map((p) => p.socket.timeout(5000).emitWithAck("room:leave", {}).catch(() => {})));
  closeAll(warm);
  await sleep(500);
  const serverBefore = await child.stats();
  const idleStart = await child.stats(false);
  await sleep(2000);
  const idleCpuMsPerSecond = ((await child.stats(false)).cpuMs - idleStart.cpuMs) / 2;
  const all: Player[] = [];
  const half = Math.max(1, Math.floor(rooms / 2));
  let started = 0;
  const rampTo = async (target: number) => {
    while (started < target) {
      if (Date.now() > deadline) throw new Error(`ramp-up passed --timeout after ${all.length} players`);
      const n = Math.min(ramp, target - started);
      const batch = await Promise.all(Array.from({ length: n }, (_, i) => start(started + i, counters)));
      started += n;
      for (const players of batch) all.push(...players);
      process.stderr.write(`\r  ${all.length} players connected`);
    }
  };
  await rampTo(half);
  // Half the players, playing for a while: the server's caches (WordNet senses of the cards dealt) are warm
  // now, so the heap grown from here on is what more players cost.
  await sleep(5000);
  const middle: ProcessStats | null = half < rooms ? await child.stats() : null;
  await child.snapshot("middle");
  const middlePlayers = all.length;
  await rampTo(rooms);
  process.stderr.write("\n");
  await sleep(2000);
  // The heap is read after a forced GC, which stalls the server: never inside the window or while a command
  // of the window waits for its ack. Let the backlog of that stall drain before the window opens, and every
  // counted command get its ack before the heap is read again.
  const heapStart = await child.stats();
  const roundsBefore = counters.roundsAll;
  await sleep(2000);
  const windowStart = await child.stats(false);
  const cpu0 = process.cpuUsage();
  const generatorLoop = monitorEventLoopDelay({ resolution: 5 });
  generatorLoop.enable();
  const t0 = Date.now();
  counters.measuring = true;
  await sleep(duration * 1000);
  counters.measuring = false;
  const seconds = (Date.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  generatorLoop.disable();
  const windowEnd = await child.stats(false);
  await sleep(2000);
  const serverLoaded = await child.stats();
  const roundsBetweenHeapReadings = counters.roundsAll - roundsBefore;
  await child.snapshot("loaded");
  return {
    counters,
    seconds,
    serverBefore,
    serverLoaded,
    serverMiddle: middle,
    middlePlayers,
    serverWindow: {
      cpuMs: windowEnd.cpuMs - windowStart.cpuMs,
      logWrites: (windowEnd.logWrites ?? 0) - (windowStart.logWrites ?? 0),
      logWriteMs: (windowEnd.logWriteMs ?? 0) - (windowStart.logWriteMs ?? 0),
      loopDelayP99Ms: windowEnd.loopDelayP99Ms ?? NaN,
      loopDelayMaxMs: windowEnd.loopDelayMaxMs ?? NaN,
      logWriteMaxMs: windowEnd.logWriteMaxMs ?? NaN,
      heapGrowth: serverLoaded.heapUsed - heapStart.heapUsed,
      roundsForHeapGrowth: roundsBetweenHeapReadings,
      gcPauseMs: windowEnd.gcPauseMs ?? NaN,
      gcMaxPauseMs: windowEnd.gcMaxPauseMs ?? NaN,
    },
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
    idleCpuMsPerSecond,
    generatorLoopDelay: { p99Ms: generatorLoop.percentile(99) / 1e6, maxMs: generatorLoop.max / 1e6 },
    players: all.length,
    rooms,
    all,
  };
}

/**
 * A snapshot the game run received, of about the mean size: what the bare server sends. A real snapshot, not
 * padding of the same length, so that both runs' clients parse the same kind of frame (a long string parses
 * many times faster than the nested objects of a snapshot).
 */
function typicalFrame(counters: LoadCounters): string {
  const samples = counters.sampleFrames;
  if (samples.length === 0) return JSON.stringify({ padding: "x".repeat(2500) });
  const mean = counters.frameBytes / counters.frameSamples;
  return samples.reduce((best, frame) => (Math.abs(frame.length - mean) < Math.abs(best.length - mean) ? frame : best));
}

function closeAll(players: readonly Player[]): void {
  for (const p of players) {
    p.stop();
    p.socket.close();
  }
}

function report(label: string, r: RunResult): { p50: number; p99: number; stateP99: number } {
  const c = r.counters;
  const p50 = c.acks.quantile(0.5);
  const p99 = c.acks.quantile(0.99);
  const heap = (r.serverLoaded.heapUsed - r.serverBefore.heapUsed) / r.players;
  const rss = (r.serverLoaded.rss - r.serverBefore.rss) / r.players;
  const more = r.players - r.middlePlayers;
  const marginalHeap = r.serverMiddle && more > 0 ? (r.serverLoaded.heapUsed - r.serverMiddle.heapUsed) / more : NaN;
  const marginalRss = r.serverMiddle && more > 0 ? (r.serverLoaded.rss - r.serverMiddle.rss) / more : NaN;
  console.log(`\n${label}`);
  console.log(`  players ${r.players}, rooms ${r.rooms}, measured ${r.seconds.toFixed(1)} s`);
  console.log(`  commands acked ${(c.commands / r.seconds).toFixed(0)}/s (${c.refused} refused), frames received ${(c.frames / r.seconds).toFixed(0)}/s${c.frameSamples ? ` (mean ${kb(c.frameBytes / c.frameSamples)})` : ""}${c.rounds ? `, rounds finished ${(c.rounds / r.seconds).toFixed(1)}/s` : ""}`);
  console.log(`  ack round trip p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(c.acks.max())} (${c.acks.count} acks)`);
  console.log(`  state round trip (command to the sender's next room:state after the ack) p50 ${ms(c.states.quantile(0.5))}, p99 ${ms(c.states.quantile(0.99))}`);
  console.log(`  server heap ${mb(r.serverLoaded.heapUsed)}: ${kb(marginalHeap)} per added player (from ${r.middlePlayers} to ${r.players}, caches warm), ${kb(heap)} per player over idle`);
  const rounds = r.serverWindow.roundsForHeapGrowth;
  if (rounds > 0) console.log(`  heap growth while playing: ${(r.serverWindow.heapGrowth / 1048576).toFixed(1)} MB over ${rounds} finished rounds (${kb(r.serverWindow.heapGrowth / rounds)} per round: what the rooms keep of past rounds)`);
  console.log(`  server RSS ${mb(r.serverLoaded.rss)}: ${kb(marginalRss)} per added player, ${kb(rss)} per player over idle`);
  if (Number.isFinite(r.serverWindow.gcPauseMs)) console.log(`  server GC pauses ${((100 * r.serverWindow.gcPauseMs) / (r.seconds * 1000)).toFixed(1)}% of the time, longest ${ms(r.serverWindow.gcMaxPauseMs)}`);
  console.log(`  server event-loop delay p99 ${ms(r.serverWindow.loopDelayP99Ms)}, max ${ms(r.serverWindow.loopDelayMaxMs)}; server CPU ${((100 * r.serverWindow.cpuMs) / (r.seconds * 1000)).toFixed(0)}% of a core; load generator CPU ${((100 * r.generatorCpuMs) / (r.seconds * 1000)).toFixed(0)}% of a core, its event-loop delay p99 ${ms(r.generatorLoopDelay.p99Ms)}, max ${ms(r.generatorLoopDelay.maxMs)}`);
  if (r.serverWindow.logWrites > 0) {
    console.log(`  game log: ${(r.serverWindow.logWrites / r.seconds).toFixed(0)} durable writes/s, mean ${ms(r.serverWindow.logWriteMs / r.serverWindow.logWrites)} each, longest ${ms(r.serverWindow.logWriteMaxMs)} (${((100 * r.serverWindow.logWriteMs) / (r.seconds * 1000)).toFixed(1)}% of the server's time)`);
  }
  if (r.generatorCpuMs / (r.seconds * 1000) > 0.9) console.log("  NOTE: the load generator saturated its core: these figures are what it could drive, not the server's limit.");
  if (c.errors.length > 0) console.log(`  errors: ${c.errors.length} (first: ${c.errors[0]})`);
  return { p50, p99, stateP99: c.states.quantile(0.99) };
}

async function main(): Promise<void> {
  program.parse();
  const o = program.opts<Options>();
  if (!["on", "off"].includes(o.db)) throw new Error("--db must be on or off");
  if (!["normal", "full"].includes(o.sync)) throw new Error("--sync must be normal or full");
  if (!["on", "off", "worker"].includes(o.scoring)) throw new Error("--scoring must be on, off or worker");
  const rooms = Math.ceil(o.players / o.roomSize);
  const watchdog = setTimeout(() => {
    console.error(`bench:load: gave up after --timeout ${o.timeout} s per pair`);
    process.exit(1);
  }, o.timeout * 1000 * o.pairs);
  watchdog.unref();
  console.log(`bench:load: ${rooms * o.roomSize} players in ${rooms} rooms of ${o.roomSize}, ${o.duration} s measured${o.pairs > 1 ? `, ${o.pairs} pairs of runs` : ""}; game log ${o.db}${o.db === "on" ? ` (synchronous=${o.sync})` : ""}; in-game scoring ${o.scoring}; ${o.think === 0 ? "no pause between moves" : `~${o.think} ms pause before each move`}; Node ${process.version}; ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at start`);
  // The players' own stalls (GC, parsing snapshots) delay the acks they time, for both servers alike: a
  // generator stalling as long as the servers do hides the difference between them (docs/PERFORMANCE.md).
  const generatorFlags = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (generatorFlags.length > 0) console.log(`  NOTE: the load generator runs without ${generatorFlags.join(" ")}, which npm run bench:load gives it: its own GC stalls add to both servers' round trips.`);

  const p99Ratios: number[] = [];
  for (let pair = 1; pair <= o.pairs; pair++) {
    if (o.pairs > 1) console.log(`\n── Pair ${pair} of ${o.pairs}`);
    const ratio = await measurePair(o, rooms, Date.now() + o.timeout * 1000);
    if (ratio !== null) p99Ratios.push(ratio);
  }
  if (p99Ratios.length > 1) {
    const sorted = [...p99Ratios].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
    console.log(`\nRatio game/bare, ack p99, over ${p99Ratios.length} pairs: ${p99Ratios.map((r) => `${r.toFixed(2)}×`).join(", ")}; median ${median.toFixed(2)}× (target ≤ 1.5×)`);
  }
}

interface Options {
  players: number;
  roomSize: number;
  duration: number;
  ramp: number;
  db: string;
  sync: string;
  scoring: string;
  think: number;
  bare: boolean;
  hopBaseline?: boolean;
  pairs: number;
  processes: number;
  timeout: number;
}

/** The game server measured, then (unless --no-bare) the bare one under the same load; returns the ack p99 ratio. */
async function measurePair(o: Options, rooms: number, deadline: number): Promise<number | null> {
  const game = await spawnChild("./load-server.ts", [String(rooms + 10), o.db, o.sync, o.scoring]);
  let gameRun: RunResult & { all: Player[] };
  try {
    gameRun = await measure(game, rooms, o.duration, o.ramp, (_i, counters) => startRoom(game.url, o.roomSize, counters, o.think), deadline);
    closeAll(gameRun.all);
  } finally {
    await game.stop();
  }
  const gameFigures = report("Game server", gameRun);
  if (o.processes > 1) await measureCluster(o, rooms, deadline, gameRun);
  if (!o.bare) return null;

  const perSocketRate = gameRun.counters.commands / gameRun.seconds / gameRun.players;
  // The echo server sends frames as large as the game's snapshots were.
  const frameFile = join(mkdtempSync(join(tmpdir(), "sneak-bare-")), "frame.json");
  writeFileSync(frameFile, typicalFrame(gameRun.counters));
  const frameBytes = statSync(frameFile).size;
  const label = `socket.io echo server (same sockets, ${perSocketRate.toFixed(2)} commands/s each, ack + a ${frameBytes}-byte game snapshot to the group)`;
  let bareFigures: ReturnType<typeof report>;
  let hopFigures: ReturnType<typeof report> | undefined;
  try {
    bareFigures = await measureEcho("./load-echo-server.ts", `Bare ${label}`);
    if (o.hopBaseline) hopFigures = await measureEcho("./load-echo-hop-server.ts", `Bare ${label}, behind a worker thread (--hop-baseline)`);
  } finally {
    rmSync(dirname(frameFile), { recursive: true, force: true });
  }
  console.log(`\nLoad average at the end: ${loadavg()[0].toFixed(1)} (${cpus().length} cores): other processes compete for the same cores.`);
  const p99Ratio = gameFigures.p99 / bareFigures.p99;
  console.log(`Ratio game/bare: ack p50 ${(gameFigures.p50 / bareFigures.p50).toFixed(2)}×, p99 ${p99Ratio.toFixed(2)}× (target ≤ 1.5×); state round trip p99 ${(gameFigures.stateP99 / bareFigures.stateP99).toFixed(2)}×`);
  if (hopFigures) console.log(`Ratio bare behind a worker thread/bare: ack p50 ${(hopFigures.p50 / bareFigures.p50).toFixed(2)}×, p99 ${(hopFigures.p99 / bareFigures.p99).toFixed(2)}×`);
  return p99Ratio;

  async function measureEcho(script: string, title: string): Promise<ReturnType<typeof report>> {
    const echo = await spawnChild(script, [frameFile]);
    let run: RunResult & { all: Player[] };
    try {
      run = await measure(echo, rooms, o.duration, o.ramp, (i, counters) => startEchoGroup(echo.url, `g${i}`, o.roomSize, perSocketRate, counters), deadline);
      closeAll(run.all);
    } finally {
      await echo.stop();
    }
    return report(title, run);
  }
}

/** The same game as --processes N processes on one Redis registry: per-process figures and CPU per command against one process. */
async function measureCluster(o: Options, rooms: number, deadline: number, single: RunResult): Promise<void> {
  // Each process gets room for all the rooms (the registry, not a cap, spreads them).
  const cluster = await startCluster(o.processes, (env) => spawnChild("./load-server.ts", [String(rooms + 10), o.db, o.sync, o.scoring], env));
  let run: RunResult & { all: Player[] };
  try {
    run = await measure(cluster.combined as Child, rooms, o.duration, o.ramp, (i, counters) => startClusterRoom(cluster.urls, i, o.roomSize, counters, o.think), deadline);
    closeAll(run.all);
  } finally {
    await cluster.stop();
  }
  report(`Cluster of ${o.processes} game processes on one Redis registry (figures summed over the processes)`, run);
  const window = cluster.window();
  const perCommand = (cpuMs: number, commands: number) => (commands > 0 ? cpuMs / commands : NaN);
  const singlePerCommand = perCommand(single.serverWindow.cpuMs, single.counters.commands);
  if (window) {
    cluster.urls.forEach((url, i) => {
      const cpuMs = window.end[i].cpuMs - window.start[i].cpuMs;
      const commands = run.counters.byProcess.get(url) ?? 0;
      console.log(
        `  process ${i + 1} (${url}): ${window.end[i].rooms ?? 0} rooms, ${(commands / run.seconds).toFixed(0)} commands acked/s, CPU ${((100 * cpuMs) / (run.seconds * 1000)).toFixed(0)}% of a core, ${ms(perCommand(cpuMs, commands))} CPU per command, heap ${mb(window.end[i].heapUsed)}, event-loop delay p99 ${ms(window.end[i].loopDelayP99Ms ?? NaN)}`,
      );
    });
  }
  const redisCommands = cluster.redisCommandsInWindow();
  if (redisCommands !== null) {
    // Redis counts the calls a Lua script makes too: a heartbeat is one round trip but about 2 calls per room.
    console.log(`  Redis: ${redisCommands} commands processed in the ${run.seconds.toFixed(1)} s window (${(redisCommands / run.seconds).toFixed(1)}/s, the heartbeat scripts' inner calls included) for ${run.counters.commands} game commands`);
  }
  const clusterPerCommand = perCommand(run.serverWindow.cpuMs, run.counters.commands);
  console.log(`CPU per command: one process ${ms(singlePerCommand)}, ${o.processes} processes ${ms(clusterPerCommand)} (summed CPU / commands): ${(clusterPerCommand / singlePerCommand).toFixed(2)}× (target ≤ 1.1×)`);
  // Each process also costs CPU with no player at all (timers, the log's checkpoint worker, GC): a fixed cost
  // per process that a busy process spreads over many commands and a lightly loaded one over few. Read over
  // 2 s with no player; on a crowded machine it moves by several ms/s between readings.
  console.log(`  idle CPU (2 s with no player, before the ramp): one process ${single.idleCpuMsPerSecond.toFixed(1)} ms/s, ${o.processes} processes ${run.idleCpuMsPerSecond.toFixed(1)} ms/s in all`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:load: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    process.exit(1);
  },
);
