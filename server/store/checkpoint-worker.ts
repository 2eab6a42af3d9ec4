import { statSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { openSqlite, type SqliteDriverName } from "./sqlite-driver";

/**
 * The game log's checkpointer, in a worker thread with its own SQLite connection (started by
 * checkpointer.ts). The writing connection never checkpoints (its automatic checkpoints ran inside whichever
 * commit crossed 1,000 pages, on the event loop, for 12–27 ms). Here, every `intervalMs`, PASSIVE
 * checkpoints copy the committed WAL frames into the database without taking the writer's lock, so the
 * writer is never blocked; once one has caught up with the end of the WAL, the writer's next commit starts
 * the WAL over from its beginning. When writes never pause long enough for that (about 1,000 commits/s and
 * up), the WAL keeps growing: past `limitBytes` in use, one RESTART checkpoint resets it, holding the writer
 * for the frames written since the last PASSIVE pass and a sync (a few ms, measured by
 * server/perf/store-checkpoint-cost.ts). The file's size is then bounded by about that limit.
 */

export interface CheckpointerSettings {
  path: string;
  driver: SqliteDriverName;
  sync: "normal" | "full";
  intervalMs: number;
  /** WAL in use (frames since its last restart) past which a RESTART checkpoint resets it. */
  limitBytes: number;
}

export interface CheckpointStats {
  /** PASSIVE checkpoints run. */
  passive: number;
  /** RESTART checkpoints run because the WAL passed `limitBytes`; they hold the writer for their duration. */
  forced: number;
  /** The longest of those. */
  forcedLongestMs: number;
  /** RESTARTs that gave up at once (the writer was mid-commit, or a reader still used the WAL). */
  forcedGaveUp: number;
  /** Times the writer restarted the WAL from its beginning after a complete checkpoint (seen by the next one). */
  restarts: number;
  /** WAL frames copied into the database. */
  frames: number;
  /** Time spent checkpointing, and the longest checkpoint (worker thread time, not the event loop's). */
  totalMs: number;
  longestMs: number;
  /** The WAL file's size now, and the largest seen at a checkpoint. */
  walBytes: number;
  maxWalBytes: number;
  /** The last checkpoint error, if any (the next tick tries again). */
  lastError: string | null;
}

export type CheckpointerRequest = { type: "checkpoint"; id: number } | { type: "stats"; id: number } | { type: "stop"; id: number };
export type CheckpointerReply = { type: "ready" } | { type: "done"; id: number; stats: CheckpointStats } | { type: "failed"; error: string };

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

if (parentPort && workerData && (workerData as { checkpointer?: CheckpointerSettings }).checkpointer) {
  const port = parentPort;
  const settings = (workerData as { checkpointer: CheckpointerSettings }).checkpointer;
  try {
    const db = openSqlite(settings.path, { fileMustExist: true }, settings.driver);
    // The checkpoint's syncs follow the writer's durability mode. No busy timeout: a RESTART that found the
    // writer mid-commit, or a reader still on the WAL (a long export), must give up at once, not wait while
    // holding the write lock (the writer would wait behind it); it is tried again on the next tick.
    db.exec(`PRAGMA synchronous = ${settings.sync === "full" ? "FULL" : "NORMAL"}; PRAGMA busy_timeout = 0; PRAGMA wal_autocheckpoint = 0`);
    const passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
    // RESTART, not TRUNCATE: emptying a 64 MiB file held the writer for 27–38 ms (store-checkpoint-cost.ts).
    const forced = db.prepare("PRAGMA wal_checkpoint(RESTART)");
    const frameBytes = (db.pragmaValue("page_size") as number) + 24;
    const walFile = `${settings.path}-wal`;
    const walBytes = () => {
      try {
        return statSync(walFile).size;
      } catch {
        return 0;
      }
    };
    const stats: CheckpointStats = { passive: 0, forced: 0, forcedLongestMs: 0, forcedGaveUp: 0, restarts: 0, frames: 0, totalMs: 0, longestMs: 0, walBytes: 0, maxWalBytes: 0, lastError: null };
    let last = { log: 0, checkpointed: 0 };
    /** Counts what one checkpoint copied: SQLite reports totals for the current WAL, which restarts from 0. */
    const account = (row: CheckpointRow) => {
      const restarted = row.log < last.log;
      if (restarted) stats.restarts++;
      stats.frames += Math.max(0, row.checkpointed - (restarted ? 0 : last.checkpointed));
      last = { log: row.log, checkpointed: row.checkpointed };
    };
    const checkpoint = () => {
      const t0 = performance.now();
      try {
        // Catch up with the frames committed during the previous pass (a few tries): a WAL checkpointed to its
        // end is restarted from its beginning by the writer's next commit, so the file stops growing.
        let row = passive.get() as CheckpointRow;
        account(row);
        for (let again = 0; again < 3 && row.busy === 0 && row.checkpointed < row.log; again++) {
          row = passive.get() as CheckpointRow;
          account(row);
        }
        stats.passive++;
        stats.walBytes = walBytes();
        stats.maxWalBytes = Math.max(stats.maxWalBytes, stats.walBytes);
        if (row.log * frameBytes > settings.limitBytes) {
          const t1 = performance.now();
          const reset = forced.get() as CheckpointRow;
          if (reset.busy === 0) {
            account(reset);
            last = { log: 0, checkpointed: 0 };
            stats.forced++;
            stats.forcedLongestMs = Math.max(stats.forcedLongestMs, performance.now() - t1);
          } else {
            account(reset);
            stats.forcedGaveUp++;
          }
          stats.walBytes = walBytes();
        }
        stats.lastError = null;
      } catch (error) {
        // A transient error (I/O, a lock in an unexpected state): reported in the stats, tried again next tick.
        stats.lastError = error instanceof Error ? error.message : String(error);
      }
      const took = performance.now() - t0;
      stats.totalMs += took;
      stats.longestMs = Math.max(stats.longestMs, took);
    };
    const timer = setInterval(checkpoint, settings.intervalMs);
    port.on("message", (request: CheckpointerRequest) => {
      if (request.type === "checkpoint") checkpoint();
      if (request.type === "stop") {
        clearInterval(timer);
        checkpoint();
        db.close();
      }
      port.postMessage({ type: "done", id: request.id, stats: { ...stats } } satisfies CheckpointerReply);
      if (request.type === "stop") port.close();
    });
    port.postMessage({ type: "ready" } satisfies CheckpointerReply);
  } catch (error) {
    port.postMessage({ type: "failed", error: error instanceof Error ? error.message : String(error) } satisfies CheckpointerReply);
  }
}
