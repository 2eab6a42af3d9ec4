import { execFileSync } from "node:child_process";
import { cpus } from "node:os";

/**
 * Pins every thread of process `pid` to one core (Linux `taskset`); threads it starts later inherit that.
 * `bench:load --pin` gives the server and the load generator a core each, so that neither's bursts (GC
 * helpers, a burst of frames to parse) take the other's core while it is measured.
 */
export function pinToCore(pid: number, core: number): void {
  if (process.platform !== "linux") throw new Error("--pin needs Linux (it uses taskset)");
  if (core >= cpus().length) throw new Error(`--pin needs at least ${core + 1} cores; this machine has ${cpus().length}`);
  try {
    execFileSync("taskset", ["--all-tasks", "--cpu-list", "--pid", String(core), String(pid)], { stdio: "ignore" });
  } catch (error) {
    throw new Error(`--pin: taskset could not pin process ${pid} to core ${core} (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
  }
}
