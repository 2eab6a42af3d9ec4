import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { GameStore, type GameStoreOptions } from "../store/game-store";
import { openSqlite } from "../store/sqlite-driver";
import { capturedCommits, type Commit } from "./store-bench-commits";

/**
 * `npx tsx server/perf/store-checkpoint-cost.ts [COMMITS_PER_SECOND] [SECONDS]`: what WAL checkpoints cost
 * the event loop. The game log is written at a steady rate (default 1,000 commits/s, 15 s; bench:load at
 * 3,000 players writes ~400-500/s) with a real game's commits over 500 interleaved rooms, once with SQLite's
 * automatic checkpoints (inside the commit that crosses 1,000 pages: the log before the checkpoint worker),
 * once with the worker (default WAL limit), once with the worker and a 4 MiB WAL limit (truncations
 * every few seconds, to see what one costs the writer). Prints each mode's write times and WAL size.
 */

const RATE = Number(process.argv[2] ?? 1000);
const SECONDS = Number(process.argv[3] ?? 15);
const ROOMS = 500;

interface Mode {
  name: string;
  options: Partial<GameStoreOptions>;
  /** Another connection holds one read transaction for the whole run (a long export): no restart can happen. */
  reader?: boolean;
}

const MiB = 1024 * 1024;
const modes: Mode[] = [
  { name: "automatic checkpoints in the writer", options: { checkpoint: "auto" } },
  { name: "checkpoint worker, WAL limit 64 MiB", options: { checkpoint: "worker", walLimitBytes: 64 * MiB } },
  { name: "checkpoint worker, WAL limit 16 MiB", options: { checkpoint: "worker", walLimitBytes: 16 * MiB } },
  { name: "checkpoint worker, WAL limit 4 MiB", options: { checkpoint: "worker", walLimitBytes: 4 * MiB } },
  { name: "checkpoint worker, 16 MiB, a reader holding a snapshot", options: { checkpoint: "worker", walLimitBytes: 16 * MiB }, reader: true },
];

async function run(mode: Mode, commits: Commit[], dir: string): Promise<string> {
  const path = join(dir, `${mode.name.replace(/\W+/g, "-")}.db`);
  const store = new GameStore({ path, ...mode.options });
  const reader = mode.reader ? openSqlite(path, { readonly: true }) : null;
  reader?.exec("BEGIN");
  reader?.prepare("SELECT COUNT(*) FROM events").get();
  const times: number[] = [];
  let maxWal = 0;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = performance.now();
  let done = 0;
  await new Promise<void>((finish) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      if (elapsed >= SECONDS * 1000) return finish();
      // Every commit due by now, each timed on its own (as the command path pays it).
      for (const due = Math.floor((elapsed * RATE) / 1000); done < due; done++) {
        const room = done % ROOMS;
        const commit = commits[Math.floor(done / ROOMS) % commits.length];
        const batches = commit.logBatches.map((b) => ({ ...b, logId: `ROOM${room}` }));
        const t0 = performance.now();
        store.appendBatches(batches);
        times.push(performance.now() - t0);
      }
      if (done % 100 === 0 && existsSync(`${path}-wal`)) maxWal = Math.max(maxWal, statSync(`${path}-wal`).size);
      setImmediate(tick);
    };
    tick();
  });
  loop.disable();
  reader?.exec("COMMIT");
  reader?.close();
  const checkpoints = await store.checkpointNow();
  await store.close();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))];
  const worker = checkpoints
    ? `; worker: ${checkpoints.passive} passive, ${checkpoints.restarts} WAL restarts, ${checkpoints.forced} forced (longest ${checkpoints.forcedLongestMs.toFixed(1)} ms, ${checkpoints.forcedGaveUp} gave up), longest checkpoint ${checkpoints.longestMs.toFixed(1)} ms off the event loop`
    : "";
  return (
    `  ${mode.name}: ${times.length} commits, write mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(3)} ms, p99 ${at(0.99).toFixed(2)} ms, ` +
    `p99.9 ${at(0.999).toFixed(2)} ms, max ${at(1).toFixed(2)} ms, ${times.filter((t) => t > 5).length} over 5 ms; ` +
    `event-loop delay max ${(loop.max / 1e6).toFixed(1)} ms; WAL at most ${(maxWal / 1048576).toFixed(1)} MiB${worker}`
  );
}

async function main(): Promise<void> {
  const commits = await capturedCommits();
  console.log(`store-checkpoint-cost: ${RATE} commits/s for ${SECONDS} s per mode, a real game's commits over ${ROOMS} rooms; WAL, synchronous=NORMAL; Node ${process.version}`);
  const dir = mkdtempSync(join(tmpdir(), "sneak-ckpt-cost-"));
  try {
    for (const mode of modes) console.log(await run(mode, commits, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`store-checkpoint-cost: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
