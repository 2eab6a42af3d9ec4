import Database from "better-sqlite3";
import { existsSync } from "node:fs";

/**
 * The few SQLite operations the game log needs, over one of two drivers:
 * - better-sqlite3 12 (the last major that supports Node 20) on Node 20 and 22;
 * - Node's built-in `node:sqlite` on Node 24 and later, because better-sqlite3 12 aborts the whole
 *   process there (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook) whenever the
 *   garbage collector finalizes one of its statements, and better-sqlite3 13, which fixes it, no longer
 *   supports Node 20.
 * `SNEAK_SQLITE_DRIVER=better-sqlite3|node:sqlite` overrides the choice (tests, diagnosis).
 */

export type SqliteDriverName = "better-sqlite3" | "node:sqlite";

export interface SqliteStatement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

export interface SqliteDatabase {
  readonly driver: SqliteDriverName;
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  /**
   * `fn` inside BEGIN … COMMIT, rolled back if it throws; a call inside another transaction joins it.
   * `immediate`: BEGIN IMMEDIATE, which takes the write lock before reading anything, so that a writer that
   * has to wait (a checkpoint resetting the WAL holds the lock) waits in SQLite's busy handler instead of
   * failing with SQLITE_BUSY on a snapshot the reset made stale.
   */
  transaction<A extends unknown[], R>(fn: (...args: A) => R, mode?: "deferred" | "immediate"): (...args: A) => R;
  /** The value of a one-value pragma such as `user_version`. */
  pragmaValue(name: string): unknown;
  readonly open: boolean;
  close(): void;
}

export interface OpenOptions {
  readonly?: boolean;
  /** Fail instead of creating a missing file. */
  fileMustExist?: boolean;
}

export function defaultDriver(env: Record<string, string | undefined> = process.env, nodeVersion = process.versions.node): SqliteDriverName {
  const chosen = env.SNEAK_SQLITE_DRIVER;
  if (chosen === "better-sqlite3" || chosen === "node:sqlite") return chosen;
  if (chosen) throw new Error(`SNEAK_SQLITE_DRIVER: "${chosen}" is neither "better-sqlite3" nor "node:sqlite"`);
  return Number(nodeVersion.split(".")[0]) >= 24 ? "node:sqlite" : "better-sqlite3";
}

export function openSqlite(path: string, options: OpenOptions = {}, driver: SqliteDriverName = defaultDriver()): SqliteDatabase {
  return driver === "node:sqlite" ? openWithNodeSqlite(path, options) : openWithBetterSqlite(path, options);
}

function openWithBetterSqlite(path: string, options: OpenOptions): SqliteDatabase {
  const db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.fileMustExist ?? false });
  return {
    driver: "better-sqlite3",
    exec: (sql) => void db.exec(sql),
    prepare: (sql) => db.prepare(sql),
    transaction: (fn, mode) => {
      const transaction = db.transaction(fn);
      return (mode === "immediate" ? transaction.immediate : transaction) as never;
    },
    pragmaValue: (name) => db.pragma(name, { simple: true }),
    get open() {
      return db.open;
    },
    close: () => db.close(),
  };
}

/** The part of `node:sqlite` used here (its types are not in @types/node 20). */
interface NodeSqliteModule {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean; open?: boolean }) => {
    exec(sql: string): void;
    prepare(sql: string): SqliteStatement;
    readonly isOpen: boolean;
    close(): void;
  };
}

function openWithNodeSqlite(path: string, options: OpenOptions): SqliteDatabase {
  // Loaded at run time: on Node 20 the module does not exist, and this driver is never chosen there.
  const sqlite = process.getBuiltinModule?.("node:sqlite") as NodeSqliteModule | undefined;
  if (!sqlite) throw new Error(`node:sqlite is not available on Node ${process.versions.node}; set SNEAK_SQLITE_DRIVER=better-sqlite3`);
  // node:sqlite has no fileMustExist: its read-only mode already refuses a missing file, and so do we.
  if (options.fileMustExist && path !== ":memory:" && !existsSync(path)) throw new Error(`unable to open database file: ${path}`);
  const db = new sqlite.DatabaseSync(path, { readOnly: options.readonly ?? false });
  let depth = 0;
  return {
    driver: "node:sqlite",
    exec: (sql) => db.exec(sql),
    prepare: (sql) => db.prepare(sql),
    transaction:
      (fn, mode) =>
      (...args) => {
        if (depth > 0) return fn(...args);
        db.exec(mode === "immediate" ? "BEGIN IMMEDIATE" : "BEGIN");
        depth++;
        try {
          const result = fn(...args);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          db.exec("ROLLBACK");
          throw error;
        } finally {
          depth--;
        }
      },
    pragmaValue: (name) => Object.values(db.prepare(`PRAGMA ${name}`).get() as Record<string, unknown>)[0],
    get open() {
      return db.isOpen;
    },
    close: () => db.close(),
  };
}

/**
 * SQLite's primary result codes that mean the file cannot be written now, not that the statement was wrong:
 * BUSY 5, LOCKED 6, NOMEM 7, READONLY 8, IOERR 10, FULL 13, CANTOPEN 14, PROTOCOL 15 (sqlite.org/rescode.html).
 */
const OUTAGE_CODES = new Map([
  [5, "BUSY"],
  [6, "LOCKED"],
  [7, "NOMEM"],
  [8, "READONLY"],
  [10, "IOERR"],
  [13, "FULL"],
  [14, "CANTOPEN"],
  [15, "PROTOCOL"],
]);

/** Whether an error from either driver says the log is out of service (see OUTAGE_CODES) or closed. */
export function isSqliteOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  // better-sqlite3: code "SQLITE_FULL", "SQLITE_IOERR_WRITE" …; node:sqlite: errcode 13, 778 … (extended codes keep the primary in the low byte).
  if (typeof code === "string" && code.startsWith("SQLITE_")) return [...OUTAGE_CODES.values()].includes(code.slice(7).split("_")[0]);
  if (typeof errcode === "number") return OUTAGE_CODES.has(errcode & 0xff);
  return /database (connection )?is not open/i.test(error.message);
}
