import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, it } from "vitest";
import { GameStore } from "../../server/store/game-store";
import type { LogBackend, LogReader, LogStore, MaybePromise } from "../../server/store/log-store";
import { PgGameStore } from "../../server/store/pg-game-store";
import type { StoreRecord } from "../../server/store/records";
import type { StoreConfig } from "../../server/store/store-config";
import { postgresMissing, startPostgres, type PostgresServer } from "./postgres-server";

/**
 * The store test suites run once per backend: `describe.each(storeBackends())("… on $name", (backend) => …)`
 * with `useBackend(backend)` first in the block. SQLite logs live in temp files, Postgres logs in fresh
 * databases of one throwaway server per test file. Where Postgres is missing its block has one skipped test
 * that says why (and a warning line), never a silent pass.
 */

/** Both stores' `append` (SQLite returns, Postgres resolves, the sequence numbers). */
export type TestStore = LogStore & { append(logId: string, records: readonly StoreRecord[], at?: number): MaybePromise<number[]> };

export interface StoreLocation {
  /** The writing store (the game server's). */
  open(): Promise<TestStore>;
  /** A read-only store on the same log (the CLIs'). */
  openReadonly(): Promise<LogReader>;
  /** The game server's configuration for this log (server/app-game-log.ts). */
  config: StoreConfig;
  /** What a server process needs in its environment to write this log. */
  env: Record<string, string>;
  /** The `--db` argument of the CLIs. */
  cliArgument: string;
}

export interface StoreBackend {
  name: LogBackend;
  /** Why this backend cannot run here (null: it can). */
  missing: string | null;
  /** A fresh, empty log. */
  fresh(): Promise<StoreLocation>;
}

class SqliteBackend implements StoreBackend {
  readonly name = "sqlite" as const;
  readonly missing = null;
  private dirs: string[] = [];
  async fresh(): Promise<StoreLocation> {
    const dir = mkdtempSync(join(tmpdir(), "sneak-store-"));
    this.dirs.push(dir);
    const path = join(dir, "game.db");
    return {
      open: async () => new GameStore({ path }),
      openReadonly: async () => new GameStore({ path, readonly: true }),
      config: { path, sync: "normal", databaseUrl: null },
      env: { SNEAK_DB: path },
      cliArgument: path,
    };
  }
  cleanup(): void {
    for (const dir of this.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}

class PostgresBackend implements StoreBackend {
  readonly name = "postgres" as const;
  readonly missing = postgresMissing;
  server: PostgresServer | null = null;
  async fresh(): Promise<StoreLocation> {
    this.server ??= await startPostgres();
    const url = await this.server.createDatabase();
    return {
      open: async () => PgGameStore.open({ url }),
      openReadonly: async () => PgGameStore.open({ url, readonly: true }),
      config: { path: null, sync: "normal", databaseUrl: url },
      env: { SNEAK_DATABASE_URL: url },
      cliArgument: url,
    };
  }
  cleanup(): void {
    this.server?.stop();
    this.server = null;
  }
}

export function storeBackends(): StoreBackend[] {
  return [new SqliteBackend(), new PostgresBackend()];
}

/**
 * Call first inside a backend's describe block: removes its logs (and stops its server) after the block, and
 * when the backend is missing, registers one skipped test naming the reason. Returns false then: the caller
 * registers nothing else.
 */
export function useBackend(backend: StoreBackend): boolean {
  if (backend.missing) {
    console.warn(`SKIPPED (${backend.name} store tests): ${backend.missing}`);
    it.skip(`${backend.name}: ${backend.missing}`, () => {});
    return false;
  }
  afterAll(() => (backend as SqliteBackend | PostgresBackend).cleanup());
  return true;
}
