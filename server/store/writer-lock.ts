import { hostname } from "node:os";
import { openSqlite, type SqliteDatabase, type SqliteDriverName } from "./sqlite-driver";

/**
 * One writer per game log. Two servers on the same file would both number a room's events from the same
 * `MAX(seq)` and interleave their writes, so the second must refuse to start.
 *
 * The lock is SQLite's own: a small side database, `<log>-writer`, in which the writing server holds a write
 * transaction (a RESERVED lock, i.e. a POSIX `fcntl` lock) for as long as it runs. The operating system drops
 * that lock when the process dies, `kill -9` included, so a crash never leaves a lock behind that would
 * block the restart (a lock *file* with a pid and staleness heuristics would). Readers are unaffected: the
 * read-only tools never touch the side file, and the log itself stays in WAL mode with normal locking.
 * The side file also says who holds it (pid, host, since), so the refusal can name the other server.
 */

export interface WriterLock {
  release(): void;
}

export class LogLockedError extends Error {
  constructor(
    readonly path: string,
    readonly holder: string | null,
  ) {
    super(`${path} is already being written by another SNEAK server${holder ? ` (${holder})` : ""}; stop it first, or set SNEAK_DB to another file`);
    this.name = "LogLockedError";
  }
}

interface Owner {
  pid: number;
  host: string;
  since: string;
}

export function lockFileOf(path: string): string {
  return `${path}-writer`;
}

/** Takes the writer's lock on `path` (the log file), or throws LogLockedError naming the holder. */
export function acquireWriterLock(path: string, driver: SqliteDriverName): WriterLock {
  const file = lockFileOf(path);
  let db: SqliteDatabase;
  try {
    db = openSqlite(file, {}, driver);
  } catch (error) {
    throw new Error(`cannot open the writer's lock ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    // No waiting: a held lock means another server, and the answer must be immediate.
    db.exec("PRAGMA busy_timeout = 0; CREATE TABLE IF NOT EXISTS owner (pid INTEGER, host TEXT, since TEXT)");
    if (!tryBegin(db)) throw new LogLockedError(path, holderOf(db));
    // Say who we are (committed, so that a refused server can read it), then hold the lock again at once. Another
    // process that slips in between wins; we then refuse, naming it, as if we had started second.
    db.exec("DELETE FROM owner");
    db.prepare("INSERT INTO owner (pid, host, since) VALUES (?, ?, ?)").run(process.pid, hostname(), new Date().toISOString());
    // The commit may wait a moment for a refused server that is reading our name.
    db.exec("PRAGMA busy_timeout = 2000");
    db.exec("COMMIT");
    db.exec("PRAGMA busy_timeout = 0");
    if (!tryBegin(db)) throw new LogLockedError(path, holderOf(db));
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    release: () => {
      if (!db.open) return;
      try {
        db.exec("ROLLBACK");
      } finally {
        // Closing alone releases the lock; the rollback only ends the transaction tidily.
        db.close();
      }
    },
  };
}

function tryBegin(db: SqliteDatabase): boolean {
  try {
    db.exec("BEGIN IMMEDIATE");
    return true;
  } catch (error) {
    if (/locked|busy/i.test(error instanceof Error ? error.message : String(error))) return false;
    throw error;
  }
}

function holderOf(db: SqliteDatabase): string | null {
  try {
    const owner = db.prepare("SELECT pid, host, since FROM owner").get() as Owner | undefined;
    if (!owner) return null;
    return `pid ${owner.pid}${owner.host === hostname() ? "" : ` on ${owner.host}`}, since ${owner.since}`;
  } catch {
    return null;
  }
}
