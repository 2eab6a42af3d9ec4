import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exportLinesOf } from "../../server/export/export-lines";
import { GameStore } from "../../server/store/game-store";
import { isFailure, plansForOpenLogs } from "../../server/store/restore";
import { INDEXED_KINDS, SCHEMA_VERSION } from "../../server/store/schema";
import { availableDrivers } from "../support/store-drivers";

/**
 * test/fixtures/store/schema-v1.db was written by the log as it was before schema 2 (one finished game in
 * room DONE, one game in room OPEN still in play with an unrevealed round). It must open, migrate, export
 * the same lines, restore the open room, and keep refusing to rewrite history.
 */

const FIXTURE = join(import.meta.dirname, "../fixtures/store/schema-v1.db");
let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-migrate-"));
  path = join(dir, "old.db");
  copyFileSync(FIXTURE, path);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const indexes = (store: GameStore) => store.query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND name NOT LIKE 'sqlite_%' ORDER BY name").map((r) => r.name);

for (const driver of availableDrivers()) {
  describe(`a schema 1 log file with ${driver}`, () => {
    it("is migrated to the current schema and reads exactly as before", async () => {
      const before = new GameStore({ path, readonly: true, driver });
      expect(before.query("PRAGMA user_version")).toEqual([{ user_version: 1 }]);
      expect(indexes(before)).toEqual(["events_by_kind"]);
      const linesBefore = await exportLinesOf(before);
      const logsBefore = before.logs();
      const cluesBefore = before.query("SELECT * FROM clues ORDER BY seq, log_id");
      await before.close();
      expect(linesBefore.length).toBeGreaterThan(10);

      const store = new GameStore({ path, driver, checkpoint: "auto" });
      expect(store.query("PRAGMA user_version")).toEqual([{ user_version: SCHEMA_VERSION }]);
      expect(indexes(store)).toEqual(INDEXED_KINDS.map((kind) => `events_${kind}`).sort());
      expect(await exportLinesOf(store)).toEqual(linesBefore);
      expect(store.logs()).toEqual(logsBefore);
      expect(store.query("SELECT * FROM clues ORDER BY seq, log_id")).toEqual(cluesBefore);

      // The views gained columns since schema 1 (bot_decisions' knowledge, last).
      expect(store.query<{ name: string }>("PRAGMA table_info(bot_decisions)").map((c) => c.name).at(-1)).toBe("knowledge");
      // The open room is restored by replay, as it would have been before the upgrade.
      const plans = await plansForOpenLogs(store);
      expect(plans).toHaveLength(1);
      expect(isFailure(plans[0])).toBe(false);
      expect(plans[0]).toMatchObject({ roomCode: "OPEN" });

      // History stays append-only, and the sequence goes on.
      const open = store.openLogs()[0].logId;
      const last = store.eventsOf(open).length;
      expect(() => store.query("UPDATE events SET kind = 'x' WHERE id = 1 RETURNING id")).toThrow(/append-only/);
      expect(() => store.query("DELETE FROM events WHERE id = 1 RETURNING id")).toThrow(/append-only/);
      expect(store.append(open, [{ kind: "log-close", reason: "after the upgrade" }])).toEqual([last]);
      await store.close();

      // Reopened: nothing left to migrate.
      const again = new GameStore({ path, driver, checkpoint: "auto" });
      expect(again.openLogs()).toEqual([]);
      expect(again.query("PRAGMA user_version")).toEqual([{ user_version: SCHEMA_VERSION }]);
      await again.close();
    });
  });
}
