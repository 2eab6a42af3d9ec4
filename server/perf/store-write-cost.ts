import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { SCHEMA_SQL } from "../store/schema";
import { openSqlite, type SqliteDatabase } from "../store/sqlite-driver";
import { capturedCommits, type Commit } from "./store-bench-commits";

/**
 * `npx tsx server/perf/store-write-cost.ts [COMMITS]`: what one commit of the game log costs, and where.
 * The records are real: a game played through the real reducer and GameLog hooks (the store tests' fixture),
 * captured commit by commit, then replayed over 500 interleaved rooms (as under bench:load) into fresh WAL
 * files, synchronous=NORMAL, checkpoints off (the worker's job), in variants that each remove one cost:
 * the json_valid CHECK, the by-kind index, the (log_id, seq) index, the triggers, JSON.stringify, SQLite
 * altogether. Prints the mean and p99 per commit and the WAL bytes each commit appends.
 */

const COMMITS = Number(process.argv[2] ?? 20_000);
const ROOMS = 500;

interface Variant {
  name: string;
  schema: string;
  /** false: the payload strings are made once, before timing (what JSON.stringify costs). */
  stringify: boolean;
}

const withoutCheck = SCHEMA_SQL.replace(" CHECK (json_valid(payload))", "");
const withoutKindIndex = SCHEMA_SQL.replace("CREATE INDEX IF NOT EXISTS events_by_kind ON events (kind, log_id);", "");
const STRUCTURAL = ["log-open", "log-close", "game-start", "game-over", "round-dealt", "round-end"];
const partialIndexes = SCHEMA_SQL.replace(
  "CREATE INDEX IF NOT EXISTS events_by_kind ON events (kind, log_id);",
  STRUCTURAL.map((kind) => `CREATE INDEX IF NOT EXISTS "events_${kind}" ON events (log_id) WHERE kind = '${kind}';`).join("\n"),
);
const withoutTriggers = SCHEMA_SQL.replace(/CREATE TRIGGER[^;]+;[^;]+;/g, "");
const bare = "CREATE TABLE events (id INTEGER PRIMARY KEY, log_id TEXT NOT NULL, seq INTEGER NOT NULL, at INTEGER NOT NULL, kind TEXT NOT NULL, round INTEGER, payload TEXT NOT NULL);";

const variants: Variant[] = [
  { name: "schema 1 as shipped", schema: SCHEMA_SQL, stringify: true },
  { name: "without CHECK (json_valid)", schema: withoutCheck, stringify: true },
  { name: "without the by-kind index", schema: withoutKindIndex, stringify: true },
  { name: "partial indexes of the 6 structural kinds", schema: partialIndexes, stringify: true },
  { name: "without the append-only triggers", schema: withoutTriggers, stringify: true },
  { name: "payloads stringified beforehand", schema: SCHEMA_SQL, stringify: false },
  { name: "bare table: no index, check, trigger", schema: bare, stringify: true },
];

let runs = 0;

function run(variant: Variant, commits: Commit[], dir: string): { meanUs: number; p99Us: number; walBytesPerCommit: number; rows: number } {
  const path = join(dir, `${variant.name.replace(/\W+/g, "-")}-${runs++}.db`);
  const db: SqliteDatabase = openSqlite(path);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0");
  db.exec(variant.schema);
  const insert = db.prepare("INSERT INTO events (log_id, seq, at, kind, round, payload) VALUES (?, ?, ?, ?, ?, ?)");
  const seqs = new Map<string, number>();
  type Row = [string, number | null, string | unknown];
  const prepared = commits.map((c) => c.batches.map((b) => b.records.map((r): Row => [r.kind, r.round, variant.stringify ? r.payload : JSON.stringify(r.payload)])));
  const write = db.transaction((rows: Row[][], room: number, at: number) => {
    for (const batch of rows) {
      const logId = `ROOM${room}-log`;
      let seq = seqs.get(logId) ?? 0;
      for (const [kind, round, payload] of batch) insert.run(logId, seq++, at, kind, round, variant.stringify ? JSON.stringify(payload) : payload);
      seqs.set(logId, seq);
    }
  });
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < COMMITS; i++) {
    // Each room replays the game's commits in order; rooms take turns, as 500 live rooms do.
    const room = i % ROOMS;
    const commit = prepared[Math.floor(i / ROOMS) % prepared.length];
    const t0 = performance.now();
    write(commit, room, i);
    times.push(performance.now() - t0);
    rows += commit.reduce((n, b) => n + b.length, 0);
  }
  const walBytes = statSync(`${path}-wal`).size;
  db.close();
  times.sort((a, b) => a - b);
  return { meanUs: (1000 * times.reduce((a, b) => a + b, 0)) / times.length, p99Us: 1000 * times[Math.floor(times.length * 0.99)], walBytesPerCommit: walBytes / COMMITS, rows };
}

async function main(): Promise<void> {
  const commits = await capturedCommits();
  const records = commits.flatMap((c) => c.batches.flatMap((b) => b.records));
  const bytes = records.reduce((n, r) => n + JSON.stringify(r.payload).length, 0);
  console.log(`store-write-cost: ${COMMITS} commits over ${ROOMS} rooms, replaying a real game's ${commits.length} commits (${records.length} records, mean payload ${(bytes / records.length).toFixed(0)} B); WAL, synchronous=NORMAL, no checkpoints; Node ${process.version}`);
  // JSON.stringify alone, over the same records.
  const t0 = performance.now();
  for (let i = 0; i < COMMITS; i++) for (const b of commits[Math.floor(i / ROOMS) % commits.length].batches) for (const r of b.records) JSON.stringify(r.payload);
  console.log(`  JSON.stringify of the payloads alone: ${((1000 * (performance.now() - t0)) / COMMITS).toFixed(1)} µs per commit`);
  const dir = mkdtempSync(join(tmpdir(), "sneak-write-cost-"));
  try {
    // One untimed pass first: the page cache and the JIT warm up.
    run(variants[0], commits, dir);
    // Two rounds, in turn: the spread between a variant's two figures is the noise.
    for (const variant of [...variants, ...variants]) {
      const r = run(variant, commits, dir);
      console.log(`  ${variant.name.padEnd(40)} mean ${r.meanUs.toFixed(1).padStart(6)} µs, p99 ${r.p99Us.toFixed(1).padStart(6)} µs per commit; WAL ${(r.walBytesPerCommit / 1024).toFixed(1)} KB per commit (${(r.rows / COMMITS).toFixed(2)} rows)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`store-write-cost: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
