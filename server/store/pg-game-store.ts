import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { PG_SCHEMA_SQL, PG_SCHEMA_VERSION } from "./pg-schema";
import { FencedError, LogUnavailableError, roomCodeOfLog, type LogBatch, type LogStore, type LogSummary } from "./log-store";
import type { RecordKind, RecordOf, StoredEvent } from "./records";

/**
 * The game log on Postgres, for game processes that share one log (docs/DATA.md). Same table, same records
 * and same promise as the SQLite log: `appendBatches` resolves once Postgres has committed the rows
 * (`synchronous_commit` on, its default), and the room acknowledges a move only then.
 *
 * - Group commit: appends wait in one queue; while a write is in flight the next ones gather, and go to
 *   Postgres as one INSERT (one statement, one commit, one WAL flush) for every room that wrote meanwhile.
 *   Calls are written in the order they were made, so one room's records keep their order.
 * - Fencing: every room has an owner epoch in `room_owners`. `claimRoom` bumps it in one statement; each
 *   INSERT locks the owner rows of its rooms (FOR SHARE) and keeps only the rows whose epoch is still this
 *   store's, in the same statement. A claim therefore waits for appends in flight, and once it has returned
 *   no earlier owner can write that room again: its appends are refused with a FencedError.
 */

export interface PgGameStoreOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Who claims rooms (default: host, pid and a random suffix). */
  owner?: string;
  /** Read only (the export and leaderboard CLIs): no schema is created. */
  readonly?: boolean;
  /** Connections in the pool (default 4: one writer at a time, the rest for reads). */
  poolSize?: number;
  /** How long a statement may take before it fails (default 10 s): a stalled Postgres refuses moves, never hangs rooms. */
  statementTimeoutMs?: number;
  /** Most rows in one group commit (default 5,000). */
  maxRowsPerCommit?: number;
  /** Where the store reports a dropped idle connection (default: stderr). */
  log?: (line: string) => void;
}

interface PendingAppend {
  batches: readonly LogBatch[];
  resolve(): void;
  reject(error: unknown): void;
}

interface EventRow {
  log_id: string;
  seq: number;
  at: number;
  kind: string;
  payload: Record<string, unknown>;
}

/** BIGINT columns (ids, times, epochs) as numbers: they stay far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** Serialises schema creation when several processes start at once (any constant shared by all of them). */
const SCHEMA_LOCK_KEY = 0x5e4a_0001;

const INSERT_SQL = `
INSERT INTO events (log_id, seq, at, kind, round, payload)
SELECT r.log_id, r.seq, r.at, r.kind, r.round, r.payload::json
FROM unnest($1::text[], $2::int[], $3::bigint[], $4::text[], $5::int[], $6::text[], $7::text[]) WITH ORDINALITY
     AS r(log_id, seq, at, kind, round, payload, room_code, ord)
JOIN (SELECT o.room_code FROM room_owners o
      JOIN unnest($8::text[], $9::bigint[]) AS mine(room_code, epoch) ON mine.room_code = o.room_code AND mine.epoch = o.epoch
      FOR SHARE OF o) AS owned ON owned.room_code = r.room_code
ORDER BY r.ord
RETURNING log_id`;

const CLAIM_SQL = `
INSERT INTO room_owners (room_code, epoch, owner, claimed_at)
SELECT code, 1, $2, $3 FROM unnest($1::text[]) AS code
ON CONFLICT (room_code) DO UPDATE SET epoch = room_owners.epoch + 1, owner = EXCLUDED.owner, claimed_at = EXCLUDED.claimed_at
RETURNING room_code, epoch`;

export class PgGameStore implements LogStore {
  readonly backend = "postgres" as const;
  readonly where: string;
  readonly owner: string;
  private readonly pool: pg.Pool;
  private readonly queue: PendingAppend[] = [];
  private writing = false;
  private idleWaiters: (() => void)[] = [];
  private readonly nextSeq = new Map<string, number>();
  private readonly epochs = new Map<string, number>();
  private readonly fenced = new Set<string>();
  /** Logs whose last INSERT failed in a way that may have committed (a connection lost mid-commit): its last seq. */
  private readonly inDoubt = new Map<string, number>();
  private readonly maxRows: number;
  private closed = false;

  private constructor(private readonly options: PgGameStoreOptions) {
    this.where = redactedUrl(options.url);
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
    this.maxRows = options.maxRowsPerCommit ?? 5000;
    const timeout = options.statementTimeoutMs ?? 10_000;
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 4,
      connectionTimeoutMillis: timeout,
      // The server cancels a slow statement (and rolls it back, so its outcome is known); the client gives up a
      // little later only if the server itself stops answering.
      statement_timeout: timeout,
      query_timeout: timeout + 5000,
      application_name: "sneak",
      types: TYPES,
    });
    const report = options.log ?? ((line: string) => console.error(line));
    // An idle connection that Postgres drops must not crash the server; the pool opens a new one when needed.
    this.pool.on("error", (error) => report(`game log: a Postgres connection failed: ${error.message}`));
  }

  /** Connects, and (unless read-only) creates the schema on a fresh database. */
  static async open(options: PgGameStoreOptions): Promise<PgGameStore> {
    const store = new PgGameStore(options);
    try {
      await store.prepare(options.readonly ?? false);
    } catch (error) {
      await store.pool.end().catch(() => {});
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`game log on ${store.where}: ${message}`);
    }
    return store;
  }

  private async prepare(readonly: boolean): Promise<void> {
    const client = await this.pool.connect();
    try {
      const exists = (await client.query<{ t: string | null }>("SELECT to_regclass('sneak_schema')::text AS t")).rows[0].t !== null;
      const version = exists ? ((await client.query<{ version: number }>("SELECT MAX(version) AS version FROM sneak_schema")).rows[0]?.version ?? 0) : 0;
      if (version > PG_SCHEMA_VERSION) throw new Error(`written by a newer SNEAK (schema ${version} > ${PG_SCHEMA_VERSION})`);
      if (readonly) {
        if (version === 0) throw new Error("no SNEAK game log in this database (start a server on it first)");
        return;
      }
      if (version === PG_SCHEMA_VERSION) return;
      await client.query("BEGIN");
      try {
        await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK_KEY]);
        const again = (await client.query<{ t: string | null }>("SELECT to_regclass('sneak_schema')::text AS t")).rows[0].t !== null;
        const current = again ? ((await client.query<{ version: number | null }>("SELECT MAX(version) AS version FROM sneak_schema")).rows[0].version ?? 0) : 0;
        if (current < PG_SCHEMA_VERSION) {
          await client.query(PG_SCHEMA_SQL);
          await client.query("INSERT INTO sneak_schema (version) VALUES ($1)", [PG_SCHEMA_VERSION]);
        }
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      }
    } finally {
      client.release();
    }
  }

  // ─── Owners ───────────────────────────────────────────────────────────────

  async claimRoom(roomCode: string, owner: string = this.owner): Promise<number> {
    const [claimed] = await this.claimAll([roomCode], owner);
    return claimed;
  }

  /** The epoch this store holds for a room (undefined: never claimed here, or lost to another process). */
  epochOf(roomCode: string): number | undefined {
    return this.fenced.has(roomCode) ? undefined : this.epochs.get(roomCode);
  }

  private async claimAll(roomCodes: readonly string[], owner: string = this.owner): Promise<number[]> {
    const { rows } = await this.pool.query<{ room_code: string; epoch: number }>(CLAIM_SQL, [roomCodes, owner, Date.now()]);
    const byCode = new Map(rows.map((r) => [r.room_code, r.epoch]));
    for (const code of roomCodes) {
      this.epochs.set(code, byCode.get(code)!);
      this.fenced.delete(code);
      // Another owner may have written the room's logs since this store last did: number from the table again.
      for (const logId of this.nextSeq.keys()) if (roomCodeOfLog(logId) === code) this.nextSeq.delete(logId);
    }
    return roomCodes.map((code) => byCode.get(code)!);
  }

  // ─── Appends ──────────────────────────────────────────────────────────────

  /** Resolves once committed; rejects with FencedError (the room moved), LogUnavailableError (Postgres out of service) or another error (a bug). */
  appendBatches(batches: readonly LogBatch[]): Promise<void> {
    if (batches.length === 0) return Promise.resolve();
    if (this.closed) return Promise.reject(new LogUnavailableError(new Error("the game log is closed")));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ batches, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  /** The records of one log (tests and tools); resolves with their sequence numbers. */
  async append(logId: string, records: LogBatch["records"], at: number = Date.now()): Promise<number[]> {
    if (records.length === 0) return [];
    await this.appendBatches([{ logId, records, at }]);
    const next = this.nextSeq.get(logId)!;
    return records.map((_, i) => next - records.length + i);
  }

  /** Resolves when every append made so far has been written or refused. */
  idle(): Promise<void> {
    if (!this.writing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const group: PendingAppend[] = [];
        let rows = 0;
        while (this.queue.length > 0 && (group.length === 0 || rows < this.maxRows)) {
          const next = this.queue.shift()!;
          group.push(next);
          for (const batch of next.batches) rows += batch.records.length;
        }
        await this.writeGroup(group);
      }
    } finally {
      this.writing = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** One group commit: every pending append of every room, in one INSERT. */
  private async writeGroup(group: PendingAppend[]): Promise<void> {
    const codeOf = (batch: LogBatch) => batch.roomCode ?? roomCodeOfLog(batch.logId);
    // A room lost to another process refuses at once; nothing of it is sent.
    let live = group.filter((entry) => {
      const lost = [...new Set(entry.batches.map(codeOf))].filter((code) => this.fenced.has(code));
      if (lost.length > 0) entry.reject(new FencedError(lost));
      return lost.length === 0;
    });
    if (live.length === 0) return;
    const logIds = new Set<string>();
    try {
      // A room this store has never written is claimed first (a new room: its first record opens its log).
      const unclaimed = [...new Set(live.flatMap((entry) => entry.batches.map(codeOf)))].filter((code) => !this.epochs.has(code));
      if (unclaimed.length > 0) await this.claimAll(unclaimed);
      for (const entry of live) {
        for (const batch of entry.batches) {
          logIds.add(batch.logId);
          // A log's opening record starts a fresh log (its id is new: game-log.ts): numbered from 0, no lookup.
          if (batch.records[0]?.kind === "log-open" && !this.nextSeq.has(batch.logId)) this.nextSeq.set(batch.logId, 0);
        }
      }
      const unknown = [...logIds].filter((logId) => !this.nextSeq.has(logId));
      if (unknown.length > 0) {
        const { rows } = await this.pool.query<{ log_id: string; seq: number }>(
          "SELECT log_id, MAX(seq) AS seq FROM events WHERE log_id = ANY($1::text[]) GROUP BY log_id",
          [unknown],
        );
        const found = new Map(rows.map((r) => [r.log_id, r.seq + 1]));
        for (const logId of unknown) this.nextSeq.set(logId, found.get(logId) ?? 0);
      }
    } catch (error) {
      for (const entry of live) entry.reject(asOutage(error));
      return;
    }
    // A write whose outcome was unknown is settled now that the table answers: absent, the log goes on; present,
    // the log holds moves this process refused, so the room must be rebuilt from the log, as after a takeover.
    live = live.filter((entry) => {
      const diverged = [
        ...new Set(entry.batches.filter((b) => this.inDoubt.has(b.logId) && this.nextSeq.get(b.logId)! > this.inDoubt.get(b.logId)!).map(codeOf)),
      ];
      for (const batch of entry.batches) this.inDoubt.delete(batch.logId);
      if (diverged.length === 0) return true;
      for (const code of diverged) this.fenced.add(code);
      entry.reject(new FencedError(diverged, "its log holds a move this process refused after losing its connection; rebuild the room from the log"));
      return false;
    });
    if (live.length === 0) return;

    const columns = { logId: [] as string[], seq: [] as number[], at: [] as number[], kind: [] as string[], round: [] as (number | null)[], payload: [] as string[], code: [] as string[] };
    const seqs = new Map<string, number>();
    const seqOf = (logId: string) => seqs.get(logId) ?? this.nextSeq.get(logId)!;
    live = live.filter((entry) => {
      // Serialised per append, so a record that cannot be (a cycle) fails its own append and no other.
      let encoded: { batch: LogBatch; payloads: string[] }[];
      try {
        encoded = entry.batches.map((batch) => ({ batch, payloads: batch.records.map(({ kind: _kind, ...payload }) => JSON.stringify(payload)) }));
      } catch (error) {
        entry.reject(error);
        return false;
      }
      for (const { batch, payloads } of encoded) {
        if (batch.records.length === 0) continue;
        let seq = seqOf(batch.logId);
        batch.records.forEach((record, i) => {
          columns.logId.push(batch.logId);
          columns.seq.push(seq++);
          columns.at.push(batch.at);
          columns.kind.push(record.kind);
          columns.round.push("round" in record && typeof record.round === "number" ? record.round : null);
          columns.payload.push(payloads[i]);
          columns.code.push(codeOf(batch));
        });
        seqs.set(batch.logId, seq);
      }
      return true;
    });
    if (live.length === 0) return;
    const codes = [...new Set(columns.code)];
    let written: Set<string>;
    try {
      const { rows } = await this.pool.query<{ log_id: string }>(INSERT_SQL, [
        columns.logId, columns.seq, columns.at, columns.kind, columns.round, columns.payload, columns.code,
        codes, codes.map((code) => this.epochs.get(code)!),
      ]);
      written = new Set(rows.map((r) => r.log_id));
    } catch (error) {
      // Number from the table again next time, whatever happened.
      for (const logId of logIds) this.nextSeq.delete(logId);
      const landed = failedCleanly(error) ? new Set<string>() : await this.landed(seqs);
      if (landed === null) {
        // The connection went mid-commit and the table cannot be asked: the next write of these logs asks first.
        for (const [logId, next] of seqs) this.inDoubt.set(logId, next - 1);
      }
      if (landed === null || landed.size === 0) {
        for (const entry of live) entry.reject(asOutage(error));
        return;
      }
      // It committed after all (one statement: all of it, but for the rooms another process had claimed).
      written = landed;
    }
    const lostCodes = new Set<string>();
    for (const [logId, next] of seqs) {
      if (written.has(logId)) this.nextSeq.set(logId, next);
      else {
        this.nextSeq.delete(logId);
        lostCodes.add(columns.code[columns.logId.indexOf(logId)]);
      }
    }
    for (const code of lostCodes) this.fenced.add(code);
    for (const entry of live) {
      const lost = [...new Set(entry.batches.map(codeOf))].filter((code) => lostCodes.has(code));
      if (lost.length > 0) entry.reject(new FencedError(lost));
      else entry.resolve();
    }
  }

  /** Which logs hold the rows of a group whose INSERT's outcome is unknown (null: the table cannot be asked). */
  private async landed(seqs: ReadonlyMap<string, number>): Promise<Set<string> | null> {
    try {
      const { rows } = await this.pool.query<{ log_id: string; seq: number }>(
        "SELECT log_id, MAX(seq) AS seq FROM events WHERE log_id = ANY($1::text[]) GROUP BY log_id",
        [[...seqs.keys()]],
      );
      return new Set(rows.filter((r) => r.seq >= seqs.get(r.log_id)! - 1).map((r) => r.log_id));
    } catch {
      return null;
    }
  }

  forget(logId: string): void {
    this.nextSeq.delete(logId);
  }

  // ─── Reads ────────────────────────────────────────────────────────────────

  async logs(filter: { since?: number; logId?: string } = {}): Promise<LogSummary[]> {
    const { rows } = await this.pool.query<{ log_id: string; room_code: string; opened_at: number; closed_at: number | null; close_reason: string | null }>(
      `SELECT log_id, room_code, opened_at, closed_at, close_reason FROM logs
       WHERE ($1::bigint IS NULL OR opened_at >= $1) AND ($2::text IS NULL OR log_id = $2)
       ORDER BY opened_at, log_id`,
      [filter.since ?? null, filter.logId ?? null],
    );
    return rows.map((r) => ({ logId: r.log_id, roomCode: r.room_code, openedAt: r.opened_at, closedAt: r.closed_at, closeReason: r.close_reason }));
  }

  async openLogs(): Promise<LogSummary[]> {
    return (await this.logs()).filter((log) => log.closedAt === null);
  }

  async eventsOf(logId: string, kinds?: readonly RecordKind[]): Promise<StoredEvent[]> {
    const { rows } =
      kinds && kinds.length > 0
        ? await this.pool.query<EventRow>("SELECT log_id, seq, at, kind, payload FROM events WHERE log_id = $1 AND kind = ANY($2::text[]) ORDER BY seq", [logId, kinds])
        : await this.pool.query<EventRow>("SELECT log_id, seq, at, kind, payload FROM events WHERE log_id = $1 ORDER BY seq", [logId]);
    return rows.map(eventFromRow);
  }

  async eventsOfKind<K extends RecordKind>(kind: K, logIds?: readonly string[]): Promise<StoredEvent<RecordOf<K>>[]> {
    const { rows } = logIds
      ? await this.pool.query<EventRow>("SELECT log_id, seq, at, kind, payload FROM events WHERE kind = $1 AND log_id = ANY($2::text[]) ORDER BY id", [kind, logIds])
      : await this.pool.query<EventRow>("SELECT log_id, seq, at, kind, payload FROM events WHERE kind = $1 ORDER BY id", [kind]);
    return rows.map((row) => eventFromRow(row) as StoredEvent<RecordOf<K>>);
  }

  async lastEventId(): Promise<number> {
    const { rows } = await this.pool.query<{ id: number }>("SELECT COALESCE(MAX(id), 0)::bigint AS id FROM events");
    return rows[0].id;
  }

  async query<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    let n = 0;
    const { rows } = await this.pool.query(sql.replace(/\?/g, () => `$${++n}`), params);
    return rows as T[];
  }

  /** Waits for appends already made, then closes the connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.idle();
    this.closed = true;
    await this.pool.end();
  }
}

/**
 * SQLSTATE classes that mean Postgres cannot take the write now rather than that the statement is wrong:
 * 08 connection exception, 40 transaction rollback (serialization, deadlock), 53 insufficient resources (disk
 * full, too many connections), 55 object not in prerequisite state (a lock not available), 57 operator
 * intervention (statement timeout, shutdown, starting up), 58 system error (I/O).
 */
const OUTAGE_CLASSES = new Set(["08", "40", "53", "55", "57", "58"]);

/**
 * An append's failure as the game log reports it: an error the server sent for the statement is an outage only
 * in the classes above (else a bug: a constraint, a type, the append-only trigger); an error that did not come
 * from the server (refused, reset or lost connection, no connection from the pool in time, the client's own
 * timeout) is an outage.
 */
function asOutage(error: unknown): unknown {
  if (error instanceof pg.DatabaseError) return OUTAGE_CLASSES.has((error.code ?? "").slice(0, 2)) ? new LogUnavailableError(error) : error;
  return new LogUnavailableError(error);
}

/** An error the server reported for the statement itself: it was rolled back, nothing of it committed. */
function failedCleanly(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === "ERROR";
}

function eventFromRow(row: EventRow): StoredEvent {
  return { ...row.payload, kind: row.kind, logId: row.log_id, seq: row.seq, at: row.at } as StoredEvent;
}

/** The URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://(unparseable URL)";
  }
}
