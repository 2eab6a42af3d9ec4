import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { InstanceResult } from "./result-types";
import { UserError } from "./user-error";

export const RESULTS_FILE = "results.jsonl";

export function resultsPath(dir: string): string {
  return join(dir, RESULTS_FILE);
}

/**
 * Reads results.jsonl. A run killed mid-write can leave a partial last line: it is dropped (that
 * instance is simply redone) and the file is rewritten without it; a bad line elsewhere is an error.
 */
export function readResults(dir: string): InstanceResult[] {
  const path = resultsPath(dir);
  if (!existsSync(path)) return [];
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  const results: InstanceResult[] = [];
  let truncated = false;
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      const parsed = JSON.parse(line) as InstanceResult;
      if (typeof parsed?.id !== "string" || typeof parsed.status !== "string") throw new Error("not a result record");
      results.push(parsed);
    } catch {
      const isLast = lines.slice(index + 1).every((l) => l.trim() === "");
      if (!isLast) throw new UserError(`${path}:${index + 1}: not a result record; the file was edited or corrupted`);
      truncated = true;
    }
  });
  if (truncated) writeResults(dir, results);
  return results;
}

export function writeResults(dir: string, results: readonly InstanceResult[]): void {
  writeFileSync(resultsPath(dir), results.map((r) => `${JSON.stringify(r)}\n`).join(""));
}

export function appendResult(dir: string, result: InstanceResult): void {
  appendFileSync(resultsPath(dir), `${JSON.stringify(result)}\n`);
}
