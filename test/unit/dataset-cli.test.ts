import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { runScript } from "../support/run-script";

// Each case starts a process that loads WordNet: generous timeouts for a busy two-core machine.
const runDataset = (args: string[]) => runScript("server/dataset/build-dataset.ts", args);

const CSV = [
  "Category,Response,Participant,Rank,Production.frequency,Mean.rank",
  ...["apple:17:2", "banana:16:3", "apples:5:4", "pear:12:3", "mango:12:4", "kiwi:11:5", "melon:10:5", "grape:8:6", "plum:6:6", "cherry:5:7"].map((s) => {
    const [response, frequency, rank] = s.split(":");
    return `fruit,${response},1,${rank},${frequency},${rank}`;
  }),
  ...["hammer:20:1", "screwdriver:16:2", "saw:9:3", "drill:9:3", "spanner:9:4", "wrench:6:5", "chisel:3:6", "pliers:3:6"].map((s) => {
    const [response, frequency, rank] = s.split(":");
    return `tool,${response},1,${rank},${frequency},${rank}`;
  }),
].join("\n");

describe("npm run dataset", () => {
  const dir = mkdtempSync(join(tmpdir(), "sneak-dataset-cli-"));

  it("derives a valid dataset from a CSV, and --check notices a stale file", async () => {
    const csv = join(dir, "norms.csv");
    const out = join(dir, "out.json");
    writeFileSync(csv, CSV);
    const built = await runDataset(["--csv", csv, "--out", out]);
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/2 categories, 17 instances/);
    const dataset = loadDataset(out);
    expect(dataset.categories.map((c) => c.category)).toEqual(["fruit", "tool"]);
    expect(dataset.categories[0].words.slice(0, 2)).toEqual(["apple", "banana"]); // apple + apples = 22
    expect(readFileSync(out, "utf8").endsWith("}\n")).toBe(true);

    writeFileSync(out, readFileSync(out, "utf8").replace('"apple"', '"apricot"'));
    const stale = await runDataset(["--csv", csv, "--out", out, "--check"]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/out of date/);
  }, 120_000);

  it("fails with one line, no stack trace, on a missing CSV or an unknown flag", async () => {
    const missing = await runDataset(["--csv", join(dir, "nope.csv"), "--out", join(dir, "x.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^dataset: norms CSV not found at .*nope\.csv: .*--csv PATH/);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
    const flag = await runDataset(["--frobnicate"]);
    expect(flag.code).not.toBe(0);
    expect(flag.stderr).toMatch(/unknown option '--frobnicate'/);
    expect(flag.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
