import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "./options";

/** Facts about the process a run records in summary.json: the code's commit and the memory it used. */
function git(args: string[]): string | null {
  try {
    return execFileSync("git", args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "ignore"], timeout: 5000 }).toString();
  } catch {
    return null;
  }
}

/** The checkout's commit, and whether tracked files differ from it (then the commit alone does not reproduce the run); null outside git. */
export function gitStateOf(): { commit: string; dirty: boolean } | null {
  const commit = git(["rev-parse", "HEAD"])?.trim();
  if (!commit) return null;
  const status = git(["status", "--porcelain", "--untracked-files=no"]);
  return { commit, dirty: status === null ? true : status.trim() !== "" };
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
