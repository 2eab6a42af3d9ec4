import pg from "pg";
import { GameStore } from "../store/game-store";
import { PgGameStore, redactedUrl } from "../store/pg-game-store";
import { SCHEMA_VERSION } from "../store/schema";
import { openSqlite, type SqliteDatabase } from "../store/sqlite-driver";
import { LogLockedError } from "../store/writer-lock";

/**
 * The connection the study store talks through, on either backend of the game log: statements with `?`
 * placeholders inside transactions. A study's quotas are claimed by rows under these transactions, so they
 * hold across requests, across the processes of a cluster (Postgres row locks) and across a server and the
 * `npm run study` CLI writing one SQLite file (SQLite's own write lock).
 */

export type Row = Record<string, unknown>;
export type Query = (sql: string, ...params: unknown[]) => Promise<Row[]>;

export interface StudyDb {
  readonly dialect: "sqlite" | "postgres";
  readonly where: string;
  /** `fn` in one transaction (SQLite: BEGIN IMMEDIATE; Postgres: READ COMMITTED with row locks), retried on a deadlock. */
  transaction<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  /** One statement outside a transaction (reads). */
  query: Query;
  /** `FOR UPDATE` / `FOR UPDATE SKIP LOCKED` on Postgres; nothing on SQLite, whose transactions already hold the write lock. */
  lock(mode: "wait" | "skip"): string;
  close(): Promise<void>;
}

/** JSON columns come back as text (SQLite) or parsed (Postgres). */
export function jsonOf<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** Numbers come back as numbers from SQLite and as numbers or strings (COUNT) from Postgres. */
export function numberOf(value: unknown): number {
  return typeof value === "number" ? value : Number(value);
}

class SqliteStudyDb implements StudyDb {
  readonly dialect = "sqlite" as const;
  private tail: Promise<unknown> = Promise.resolve();
  constructor(
    private readonly db: SqliteDatabase,
    readonly where: string,
  ) {}

  private run(sql: string, params: unknown[]): Row[] {
    const statement = this.db.prepare(sql);
    if (/^\s*(SELECT|WITH)\b/i.test(sql) || /\bRETURNING\b/i.test(sql)) return statement.all(...params) as Row[];
    statement.run(...params);
    return [];
  }

  query: Query = async (sql, ...params) => this.run(sql, params);

  /**
   * One connection, one transaction at a time: a transaction's awaits would otherwise let another request's
   * BEGIN in on the same connection. BEGIN IMMEDIATE takes SQLite's write lock first, so another process (the
   * CLI) waits in the busy handler rather than reading a count that is about to change.
   */
  transaction<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    const result = this.tail.then(async () => {
      this.db.exec("BEGIN IMMEDIATE");
      try {
        const value = await fn(async (sql, ...params) => this.run(sql, params));
        this.db.exec("COMMIT");
        return value;
      } catch (error) {
        if (this.db.open) this.db.exec("ROLLBACK");
        throw error;
      }
    });
    this.tail = result.catch(() => {});
    return result;
  }

  lock(): string {
    return "";
  }

  async close(): Promise<void> {
    await this.tail;
    if (this.db.open) this.db.close();
  }
}

const RETRIED_CODES = new Set(["40001", "40P01"]);

class PgStudyDb implements StudyDb {
  readonly dialect = "postgres" as const;
  readonly where: string;
  private readonly pool: pg.Pool;
  constructor(url: string, poolSize: number) {
    this.where = redactedUrl(url);
    this.pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000, statement_timeout: 10_000, query_timeout: 15_000, application_name: "sneak-studies" });
    this.pool.on("error", (error) => console.error(`studies: a Postgres connection failed: ${error.message}`));
  }

  query: Query = async (sql, ...params) => (await this.pool.query(numbered(sql), params)).rows as Row[];

  async transaction<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      try {
        await client.query("BEGIN");
        const value = await fn(async (sql, ...params) => (await client.query(numbered(sql), params)).rows as Row[]);
        await client.query("COMMIT");
        return value;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        const code = (error as { code?: string }).code;
        if (attempt < 5 && code && RETRIED_CODES.has(code)) continue;
        throw error;
      } finally {
        client.release();
      }
    }
  }

  lock(mode: "wait" | "skip"): string {
    return mode === "skip" ? "FOR UPDATE SKIP LOCKED" : "FOR UPDATE";
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * The studies of the game log at `location` (a SQLite file or a postgres:// URL), its schema created or
 * migrated first when no server holds it. A running server has migrated its log when it started; a SQLite
 * file held by an older server that predates studies is refused with a line saying so.
 */
export async function openStudyDb(location: string, options: { poolSize?: number; migrated?: boolean } = {}): Promise<StudyDb> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    // Creates or migrates the schema (an advisory lock serialises processes that start together).
    if (!options.migrated) await (await PgGameStore.open({ url: location })).close();
    return new PgStudyDb(location, options.poolSize ?? 8);
  }
  if (location !== ":memory:" && !options.migrated) {
    try {
      // No server writes this file: open it as the game log does, which creates or migrates it, then let it go.
      await new GameStore({ path: location, checkpoint: "auto" }).close();
    } catch (error) {
      if (!(error instanceof LogLockedError)) throw error;
    }
  }
  const db = openSqlite(location, {});
  db.exec("PRAGMA busy_timeout = 5000");
  if (location === ":memory:") {
    const { SCHEMA_SQL } = await import("../store/schema");
    db.exec(SCHEMA_SQL);
  }
  const version = db.pragmaValue("user_version") as number;
  if (location !== ":memory:" && version < SCHEMA_VERSION) {
    db.close();
    throw new Error(`${location} is held by a SNEAK server older than the studies (schema ${version}); stop it or upgrade it, then try again`);
  }
  return new SqliteStudyDb(db, location);
}
