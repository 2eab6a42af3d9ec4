import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { GameStore } from "../store/game-store";
import { isPromiseLike, type LogBatch, type LogStore } from "../store/log-store";
import { PgGameStore } from "../store/pg-game-store";
import { capturedCommits, type Commit } from "./store-bench-commits";
import { postgresMissing, startPostgres, type PostgresServer } from "../../test/support/postgres-server";

/**
 * `npm run bench:store [-- --seconds S] [--rooms 1,10,100,500]`: what one durable write of the game log costs on
 * SQLite and on Postgres, side by side. The writes are real: the commits of a game played through the real
 * reducer and GameLog hooks, replayed by N rooms at once. Each room does what a room's command queue does:
 * append a commit, wait until it is durable, append the next. Prints, per backend and N, the median and p99
 * time from append to durable, and commits and rows per second.
 *
 * SQLite: a WAL file in a temp folder, synchronous=NORMAL (the default; durable once in the WAL) with the
 * checkpoint worker, as the server runs it. Its append is synchronous, so N rooms take turns on one thread.
 * Postgres: SNEAK_BENCH_DATABASE_URL if set, else a throwaway local server (Debian's binaries) with fsync on
 * and synchronous_commit on (its defaults): a commit is on disk before it is acknowledged. Concurrent
 * appends of the rooms are grouped into one INSERT per round trip (pg-game-store.ts).
 */

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const SECONDS = Number(option("seconds") ?? 5);
const ROOM_COUNTS = (option("rooms") ?? "1,10,100,500").split(",").map(Number);

interface Result {
  backend: string;
  rooms: number;
  commits: number;
  rows: number;
  seconds: number;
  latenciesMs: Float64Array;
}

/** The game's commits for room `i`: its own log id and room code. */
function roomCommits(commits: Commit[], room: number): LogBatch[][] {
  const code = `R${room.toString(36).toUpperCase().padStart(4, "0")}`;
  return commits.map((commit) => commit.logBatches.map((batch) => ({ ...batch, logId: `${code}-bench`, roomCode: code })));
}

async function measure(backend: string, store: LogStore, commits: Commit[], rooms: number): Promise<Result> {
  const latencies: number[] = [];
  let rows = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  // Each room replays the game over and over under a fresh log id per pass, so every pass opens a new log.
  const roomLoop = async (room: number) => {
    const game = roomCommits(commits, room);
    for (let pass = 0; performance.now() < deadline; pass++) {
      for (const batches of game) {
        const named = batches.map((b) => ({ ...b, logId: `${b.logId}-${pass}`, at: Date.now() }));
        const t0 = performance.now();
        const written = store.appendBatches(named);
        if (isPromiseLike(written)) await written;
        latencies.push(performance.now() - t0);
        for (const batch of named) rows += batch.records.length;
        if (performance.now() >= deadline) return;
        // A synchronous store: let the other rooms (and the checkpoint worker's messages) have their turn.
        if (!isPromiseLike(written) && latencies.length % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    }
  };
  await Promise.all(Array.from({ length: rooms }, (_, i) => roomLoop(i)));
  const seconds = (performance.now() - started) / 1000;
  return { backend, rooms, commits: latencies.length, rows, seconds, latenciesMs: Float64Array.from(latencies).sort() };
}

const quantile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function line(r: Result): string {
  const mean = r.latenciesMs.reduce((sum, v) => sum + v, 0) / r.latenciesMs.length;
  return `| ${r.backend} | ${r.rooms} | ${quantile(r.latenciesMs, 0.5).toFixed(3)} | ${quantile(r.latenciesMs, 0.99).toFixed(3)} | ${mean.toFixed(3)} | ${Math.round(r.commits / r.seconds).toLocaleString("en-US")} | ${Math.round(r.rows / r.seconds).toLocaleString("en-US")} |`;
}

async function main(): Promise<void> {
  const commits = await capturedCommits();
  const rowsPerCommit = commits.reduce((n, c) => n + c.logBatches.reduce((m, b) => m + b.records.length, 0), 0) / commits.length;
  console.log(`A game's ${commits.length} commits (${rowsPerCommit.toFixed(2)} rows each), replayed by N rooms for ${SECONDS} s per line.\n`);
  console.log("| Backend | Rooms (N) | Median append → durable (ms) | p99 (ms) | Mean (ms) | Commits/s | Rows/s |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");

  const dir = mkdtempSync(join(tmpdir(), "sneak-bench-store-"));
  try {
    for (const rooms of ROOM_COUNTS) {
      const store = new GameStore({ path: join(dir, `sqlite-${rooms}.db`), sync: "normal" });
      try {
        console.log(line(await measure("SQLite (WAL, synchronous=NORMAL)", store, commits, rooms)));
      } finally {
        await store.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  let server: PostgresServer | null = null;
  const url = process.env.SNEAK_BENCH_DATABASE_URL;
  if (!url) {
    if (postgresMissing) {
      console.log(`| Postgres | – | skipped: ${postgresMissing} | | | | |`);
      return;
    }
    server = await startPostgres({ fsync: true });
  }
  try {
    for (const rooms of ROOM_COUNTS) {
      const database = server ? await server.createDatabase(`bench_${rooms}`) : url!;
      const store = await PgGameStore.open({ url: database });
      try {
        console.log(line(await measure(`Postgres${server ? " (local, fsync on)" : ""}`, store, commits, rooms)));
      } finally {
        await store.close();
      }
    }
  } finally {
    server?.stop("fast");
  }
}

main().catch((error: unknown) => {
  console.error(`bench:store: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
