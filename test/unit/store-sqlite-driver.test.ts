import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultDriver, isSqliteOutage, openSqlite, type SqliteDriverName } from "../../server/store/sqlite-driver";

const hasNodeSqlite = (() => {
  try {
    return Boolean(process.getBuiltinModule?.("node:sqlite"));
  } catch {
    return false;
  }
})();
// better-sqlite3 12 works up to Node 23; node:sqlite exists from Node 22.5. Each driver is tested wherever it can run.
const drivers: { name: SqliteDriverName; available: boolean }[] = [
  { name: "better-sqlite3", available: Number(process.versions.node.split(".")[0]) < 24 },
  { name: "node:sqlite", available: hasNodeSqlite },
];

describe("choosing the driver", () => {
  it("uses node:sqlite from Node 24 on, better-sqlite3 before, unless told otherwise", () => {
    expect(defaultDriver({}, "20.20.2")).toBe("better-sqlite3");
    expect(defaultDriver({}, "22.23.3")).toBe("better-sqlite3");
    expect(defaultDriver({}, "24.21.0")).toBe("node:sqlite");
    expect(defaultDriver({ SNEAK_SQLITE_DRIVER: "node:sqlite" }, "20.20.2")).toBe("node:sqlite");
    expect(() => defaultDriver({ SNEAK_SQLITE_DRIVER: "postgres" })).toThrow(/SNEAK_SQLITE_DRIVER/);
  });
});

for (const { name, available } of drivers) {
  describe.skipIf(!available)(`the ${name} driver`, () => {
    let dir = "";
    afterEach(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });
    const fresh = () => {
      dir = mkdtempSync(path.join(tmpdir(), "sneak-sqlite-"));
      const file = path.join(dir, "t.db");
      const db = openSqlite(file, {}, name);
      db.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER)");
      return { db, file };
    };

    it("runs statements with positional and named parameters", () => {
      const { db } = fresh();
      expect(db.driver).toBe(name);
      db.prepare("INSERT INTO t (name, n) VALUES (?, ?)").run("a", 1);
      db.prepare("INSERT INTO t (name, n) VALUES (?, ?)").run("b", null);
      expect(db.prepare("SELECT name, n FROM t WHERE name = ?").get("a")).toEqual({ name: "a", n: 1 });
      expect(db.prepare("SELECT name FROM t WHERE (@n IS NULL OR n = @n) ORDER BY id").all({ n: null })).toEqual([{ name: "a" }, { name: "b" }]);
      expect(db.prepare("SELECT name FROM t WHERE name = ?").get("zzz")).toBeUndefined();
      db.close();
      expect(db.open).toBe(false);
    });

    it("commits a transaction, rolls it back when it throws, and lets a nested call join it", () => {
      const { db } = fresh();
      const insert = db.prepare("INSERT INTO t (name) VALUES (?)");
      const insertTwo = db.transaction((a: string, b: string) => {
        insert.run(a);
        insert.run(b);
        return 2;
      });
      expect(insertTwo("a", "b")).toBe(2);
      const failing = db.transaction(() => {
        insertTwo("c", "d");
        throw new Error("boom");
      });
      expect(() => failing()).toThrow("boom");
      expect(db.prepare("SELECT name FROM t ORDER BY id").all()).toEqual([{ name: "a" }, { name: "b" }]);
      db.close();
    });

    it("takes the write lock at BEGIN in an immediate transaction, before its first statement", () => {
      const { db, file } = fresh();
      const other = openSqlite(file, {}, name);
      other.exec("PRAGMA busy_timeout = 0");
      const otherCanWrite = () => {
        try {
          other.exec("BEGIN IMMEDIATE; ROLLBACK");
          return true;
        } catch {
          return false;
        }
      };
      // Deferred: nothing is locked until the transaction writes; immediate: from BEGIN.
      expect(db.transaction(() => otherCanWrite())()).toBe(true);
      expect(db.transaction(() => otherCanWrite(), "immediate")()).toBe(false);
      expect(otherCanWrite()).toBe(true);
      other.close();
      db.close();
    });

    it("reads pragmas, and opens read-only only a file that exists", () => {
      const { db, file } = fresh();
      db.exec("PRAGMA user_version = 7");
      expect(db.pragmaValue("user_version")).toBe(7);
      expect(db.pragmaValue("journal_mode")).toBe("wal");
      db.close();
      const reader = openSqlite(file, { readonly: true, fileMustExist: true }, name);
      expect(reader.pragmaValue("user_version")).toBe(7);
      expect(() => reader.exec("INSERT INTO t (name) VALUES ('x')")).toThrow();
      reader.close();
      expect(() => openSqlite(path.join(dir, "missing.db"), { readonly: true, fileMustExist: true }, name)).toThrow();
    });

    it("tells an outage of the file (full, read-only, locked, closed) from a wrong statement", () => {
      const { db, file } = fresh();
      const thrown = (run: () => unknown): unknown => {
        try {
          run();
        } catch (error) {
          return error;
        }
        throw new Error("did not throw");
      };
      const pages = db.pragmaValue("page_count") as number;
      db.exec(`PRAGMA max_page_count = ${pages}`);
      const full = thrown(() => {
        for (let i = 0; i < 1000; i++) db.prepare("INSERT INTO t (name) VALUES (?)").run("x".repeat(2000));
      });
      expect(isSqliteOutage(full)).toBe(true);
      db.exec("PRAGMA max_page_count = 100000");
      const other = openSqlite(file, {}, name);
      other.exec("PRAGMA busy_timeout = 0; BEGIN IMMEDIATE");
      expect(isSqliteOutage(thrown(() => db.exec("PRAGMA busy_timeout = 0; BEGIN IMMEDIATE")))).toBe(true);
      other.exec("ROLLBACK");
      other.close();
      expect(isSqliteOutage(thrown(() => db.exec("INSERT INTO nowhere VALUES (1)")))).toBe(false);
      expect(isSqliteOutage(thrown(() => db.exec("INSERT INTO t (id) VALUES (1); INSERT INTO t (id) VALUES (1)")))).toBe(false);
      db.close();
      expect(isSqliteOutage(thrown(() => db.exec("SELECT 1")))).toBe(true);
      const reader = openSqlite(file, { readonly: true }, name);
      expect(isSqliteOutage(thrown(() => reader.exec("INSERT INTO t (name) VALUES ('x')")))).toBe(true);
      reader.close();
    });
  });
}
