import type { SqliteDriverName } from "../../server/store/sqlite-driver";

/** The SQLite drivers the store tests can run on this Node: better-sqlite3 12 before Node 24, node:sqlite from 22.5. */
export function availableDrivers(): SqliteDriverName[] {
  const major = Number(process.versions.node.split(".")[0]);
  const nodeSqlite = (() => {
    try {
      return Boolean(process.getBuiltinModule?.("node:sqlite"));
    } catch {
      return false;
    }
  })();
  return [...(major < 24 ? (["better-sqlite3"] as const) : []), ...(nodeSqlite ? (["node:sqlite"] as const) : [])];
}
