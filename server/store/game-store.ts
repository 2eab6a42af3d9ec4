import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { SCHEMA_SQL, SCHEMA_VERSION } from "./schema";
import type { RecordKind, RecordOf, StoreRecord, StoredEvent } from "./records";

/**
 * The durable game log: SQLite in WAL mode, written synchronously on the command path. When `append`
 * returns, the rows are in the WAL file: a `kill -9` of the server cannot lose them (the OS holds the
 * pages). With `sync: "full"` each commit is also fsync'd, which survives power loss at a cost measured
 * in docs/PERFORMANCE.md.
 */

export type SyncMode = "normal" | "full";

export interface GameStoreOptions {
  /** A file path, or ":memory:" for throwaway stores. */
  path: string;
  sync?: SyncMode;
  /** Open without creating tables (read-only tools on an existing file). */
  readonly?: boolean;
}

interface EventRow {
  game_id: string;
  seq: number;
  at: number;
  kind: string;
  payload: string;
}

export interface GameSummary {
  gameId: string;
  roomCode: string;
  startedAt: number;
  endedAt: number | null;
  status: "open" | "finished" | "closed";
  endReason: string | null;
}

export class GameStore {
  readonly path: string;
  private readonly db: Database.Database;
  private readonly nextSeq = new Map<string, number>();
  private readonly insert: Database.Statement;
  private readonly maxSeq: Database.Statement;
  private readonly appendMany: (gameId: string, records: readonly StoreRecord[], at: number) => number[];

  constructor(options: GameStoreOptions) {
    this.path = options.path;
    if (options.path !== ":memory:" && !options.readonly) mkdirSync(dirname(options.path), { recursive: true });
    this.db = new Database(options.path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
    if (!options.readonly) {
      this.db.pragma("journal_mode = WAL");
      this.db.pragma(`synchronous = ${options.sync === "full" ? "FULL" : "NORMAL"}`);
      this.db.pragma("busy_timeout = 5000");
      this.migrate();
    }
    this.insert = this.db.prepare("INSERT INTO events (game_id, seq, at, kind, round, payload) VALUES (?, ?, ?, ?, ?, ?)");
    this.maxSeq = this.db.prepare("SELECT MAX(seq) AS seq FROM events WHERE game_id = ?");
    this.appendMany = this.db.transaction((gameId: string, records: readonly StoreRecord[], at: number) => {
      const seqs: number[] = [];
      let seq = this.seqAfterLast(gameId);
      for (const record of records) {
        const { kind, ...payload } = record;
        const round = "round" in record && typeof record.round === "number" ? record.round : null;
        this.insert.run(gameId, seq, at, kind, round, JSON.stringify(payload));
        seqs.push(seq++);
      }
      this.nextSeq.set(gameId, seq);
      return seqs;
    });
  }

  private migrate(): void {
    const version = this.db.pragma("user_version", { simple: true }) as number;
    if (version > SCHEMA_VERSION) throw new Error(`${this.path}: written by a newer SNEAK (schema ${version} > ${SCHEMA_VERSION})`);
    this.db.exec(SCHEMA_SQL);
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }

  private seqAfterLast(gameId: string): number {
    const cached = this.nextSeq.get(gameId);
    if (cached !== undefined) return cached;
    const row = this.maxSeq.get(gameId) as { seq: number | null };
    return row.seq === null ? 0 : row.seq + 1;
  }

  /**
   * Writes the records of one game in one transaction and returns their sequence numbers. Synchronous:
   * when it returns they are durable, so the caller may acknowledge the command that produced them.
   */
  append(gameId: string, records: readonly StoreRecord[], at: number = Date.now()): number[] {
    if (records.length === 0) return [];
    try {
      return this.appendMany(gameId, records, at);
    } catch (error) {
      // A failed transaction leaves the cached counter possibly ahead; re-read it next time.
      this.nextSeq.delete(gameId);
      throw error;
    }
  }

  /** Every record of one game in write order (optionally only some kinds). */
  eventsOf(gameId: string, kinds?: readonly RecordKind[]): StoredEvent[] {
    const rows = (
      kinds && kinds.length > 0
        ? this.db
            .prepare(`SELECT game_id, seq, at, kind, payload FROM events WHERE game_id = ? AND kind IN (${kinds.map(() => "?").join(",")}) ORDER BY seq`)
            .all(gameId, ...kinds)
        : this.db.prepare("SELECT game_id, seq, at, kind, payload FROM events WHERE game_id = ? ORDER BY seq").all(gameId)
    ) as EventRow[];
    return rows.map(eventFromRow);
  }

  /** Records of one kind across games, in write order (exports and the leaderboard read these). */
  eventsOfKind<K extends RecordKind>(kind: K, gameIds?: readonly string[]): StoredEvent<RecordOf<K>>[] {
    const rows = (
      gameIds
        ? this.db
            .prepare(`SELECT game_id, seq, at, kind, payload FROM events WHERE kind = ? AND game_id IN (SELECT value FROM json_each(?)) ORDER BY id`)
            .all(kind, JSON.stringify(gameIds))
        : this.db.prepare("SELECT game_id, seq, at, kind, payload FROM events WHERE kind = ? ORDER BY id").all(kind)
    ) as EventRow[];
    return rows.map((row) => eventFromRow(row) as StoredEvent<RecordOf<K>>);
  }

  /** Games in start order; `since` (ms) keeps those started at or after it. */
  games(filter: { since?: number; gameId?: string } = {}): GameSummary[] {
    const rows = this.db
      .prepare(
        `SELECT game_id, room_code, started_at, ended_at, status, end_reason FROM games
         WHERE (@since IS NULL OR started_at >= @since) AND (@gameId IS NULL OR game_id = @gameId)
         ORDER BY started_at, game_id`,
      )
      .all({ since: filter.since ?? null, gameId: filter.gameId ?? null }) as {
      game_id: string;
      room_code: string;
      started_at: number;
      ended_at: number | null;
      status: GameSummary["status"];
      end_reason: string | null;
    }[];
    return rows.map((r) => ({ gameId: r.game_id, roomCode: r.room_code, startedAt: r.started_at, endedAt: r.ended_at, status: r.status, endReason: r.end_reason }));
  }

  /** Games that started and never ended: what a restart must restore or close. */
  unfinishedGames(): GameSummary[] {
    return this.games().filter((g) => g.status === "open");
  }

  /** Raw SQL access for the read-only views (tests, tools). */
  query<T>(sql: string, ...params: unknown[]): T[] {
    return this.db.prepare(sql).all(...params) as T[];
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

function eventFromRow(row: EventRow): StoredEvent {
  return { ...(JSON.parse(row.payload) as object), kind: row.kind, gameId: row.game_id, seq: row.seq, at: row.at } as StoredEvent;
}
