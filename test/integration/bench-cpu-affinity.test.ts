import { execFileSync, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { cpus } from "node:os";
import { describe, expect, it } from "vitest";
import { pinToCore } from "../../server/bench/cpu-affinity";

const hasTaskset = process.platform === "linux" && (() => {
  try {
    execFileSync("taskset", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasTaskset)("pinToCore (bench:load --pin)", () => {
  it("moves every thread of a running process to the one core, and refuses a core the machine lacks", async () => {
    // A Node process already runs several threads (V8's helpers, libuv's pool): all of them must move.
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"], { stdio: "ignore" });
    try {
      const threads = () => readdirSync(`/proc/${child.pid}/task`);
      // As bench:load pins a server once it is up: after its threads have started.
      for (let i = 0; i < 200 && threads().length < 3; i++) await new Promise((r) => setTimeout(r, 10));
      expect(threads().length).toBeGreaterThanOrEqual(3);
      pinToCore(child.pid!, 0);
      for (const thread of threads()) {
        expect(execFileSync("taskset", ["--cpu-list", "--pid", thread], { encoding: "utf8" })).toMatch(/affinity list: 0\n$/);
      }
      expect(() => pinToCore(child.pid!, cpus().length)).toThrow(/needs at least/);
    } finally {
      child.kill();
    }
  });
});
