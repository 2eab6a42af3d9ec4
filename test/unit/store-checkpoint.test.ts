import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startCheckpointer } from "../../server/store/checkpointer";
import { GameStore } from "../../server/store/game-store";
import type { StoreRecord } from "../../server/store/records";
import { openSqlite } from "../../server/store/sqlite-driver";
import { moduleWorker } from "../../server/store/ts-worker";
import { availableDrivers } from "../support/store-drivers";

/** The checkpoint worker (server/store/checkpoint-worker.ts), on real files, with each driver this Node has. */

let dir: string;
const stores: GameStore[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-ckpt-"));
});
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A clue-sized action: about 300 bytes of JSON. */
const action = (i: number): StoreRecord => ({ kind: "action", action: { type: "giveClue", now: i, by: `p${i % 6}`, text: `clue-${i}-${"x".repeat(200)}` } });
const walBytes = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
const pragma = (store: GameStore, name: string) => Object.values(store.query<Record<string, unknown>>(`PRAGMA ${name}`)[0])[0];

for (const driver of availableDrivers()) {
  describe(`checkpoints with ${driver}`, () => {
    const open = (extra: Partial<ConstructorParameters<typeof GameStore>[0]> = {}) => {
      const store = new GameStore({ path: join(dir, "log.db"), driver, checkpointIntervalMs: 60_000, ...extra });
      stores.push(store);
      return store;
    };

    it("never checkpoints in the writing connection; the worker copies the WAL into the database", async () => {
      const store = open();
      expect(pragma(store, "wal_autocheckpoint")).toBe(0);
      // 1,500 commits of 3+ pages each: far past the 1,000 pages at which SQLite would checkpoint inside a commit.
      for (let i = 0; i < 1500; i++) store.append(`log${i % 50}`, [action(i)], i);
      const before = walBytes(store.path);
      expect(before).toBeGreaterThan(1000 * 4096);
      const stats = await store.checkpointNow();
      expect(stats).not.toBeNull();
      expect(stats!.passive).toBeGreaterThanOrEqual(1);
      expect(stats!.frames).toBeGreaterThanOrEqual(before / (4096 + 24) - 1);
      expect(stats!.lastError).toBeNull();
      // Checkpointed: a reader that ignores the WAL (the database file alone) sees every row.
      await store.close();
      const copy = new GameStore({ path: store.path, readonly: true, driver });
      stores.push(copy);
      expect(copy.query<{ n: number }>("SELECT COUNT(*) AS n FROM events")[0].n).toBe(1500);
    });

    it("restarts the WAL once it passes the limit, so the file stops growing, and the writer goes on", async () => {
      const store = open({ walLimitBytes: 256 * 1024 });
      for (let i = 0; i < 200; i++) store.append("g", [action(i)], i);
      const grown = walBytes(store.path);
      expect(grown).toBeGreaterThan(256 * 1024);
      expect((await store.checkpointNow())!.forced).toBe(1);
      // As much again: written over the restarted WAL, from its start, not appended to it.
      for (let i = 200; i < 400; i++) store.append("g", [action(i)], i);
      expect(walBytes(store.path)).toBeLessThanOrEqual(grown);
      expect((await store.checkpointNow())!.forced).toBe(2);
      expect(store.append("g", [action(400)], 400)).toEqual([400]);
      expect(store.eventsOf("g")).toHaveLength(401);
    });

    it("never makes the writer wait for a reader: the RESTART gives up while one holds the WAL, and succeeds after", async () => {
      const store = open({ walLimitBytes: 64 * 1024 });
      store.append("g", [action(0)], 0);
      // A long export in another connection: a read transaction that keeps its snapshot of the WAL.
      const reader = openSqlite(store.path, { readonly: true }, driver);
      const count = () => (reader.prepare("SELECT COUNT(*) AS n FROM events").get() as { n: number }).n;
      reader.exec("BEGIN");
      expect(count()).toBe(1);
      for (let i = 1; i < 100; i++) store.append("g", [action(i)], i);
      let stats = await store.checkpointNow();
      expect(stats).toMatchObject({ forced: 0, lastError: null });
      expect(stats!.forcedGaveUp).toBeGreaterThanOrEqual(1);
      // The writer goes on, and the reader still sees its snapshot.
      expect(store.append("g", [action(100)], 100)).toEqual([100]);
      expect(count()).toBe(1);
      reader.exec("COMMIT");
      stats = await store.checkpointNow();
      expect(stats!.forced).toBe(1);
      expect(count()).toBe(101);
      reader.close();
    });

    it("checkpoints on its own timer", async () => {
      const store = open({ checkpointIntervalMs: 20 });
      for (let i = 0; i < 50; i++) store.append("g", [action(i)], i);
      // Ask the worker for its counts (which runs no checkpoint) until its timer has run twice.
      let stats = await store.checkpointStats();
      for (let asked = 0; asked < 100_000 && stats!.passive < 2; asked++) stats = await store.checkpointStats();
      expect(stats!.passive).toBeGreaterThanOrEqual(2);
      expect(stats!.frames).toBeGreaterThan(50);
    });

    it("stops the worker on close", async () => {
      const store = open();
      store.append("g", [action(1)], 1);
      await store.checkpointNow();
      await store.close();
      await expect(store.checkpointNow()).rejects.toThrow(/checkpoint worker stopped/);
    });

    it("without a worker (checkpoint: auto) SQLite checkpoints in the writer, as before", async () => {
      const store = open({ checkpoint: "auto" });
      expect(pragma(store, "wal_autocheckpoint")).toBe(1000);
      expect(await store.checkpointNow()).toBeNull();
    });
  });
}

describe("worker modules", () => {
  it("load a compiled JavaScript module directly, without tsx (the TypeScript case is every test above)", async () => {
    const file = join(dir, "echo-worker.mjs");
    writeFileSync(file, `import { parentPort, workerData } from "node:worker_threads"; parentPort.postMessage({ echo: workerData });`);
    const worker = moduleWorker(pathToFileURL(file), { workerData: 42 });
    const exited = once(worker, "exit");
    const [reply] = (await once(worker, "message")) as [{ echo: number }];
    expect(reply.echo).toBe(42);
    expect(await exited).toEqual([0]);
  });
});

describe("a checkpoint worker that cannot run", () => {
  it("reports it, so that the writer checkpoints by itself again", async () => {
    const reason = await new Promise<string>((resolve) => {
      startCheckpointer({ path: join(dir, "missing.db"), driver: availableDrivers()[0], sync: "normal", intervalMs: 1000, limitBytes: 1 << 20 }, { onFailure: resolve });
    });
    expect(reason).toMatch(/missing\.db|unable to open/);
  });
});
