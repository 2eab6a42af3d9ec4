import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GameStore } from "../../server/store/game-store";
import { LogLockedError } from "../../server/store/writer-lock";
import { availableDrivers } from "../support/store-drivers";

/** One writer per log file (server/store/writer-lock.ts); readers never wait for it. Cross-process cases: test/integration/store-writer-lock.test.ts. */

let dir: string;
let path: string;
const stores: GameStore[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-lock-"));
  path = join(dir, "game.db");
});
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

for (const driver of availableDrivers()) {
  describe(`the writer's lock with ${driver}`, () => {
    const open = (options: { readonly?: boolean } = {}) => {
      const store = new GameStore({ path, driver, checkpoint: "auto", ...options });
      stores.push(store);
      return store;
    };

    it("refuses a second writer with one line naming the file and the process that holds it", () => {
      const first = open();
      first.append("g", [{ kind: "log-close", reason: "x" }], 1);
      let error: unknown;
      try {
        open();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(LogLockedError);
      const message = (error as Error).message;
      expect(message).toContain(path);
      expect(message).toContain(`pid ${process.pid}`);
      expect(message).not.toContain("\n");
      // The refused writer wrote nothing and the first goes on.
      expect(first.append("g", [{ kind: "log-close", reason: "y" }], 2)).toEqual([1]);
    });

    it("lets read-only tools open the file while the writer holds it", () => {
      const writer = open();
      writer.append("g", [{ kind: "log-close", reason: "x" }], 1);
      const reader = open({ readonly: true });
      expect(reader.eventsOf("g")).toHaveLength(1);
      writer.append("g", [{ kind: "log-close", reason: "y" }], 2);
      expect(reader.eventsOf("g")).toHaveLength(2);
    });

    it("is released on close, so the next server can write", async () => {
      const first = open();
      first.append("g", [{ kind: "log-close", reason: "x" }], 1);
      await first.close();
      const second = open();
      expect(second.append("g", [{ kind: "log-close", reason: "y" }], 2)).toEqual([1]);
    });

    it("does not lock throwaway in-memory stores", () => {
      const a = new GameStore({ path: ":memory:", driver });
      const b = new GameStore({ path: ":memory:", driver });
      stores.push(a, b);
      expect([a.append("g", [{ kind: "log-close", reason: "x" }], 1), b.append("g", [{ kind: "log-close", reason: "x" }], 1)]).toEqual([[0], [0]]);
    });
  });
}
