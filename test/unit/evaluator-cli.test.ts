import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// `npm run bench:evaluator -- --clues FILE`: the judge measured on a clue set from outside the repository.
const SCRIPT = resolve(__dirname, "../../server/benchmark/evaluator-accuracy.ts");

function runEvaluator(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ["--import", "tsx", SCRIPT, ...args], { cwd: resolve(__dirname, "../.."), timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("npm run bench:evaluator -- --clues", () => {
  const dir = mkdtempSync(join(tmpdir(), "sneak-clues-"));

  it("measures the judge on other clue files, a missing split counting as held-out, unknown rows skipped with a warning", async () => {
    const file = join(dir, "mine.jsonl");
    const lines = [
      { category: "animal", secret: "lion", clue: "mane" },
      { category: "animal", secret: "elephant", clue: "trunk" },
      { category: "fruit", secret: "banana", clue: "monkey", split: "tune" },
      { category: "no such category", secret: "x", clue: "y" },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const { code, stdout, stderr } = await runEvaluator(["--clues", file, "--json"]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/skipped "y": no category "no such category"/);
    const rows = (JSON.parse(stdout) as { rows: { set: string; split: string; n: number; chameleonTop1: number }[] }).rows;
    expect(rows.map((r) => [r.set, r.split, r.n])).toEqual([
      ["mine", "tune", 1],
      ["mine", "heldout", 2],
      ["mine", "all", 3],
    ]);
    // mane → lion and trunk → elephant are read by any working judge.
    expect(rows[1].chameleonTop1).toBe(1);
  }, 90_000);

  it("refuses a malformed line with its file and line number", async () => {
    const file = join(dir, "bad.jsonl");
    writeFileSync(file, `${JSON.stringify({ category: "animal", secret: "lion", clue: "mane" })}\n{"category":"animal","secret":"lion"}\n`);
    const { code, stderr } = await runEvaluator(["--clues", file]);
    expect(code).toBe(1);
    expect(stderr).toContain(`${file}:2: clue:`);
  }, 90_000);
});
