import { existsSync } from "node:fs";
import { GameStore } from "../store/game-store";
import type { LogReader } from "../store/log-store";
import { PgGameStore } from "../store/pg-game-store";
import { storeConfigFromEnv } from "../store/store-config";

/**
 * Opens an existing game log read-only for the CLIs: `--db PATH` (a SQLite file) or `--db postgres://…`, else
 * SNEAK_DATABASE_URL, else SNEAK_DB. On Postgres it reads every game process's games. A missing log is a
 * clear one-line error.
 */
export async function openLogForReading(location?: string): Promise<LogReader> {
  const config = storeConfigFromEnv();
  const target = location ?? config.databaseUrl ?? config.path;
  if (!target) throw new Error("SNEAK_DB=off: there is no game log to read (give --db PATH or --db postgres://…)");
  if (/^postgres(ql)?:\/\//.test(target)) return PgGameStore.open({ url: target, readonly: true });
  if (!existsSync(target)) throw new Error(`no game log at ${target} (play a game first, or give --db PATH)`);
  return new GameStore({ path: target, readonly: true });
}
