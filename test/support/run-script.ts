import { execFile } from "node:child_process";
import { resolve } from "node:path";

const REPO = resolve(import.meta.dirname, "../..");

/** A repository script (path from the repository's root) run through tsx from the repository's root, as `npm run` runs it; a minute at most. */
export function runScript(path: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ["--import", "tsx", resolve(REPO, path), ...args], { cwd: REPO, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
