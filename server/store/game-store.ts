import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS, SCHEMA_SQL, SCHEMA_VERSION } from "./schema";
import { startCheckpointer, type Checkpointer, type CheckpointStats } from "./checkpointer";
import { isSqliteOutage, openSqlite, type SqliteDatabase, type SqliteDriverName, type SqliteStatement } from "./sqlite-driver";
import { acquireWriterLock, type WriterLock } from "./writer-lock";
import type { RecordKind, RecordOf, StoreRecord, StoredEvent } from "./records";
import { LogUnavailableError, type LogBatch, type LogStore, type LogSummary } from "./log-store";

export type { LogBatch, LogSummary } from "./log-store";

/**
 * The durable game log: SQLite in WAL mode, written synchronously on the command path. When `append`
 * returns, the rows are in the WAL file: a `kill -9` of the server cannot lose them (the OS holds the
 * pages). With `sync: "full"` each commit is also fsync'd, which survives power loss at a cost measured
 * in docs/PERFORMANCE.md. WAL checkpoints run in a worker thread (checkpoint-worker.ts), never inside a
 * commit on the event loop; and only one process may write a file at a time (writer-lock.ts).
 */

export type SyncMode = "normal" | "full";

export interface GameStoreOptions {
  /** A file path, or ":memory:" for throwaway stores. */
  path: string;
  sync?: SyncMode;
  /** Open without creating tables (read-only tools on an existing file). */
  readonly?: boolean;
  /**
   * `worker` (default): checkpoints in a worker thread, off the event loop. `auto`: SQLite's automatic
   * checkpoints inside the commit that crosses 1,000 WAL pages (what the log did before; for comparisons).
   */
  checkpoint?: "worker" | "auto";
  /** How often the worker checkpoints (default 200 ms). */
  checkpointIntervalMs?: number;
  /** WAL in use past which the worker resets it with a RESTART checkpoint, which holds the writer (default 16 MiB). */
  walLimitBytes?: number;
  /** The SQLite driver (default: the one for this Node version, sqlite-driver.ts). */
  driver?: SqliteDriverName;
  /** Where the store reports a checkpoint worker that failed (default: stderr). */
  log?: (line: string) => void;
}

export const DEFAULT_CHECKPOINT_INTERVAL_MS = 200;
export const DEFAULT_WAL_LIMIT_BYTES = 16 * 1024 * 1024;

interface EventRow {
  log_id: string;
  seq: number;
  at: number;
  kind: string;
  payload: string;
}

export class GameStore implements LogStore {
  readonly backend = "sqlite" as const;
  readonly path: string;
  private readonly db: SqliteDatabase;
  private readonly nextSeq = new Map<string, number>();
  private readonly insert: SqliteStatement;
  private readonly maxSeq: SqliteStatement;
  private readonly appendMany: (logId: string, records: readonly StoreRecord[], at: number) => number[];
  private readonly appendBatchesTx: (batches: readonly LogBatch[]) => void;
  private readonly lock: WriterLock | null = null;
  private readonly checkpointer: Checkpointer | null = null;

  constructor(options: GameStoreOptions) {
    this.path = options.path;
    const file = options.path !== ":memory:";
    if (file && !options.readonly) mkdirSync(dirname(options.path), { recursive: true });
    this.db = openSqlite(options.path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false }, options.driver);
    if (!options.readonly) {
      try {
        // Before anything is written: a second server on this file stops here (writer-lock.ts).
        if (file) this.lock = acquireWriterLock(options.path, this.db.driver);
        this.db.exec("PRAGMA journal_mode = WAL");
        this.db.exec(`PRAGMA synchronous = ${options.sync === "full" ? "FULL" : "NORMAL"}`);
        this.db.exec("PRAGMA busy_timeout = 5000");
        this.migrate();
      } catch (error) {
        this.lock?.release();
        this.db.close();
        throw error;
      }
      if (file && options.checkpoint !== "auto") this.checkpointer = this.checkpointsInWorker(options);
    }
    this.insert = this.db.prepare("INSERT INTO events (log_id, seq, at, kind, round, payload) VALUES (?, ?, ?, ?, ?, ?)");
    this.maxSeq = this.db.prepare("SELECT MAX(seq) AS seq FROM events WHERE log_id = ?");
    const insertAll = (logId: string, records: readonly StoreRecord[], at: number): number[] => {
      const seqs: number[] = [];
      let seq = this.seqAfterLast(logId);
      for (const record of records) {
        const { kind, ...payload } = record;
        const round = "round" in record && typeof record.round === "number" ? record.round : null;
        this.insert.run(logId, seq, at, kind, round, JSON.stringify(payload));
        seqs.push(seq++);
      }
      this.nextSeq.set(logId, seq);
      return seqs;
    };
    // IMMEDIATE: see SqliteDatabase.transaction (the checkpoint worker may hold the write lock for a moment).
    this.appendMany = this.db.transaction(insertAll, "immediate");
    this.appendBatchesTx = this.db.transaction((batches: readonly LogBatch[]) => {
      for (const batch of batches) insertAll(batch.logId, batch.records, batch.at);
    }, "immediate");
  }

  /** The writer stops checkpointing; a worker thread does it (a fallback re-enables the writer's if the worker dies). */
  private checkpointsInWorker(options: GameStoreOptions): Checkpointer {
    this.db.exec("PRAGMA wal_autocheckpoint = 0");
    const report = options.log ?? ((line: string) => console.error(line));
    return startCheckpointer(
      {
        path: options.path,
        driver: this.db.driver,
        sync: options.sync ?? "normal",
        intervalMs: options.checkpointIntervalMs ?? DEFAULT_CHECKPOINT_INTERVAL_MS,
        limitBytes: options.walLimitBytes ?? DEFAULT_WAL_LIMIT_BYTES,
      },
      {
        onFailure: (reason) => {
          if (!this.db.open) return;
          this.db.exec("PRAGMA wal_autocheckpoint = 1000");
          report(`game log: the WAL checkpoint worker failed (${reason}); checkpointing on the main thread instead`);
        },
      },
    );
  }

  private migrate(): void {
    const version = this.db.pragmaValue("user_version") as number;
    if (version > SCHEMA_VERSION) throw new Error(`${this.path}: written by a newer SNEAK (schema ${version} > ${SCHEMA_VERSION})`);
    if (version === SCHEMA_VERSION) return;
    // A fresh file (0) gets the schema; an older one its migrations first. All or nothing: a failure leaves
    // the file as it was, readable by the version that wrote it.
    const steps = version === 0 ? [] : Object.entries(MIGRATIONS).filter(([to]) => Number(to) > version).map(([, sql]) => sql);
    this.db.transaction(() => {
      for (const sql of steps) this.db.exec(sql);
      this.db.exec(SCHEMA_SQL);
      this.db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    })();
  }

  private seqAfterLast(logId: string): number {
    const cached = this.nextSeq.get(logId);
    if (cached !== undefined) return cached;
    const row = this.maxSeq.get(logId) as { seq: number | null };
    return row.seq === null ? 0 : row.seq + 1;
  }

  /**
   * Writes the records of one game in one transaction and returns their sequence numbers. Synchronous:
   * when it returns they are durable, so the caller may acknowledge the command that produced them.
   */
  append(logId: string, records: readonly StoreRecord[], at: number = Date.now()): number[] {
    if (records.length === 0) return [];
    try {
      return this.appendMany(logId, records, at);
    } catch (error) {
      // A failed transaction leaves the cached counter possibly ahead; re-read it next time.
      this.nextSeq.delete(logId);
      throw error;
    }
  }

  /**
   * Writes records of several logs (each batch with its own time) in one transaction: all or none. A file that
   * cannot be written now (disk full, read-only, I/O error, locked) throws LogUnavailableError.
   */
  appendBatches(batches: readonly LogBatch[]): void {
    if (batches.length === 0) return;
    try {
      this.appendBatchesTx(batches);
    } catch (error) {
      for (const batch of batches) this.nextSeq.delete(batch.logId);
      throw isSqliteOutage(error) ? new LogUnavailableError(error) : error;
    }
  }

  /** Every record of one game in write order (optionally only some kinds). */
  eventsOf(logId: string, kinds?: readonly RecordKind[]): StoredEvent[] {
    const rows = (
      kinds && kinds.length > 0
        ? this.db
            .prepare(`SELECT log_id, seq, at, kind, payload FROM events WHERE log_id = ? AND kind IN (${kinds.map(() => "?").join(",")}) ORDER BY seq`)
            .all(logId, ...kinds)
        : this.db.prepare("SELECT log_id, seq, at, kind, payload FROM events WHERE log_id = ? ORDER BY seq").all(logId)
    ) as EventRow[];
    return rows.map(eventFromRow);
  }

  /** Records of one kind across games, in write order (exports and the leaderboard read these). */
  eventsOfKind<K extends RecordKind>(kind: K, logIds?: readonly string[]): StoredEvent<RecordOf<K>>[] {
    const rows = (
      logIds
        ? this.db
            .prepare(`SELECT log_id, seq, at, kind, payload FROM events WHERE kind = ? AND log_id IN (SELECT value FROM json_each(?)) ORDER BY id`)
            .all(kind, JSON.stringify(logIds))
        : this.db.prepare("SELECT log_id, seq, at, kind, payload FROM events WHERE kind = ? ORDER BY id").all(kind)
    ) as EventRow[];
    return rows.map((row) => eventFromRow(row) as StoredEvent<RecordOf<K>>);
  }

  /** Logs in opening order; `since` (ms) keeps those opened at or after it. */
  logs(filter: { since?: number; logId?: string } = {}): LogSummary[] {
    const rows = this.db
      .prepare(
        `SELECT log_id, room_code, opened_at, closed_at, close_reason FROM logs
         WHERE (@since IS NULL OR opened_at >= @since) AND (@logId IS NULL OR log_id = @logId)
         ORDER BY opened_at, log_id`,
      )
      .all({ since: filter.since ?? null, logId: filter.logId ?? null }) as {
      log_id: string;
      room_code: string;
      opened_at: number;
      closed_at: number | null;
      close_reason: string | null;
    }[];
    return rows.map((r) => ({ logId: r.log_id, roomCode: r.room_code, openedAt: r.opened_at, closedAt: r.closed_at, closeReason: r.close_reason }));
  }

  /** Logs of rooms that were open when the server stopped: what a restart restores or closes. */
  openLogs(): LogSummary[] {
    return this.logs().filter((log) => log.closedAt === null);
  }

  /** The id of the newest event: it changes whenever anything is written (caches key on it). */
  lastEventId(): number {
    return (this.db.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM events").get() as { id: number }).id;
  }

  get where(): string {
    return this.path;
  }

  /** One writer per file (writer-lock.ts) already keeps a room from being written twice: the epoch is always 1. */
  claimRoom(_roomCode: string, _owner?: string): number {
    return 1;
  }

  /** Drops what the store caches about a log that will not be written again (a closed room). */
  forget(logId: string): void {
    this.nextSeq.delete(logId);
  }

  /** Raw SQL access for the read-only views (tests, tools). */
  query<T>(sql: string, ...params: unknown[]): T[] {
    return this.db.prepare(sql).all(...params) as T[];
  }

  /** What the checkpoint worker did so far after one more checkpoint (null without a worker: read-only, `auto`, memory). */
  async checkpointNow(): Promise<CheckpointStats | null> {
    return this.checkpointer ? this.checkpointer.checkpoint() : null;
  }

  /** What the checkpoint worker did so far (null without a worker). */
  async checkpointStats(): Promise<CheckpointStats | null> {
    return this.checkpointer ? this.checkpointer.stats() : null;
  }

  /** Closes the file and releases the writer's lock at once; resolves when the checkpoint worker has exited. */
  close(): Promise<void> {
    const stopped = this.checkpointer?.stop() ?? Promise.resolve();
    if (this.db.open) this.db.close();
    this.lock?.release();
    return stopped;
  }
}

function eventFromRow(row: EventRow): StoredEvent {
  return { ...(JSON.parse(row.payload) as object), kind: row.kind, logId: row.log_id, seq: row.seq, at: row.at } as StoredEvent;
}
