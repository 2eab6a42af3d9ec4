import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { appendResult, readResults } from "../../server/benchmark/results-file";
import type { InstanceResult } from "../../server/benchmark/result-types";

const root = mkdtempSync(join(tmpdir(), "runner-results-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => {
  const dir = join(root, `d${n++}`);
  mkdirSync(dir);
  return dir;
};

const record = (id: string): InstanceResult => ({
  id,
  instance: { category: "c", words: ["a", "b"], secret: "a", decoys: ["x"] },
  message: "m",
  status: "scored",
  evaluations: [],
  mean: { utility: 0.5, leakage: 0, softScore: 0.5, binaryScore: 1 },
  elapsedMs: 1,
});

describe("results.jsonl", () => {
  it("reads back what was appended", () => {
    const dir = freshDir();
    appendResult(dir, record("c/a"));
    appendResult(dir, record("c/b"));
    expect(readResults(dir).map((r) => r.id)).toEqual(["c/a", "c/b"]);
  });

  it("drops a partial last line left by a killed run, and rewrites the file without it", () => {
    const dir = freshDir();
    appendResult(dir, record("c/a"));
    writeFileSync(join(dir, "results.jsonl"), `${readFileSync(join(dir, "results.jsonl"), "utf8")}{"id":"c/b","instance":{"categ`);
    expect(readResults(dir).map((r) => r.id)).toEqual(["c/a"]);
    expect(readFileSync(join(dir, "results.jsonl"), "utf8")).toBe(`${JSON.stringify(record("c/a"))}\n`);
  });

  it("refuses a corrupted line in the middle", () => {
    const dir = freshDir();
    writeFileSync(join(dir, "results.jsonl"), `${JSON.stringify(record("c/a"))}\nnot json\n${JSON.stringify(record("c/b"))}\n`);
    expect(() => readResults(dir)).toThrow(/results\.jsonl:2: not a result record/);
  });

  it("is empty when there is no file yet", () => {
    expect(readResults(freshDir())).toEqual([]);
  });
});
