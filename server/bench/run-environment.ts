import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "./options";

/** Facts about the process a run records in summary.json: the code's commit and the memory it used. */
export function gitCommitOf(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "ignore"], timeout: 5000 }).toString().trim() || null;
  } catch {
    return null;
  }
}

export function heapSampler(): { peak(): number; stop(): void } {
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  timer.unref();
  return {
    peak: () => Math.max(peak, process.memoryUsage().heapUsed),
    stop: () => clearInterval(timer),
  };
}
