import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runScript } from "../support/run-script";

// `npm run bench:evaluator -- --clues FILE`: the judge measured on a clue set from outside the repository.
const runEvaluator = (args: string[]) => runScript("server/benchmark/evaluator-accuracy.ts", args);

// The cases are independent processes on files of their own: they run at the same time.
describe.concurrent("npm run bench:evaluator -- --clues", () => {
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

  it("matches categories and words as the game does, ignores extra fields, and reads lines that bring their own grid", async () => {
    const file = join(dir, "theirs.jsonl");
    const planets = ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn"];
    const lines = [
      { category: "Animal", secret: " Lion", clue: "mane", model: "someone", id: 1 },
      { category: "planet", words: planets, secret: "saturn", clue: "rings", decoys: ["space", "orbit", "telescope"] },
      { category: "planet", words: planets, secret: "Jupiter", clue: "great red spot" },
      { category: "planet", words: planets, secret: "Pluto", clue: "dwarf" },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const { code, stdout, stderr } = await runEvaluator(["--clues", file, "--json"]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/skipped "dwarf": "Pluto" is not among the line's words/);
    const [heldout] = (JSON.parse(stdout) as { rows: { split: string; n: number; allyN: number; chameleonTop1: number; chameleonChance: number }[] }).rows;
    // Three rows read: the lion on the dataset's animal grid, two planets on their own grid; the ally only where there are decoys.
    expect([heldout.split, heldout.n, heldout.allyN]).toEqual(["heldout", 3, 2]);
    expect(heldout.chameleonChance).toBeCloseTo((1 / 12 + 2 / 6) / 3, 6);
  }, 90_000);

  it("reads a file with a byte-order mark and CRLF line ends, and a JSON array of the same objects", async () => {
    const lines = join(dir, "windows.jsonl");
    writeFileSync(lines, `\uFEFF${JSON.stringify({ category: "animal", secret: "lion", clue: "mane" })}\r\n${JSON.stringify({ category: "animal", secret: "elephant", clue: "trunk" })}\r\n`);
    const array = join(dir, "array.json");
    writeFileSync(array, JSON.stringify([{ category: "animal", secret: "lion", clue: "mane" }]));
    const { code, stdout } = await runEvaluator(["--clues", lines, array, "--json"]);
    expect(code).toBe(0);
    const rows = (JSON.parse(stdout) as { rows: { set: string; split: string; n: number }[] }).rows.filter((r) => r.split === "all");
    expect(rows.map((r) => [r.set, r.n])).toEqual([
      ["windows", 2],
      ["array", 1],
    ]);
  }, 90_000);

  it("refuses a malformed line with its file and line number", async () => {
    const file = join(dir, "bad.jsonl");
    writeFileSync(file, `${JSON.stringify({ category: "animal", secret: "lion", clue: "mane" })}\n{"category":"animal","secret":"lion"}\n`);
    const { code, stderr } = await runEvaluator(["--clues", file]);
    expect(code).toBe(1);
    expect(stderr).toContain(`${file}:2: clue:`);
  }, 90_000);
});
