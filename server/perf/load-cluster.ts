import { Redis } from "ioredis";
import type { ProcessStats } from "./load-stats";
import { startRedis, type TestRedis } from "./redis-process";

/**
 * `npm run bench:load -- --processes N`: N game servers sharing a real redis-server (a temporary one on
 * 127.0.0.1), seen by the bench as one server whose figures are the sums of theirs (CPU, heap, RSS, log
 * writes; the worst event-loop delay), with each process's own window kept for the per-process lines, and
 * the commands Redis processed in the window (what the cluster costs Redis while rooms play).
 */

/** What the bench needs of a child process (server/perf/load.ts). */
export interface StatsChild {
  url: string;
  stats(gc?: boolean): Promise<ProcessStats>;
  snapshot(label: string): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterUnderLoad {
  /** The N processes as one: stats are summed. */
  combined: StatsChild;
  urls: string[];
  /** Each process's stats at the window's edges (the two no-GC readings), in order of `urls`. */
  window(): { start: ProcessStats[]; end: ProcessStats[] } | null;
  /** Commands Redis processed between the window's edges (the bench's own two INFO calls not counted). */
  redisCommandsInWindow(): number | null;
  stop(): Promise<void>;
}

export async function startCluster(n: number, spawn: (env: Record<string, string>) => Promise<StatsChild>): Promise<ClusterUnderLoad> {
  const redis: TestRedis = await startRedis();
  const children: StatsChild[] = [];
  const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await probe.connect();
    for (let i = 0; i < n; i++) {
      // A 2 s timeout rather than the default 0.5 s: on a machine whose cores the bench itself saturates,
      // Redis can wait that long for a core, and the ramp-up would be refused rather than measured.
      children.push(await spawn({ SNEAK_REDIS_URL: redis.url, SNEAK_PROCESS_ID: `load-${i + 1}`, SNEAK_REDIS_PREFIX: "load", SNEAK_REDIS_TIMEOUT_MS: "2000" }));
    }
  } catch (error) {
    await Promise.all(children.map((c) => c.stop()));
    probe.disconnect();
    await redis.close();
    throw error;
  }
  const edges: ProcessStats[][] = [];
  const redisEdges: number[] = [];
  const commandsProcessed = async () => Number(/total_commands_processed:(\d+)/.exec(await probe.info("stats"))?.[1] ?? NaN);

  const combined: StatsChild = {
    url: children[0].url,
    async stats(gc = true) {
      if (!gc) redisEdges.push(await commandsProcessed());
      const each = await Promise.all(children.map((c) => c.stats(gc)));
      if (!gc) edges.push(each);
      return sumOf(each);
    },
    async snapshot(label) {
      await Promise.all(children.map((c) => c.snapshot(label)));
    },
    async stop() {
      await Promise.all(children.map((c) => c.stop()));
    },
  };
  return {
    combined,
    urls: children.map((c) => c.url),
    window: () => (edges.length >= 2 ? { start: edges[edges.length - 2], end: edges[edges.length - 1] } : null),
    redisCommandsInWindow: () => (redisEdges.length >= 2 ? redisEdges[redisEdges.length - 1] - redisEdges[redisEdges.length - 2] - 1 : null),
    async stop() {
      await combined.stop();
      probe.disconnect();
      await redis.close();
    },
  };
}

function sumOf(all: ProcessStats[]): ProcessStats {
  const sum = (pick: (s: ProcessStats) => number | undefined) => all.reduce((total, s) => total + (pick(s) ?? 0), 0);
  const max = (pick: (s: ProcessStats) => number | undefined) => Math.max(...all.map((s) => pick(s) ?? NaN));
  return {
    heapUsed: sum((s) => s.heapUsed),
    rss: sum((s) => s.rss),
    cpuMs: sum((s) => s.cpuMs),
    rooms: sum((s) => s.rooms),
    logWrites: sum((s) => s.logWrites),
    logWriteMs: sum((s) => s.logWriteMs),
    logWriteMaxMs: max((s) => s.logWriteMaxMs),
    loopDelayP99Ms: max((s) => s.loopDelayP99Ms),
    loopDelayMaxMs: max((s) => s.loopDelayMaxMs),
    gcPauseMs: sum((s) => s.gcPauseMs),
    gcMaxPauseMs: max((s) => s.gcMaxPauseMs),
  };
}
