import { statSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { openSqlite, type SqliteDriverName } from "./sqlite-driver";

/**
 * The game log's checkpointer, in a worker thread with its own SQLite connection (started by
 * checkpointer.ts). The writing connection never checkpoints (its automatic checkpoints ran inside whichever
 * commit crossed 1,000 pages, on the event loop, for 12–27 ms). Here, every `intervalMs`, a PASSIVE
 * checkpoint copies the committed WAL frames into the database without taking the writer's lock, so the
 * writer is never blocked. When writes never pause long enough for a checkpoint to catch up, SQLite cannot
 * restart the WAL and the file grows; past `truncateBytes` this worker runs one TRUNCATE checkpoint, which
 * holds the writer for the few frames written since the last PASSIVE one (and a sync), then empties the file.
 */

export interface CheckpointerSettings {
  path: string;
  driver: SqliteDriverName;
  sync: "normal" | "full";
  intervalMs: number;
  truncateBytes: number;
}

export interface CheckpointStats {
  /** PASSIVE checkpoints run. */
  passive: number;
  /** TRUNCATE checkpoints run (the WAL passed `truncateBytes`). */
  truncates: number;
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
    // The checkpoint's syncs follow the writer's durability mode; a TRUNCATE waits at most 1 s for a commit in flight.
    db.exec(`PRAGMA synchronous = ${settings.sync === "full" ? "FULL" : "NORMAL"}; PRAGMA busy_timeout = 1000; PRAGMA wal_autocheckpoint = 0`);
    const passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
    const truncate = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)");
    const walFile = `${settings.path}-wal`;
    const walBytes = () => {
      try {
        return statSync(walFile).size;
      } catch {
        return 0;
      }
    };
    const stats: CheckpointStats = { passive: 0, truncates: 0, restarts: 0, frames: 0, totalMs: 0, longestMs: 0, walBytes: 0, maxWalBytes: 0, lastError: null };
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
        if (stats.walBytes > settings.truncateBytes) {
          account(truncate.get() as CheckpointRow);
          last = { log: 0, checkpointed: 0 };
          stats.truncates++;
          stats.walBytes = walBytes();
        }
        stats.lastError = null;
      } catch (error) {
        // SQLITE_BUSY on the TRUNCATE (a long read in progress) or a transient I/O error: try again next tick.
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
