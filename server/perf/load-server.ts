import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { writeHeapSnapshot } from "node:v8";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks";
import { startServer } from "../app";
import { clusterConfigFromEnv } from "../cluster/cluster-config";
import { ClusterNode } from "../cluster/cluster-node";
import { AddressLimits } from "../rooms/address-limits";
import { configFromEnv } from "../config";
import { defaultDeps } from "../server-deps";
import { GameLog } from "../store/game-log";
import { GameStore, type SyncMode } from "../store/game-store";
import { gameLogHooks } from "../store/room-hooks";
import { workerLexicalJudge } from "./load-judge-worker";
import { processStats } from "./load-stats";
import { RetainedSampler } from "./retained-sampler";

/**
 * The game server as `npm run bench:load` runs it: a child process on 127.0.0.1, port 0, with the default
 * dataset, lexical judge and bots, and a game log in a temporary folder (unless --db off). It tells its parent
 * its URL, then answers "stats" (after a GC, for heap readings) or "stats-nogc" (at the edges of the measured
 * window: a forced GC of a 200 MB heap stalls the server for 100–200 ms) with heap, RSS, CPU and the log's write times.
 * argv: ROOMS DB(on|off) SYNC(normal|full) SCORING(on|off|worker)
 */

const [roomsArg = "1000", dbArg = "on", syncArg = "normal", scoringArg = "on"] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), "sneak-load-"));
// SNEAK_LOAD_CHECKPOINT=auto: SQLite's checkpoints inside commits, as before the checkpoint worker (comparisons).
const checkpoint = process.env.SNEAK_LOAD_CHECKPOINT === "auto" ? "auto" : "worker";
const store = dbArg === "on" ? new GameStore({ path: join(dir, "load.db"), sync: syncArg as SyncMode, checkpoint }) : null;
let writes = 0;
let writeMs = 0;
let writeMaxMs = 0;
if (store) {
  // Time every write: this is what the command path pays before its ack (and the end-of-turn batches).
  const timed = <A extends unknown[], R>(write: (...args: A) => R) => (...args: A): R => {
    const t0 = performance.now();
    try {
      return write(...args);
    } finally {
      const took = performance.now() - t0;
      writeMs += took;
      writeMaxMs = Math.max(writeMaxMs, took);
      writes++;
    }
  };
  store.append = timed(store.append.bind(store));
  store.appendBatches = timed(store.appendBatches.bind(store));
}

async function main(): Promise<void> {
  const rooms = Number(roomsArg);
  // Bots act at once unless SNEAK_LOAD_BOT_DELAY_MS says otherwise (bench:faults --bot-delay).
  const botDelayMs = Number(process.env.SNEAK_LOAD_BOT_DELAY_MS ?? 0);
  const config = { ...configFromEnv(), port: 0, host: "127.0.0.1", botDelayMs, maxRooms: rooms, staticDir: join(dir, "no-client") };
  const deps = await defaultDeps(config, () => {});
  // Scoring off: no judge runs in the game, which isolates what scoring costs the server.
  if (scoringArg === "off") deps.evaluators = [];
  // Scoring in a worker thread: the same judge, off the event loop (an experiment; see load-judge-worker.ts).
  if (scoringArg === "worker") deps.evaluators = [workerLexicalJudge()];
  // One of several game processes (bench:load --processes N): the room registry in Redis, as SNEAK_REDIS_URL says.
  const clusterConfig = clusterConfigFromEnv();
  const cluster = clusterConfig ? await ClusterNode.connect(clusterConfig, new AddressLimits(config.addressLimits), null, config.graceMs, (line) => console.error(line)) : undefined;
  const server = await startServer({
    config,
    deps,
    cluster,
    log: () => {},
    ...(store
      ? {
          observer: (() => {
            const decoys = new Map(deps.dataset.categories.map((c) => [c.category, c.decoys]));
            const log = new GameLog(store, { decoysOf: (category) => decoys.get(category) ?? [], evaluatorIds: deps.evaluators.map((e) => e.id), log: (line) => console.error(line) });
            return gameLogHooks(log);
          })(),
        }
      : {}),
  });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcPauseMs = 0;
  let gcMaxPauseMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // The bench's own forced collections (before each heap reading) are not the server's.
      if (((entry as { detail?: { flags?: number } }).detail?.flags ?? 0) & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) continue;
      gcPauseMs += entry.duration;
      gcMaxPauseMs = Math.max(gcMaxPauseMs, entry.duration);
    }
  }).observe({ entryTypes: ["gc"] });
  const allocations = allocationSampler(process.env.SNEAK_LOAD_ALLOC_PROFILE);
  const retained = new RetainedSampler();
  process.on("message", (message: unknown) => {
    // bench:faults: memory as the OS and V8 see it now (no GC), and what a window's allocations left alive.
    if (message === "memory") process.send?.({ type: "memory", memory: process.memoryUsage() });
    if (message === "retained-start") void retained.start().then(() => process.send?.({ type: "retained-started" }));
    if (typeof message === "string" && message.startsWith("retained-stop")) {
      const file = message.slice("retained-stop:".length) || undefined;
      void retained.stop(12, file).then((found) => process.send?.({ type: "retained", ...found, memory: process.memoryUsage() }));
    }
    if (message === "stats-nogc") void allocations.toggle();
    if (message === "stats" || message === "stats-nogc") {
      const loopDelayP99Ms = loop.percentile(99) / 1e6;
      const loopDelayMaxMs = loop.max / 1e6;
      loop.reset();
      const gc = { gcPauseMs, gcMaxPauseMs };
      gcPauseMs = 0;
      gcMaxPauseMs = 0;
      const maxWrite = writeMaxMs;
      writeMaxMs = 0;
      if (message === "stats") (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ type: "stats", stats: processStats({ rooms: server.registry.size, logWrites: writes, logWriteMs: writeMs, loopDelayP99Ms, loopDelayMaxMs, logWriteMaxMs: maxWrite, ...gc }) });
    } else if (typeof message === "string" && message.startsWith("snapshot:")) {
      // Diagnostics (SNEAK_LOAD_SNAPSHOTS=DIR): a heap snapshot at each stats point, to see what a player costs.
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ type: "snapshot", file: writeHeapSnapshot(message.slice("snapshot:".length)) });
    } else if (message === "stop") {
      void server.close().finally(async () => {
        const checkpoints = await store?.checkpointNow().catch(() => null);
        if (checkpoints) {
          const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
          console.error(`  game log checkpoints (worker thread, whole run): ${checkpoints.passive} passive, ${checkpoints.restarts} WAL restarts, ${checkpoints.forced} forced (longest ${checkpoints.forcedLongestMs.toFixed(1)} ms, ${checkpoints.forcedGaveUp} gave up), ${checkpoints.frames} frames copied, longest ${checkpoints.longestMs.toFixed(1)} ms, WAL at most ${mb(checkpoints.maxWalBytes)}`);
        }
        await store?.close();
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  // If the bench dies, do not outlive it.
  process.once("disconnect", () => {
    store?.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send?.({ type: "ready", url: server.url });
}

/**
 * Diagnostics (SNEAK_LOAD_ALLOC_PROFILE=FILE): V8's sampling heap profiler over the measured window, counting
 * every sampled allocation, the ones young and old collections freed too: where the garbage that drives the
 * scavenges comes from. Open FILE in Chrome DevTools (Memory tab) or sum it by function.
 */
function allocationSampler(file: string | undefined): { toggle(): Promise<void> } {
  if (!file) return { toggle: async () => {} };
  const session = new Session();
  session.connect();
  let running = false;
  return {
    async toggle() {
      if (!running) {
        running = true;
        await session.post("HeapProfiler.startSampling", { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      } else {
        running = false;
        const { profile } = await session.post("HeapProfiler.stopSampling");
        writeFileSync(file, JSON.stringify(profile));
        console.error(`  allocation profile: ${file}`);
      }
    },
  };
}

main().catch((error: unknown) => {
  console.error(`load server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
