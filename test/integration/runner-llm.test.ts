import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InstanceResult } from "../../server/benchmark/result-types";
import { lettersInPrompt, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";

/**
 * The real CLI with two LLM judges on the fake OpenAI-compatible server: per-evaluator columns, the
 * audit file, distributions read from known logprobs, and a cached re-run that sends nothing.
 */
const repo = resolve(import.meta.dirname, "../..");
const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");
const root = mkdtempSync(join(tmpdir(), "runner-llm-"));
let server: FakeOpenAiServer;

/** Judge "first" puts 0.6 on letter A; judge "last" 0.6 on the last letter; the rest share 0.4 evenly. */
const peaked = (pick: (letters: string[]) => string) => (request: { body: Record<string, unknown> }) => {
  const letters = lettersInPrompt(request.body);
  const chosen = pick(letters);
  return { kind: "logprobs" as const, top: letters.map((l) => ({ token: ` ${l}`, logprob: Math.log(l === chosen ? 0.6 : 0.4 / (letters.length - 1)) })) };
};

beforeAll(async () => {
  server = await startFakeOpenAiServer({ models: { first: peaked((l) => l[0]), last: peaked((l) => l[l.length - 1]) } });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function bench(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const env = { ...process.env, OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: "sk-test" };
    const child = spawn(process.execPath, [tsxCli, join(repo, "server/benchmark/cli.ts"), ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

const resultsIn = (dir: string) =>
  readFileSync(join(dir, "results.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as InstanceResult);

describe("npm run bench with LLM judges", () => {
  it("averages two judges, reports each, keeps the audit and re-runs from the cache", async () => {
    const dir = join(root, "a");
    const cache = join(root, "cache");
    const run = await bench(["--generator", "secret-synonym", "--evaluator", "llm:first", "--evaluator", "llm:last", "--limit", "4", "--cache", cache, "--out", dir]);
    expect(run.stdout).toMatch(/on \d of 4 instances/);
    expect(run.code).toBe(0);
    const results = resultsIn(dir);
    const scored = results.filter((r) => r.status === "scored");
    expect(scored.length).toBeGreaterThan(0);
    // Two requests (ally, chameleon) per scored instance and judge, none for invalid messages.
    expect(server.requestCount("first")).toBe(2 * scored.length);
    expect(server.requestCount("last")).toBe(2 * scored.length);
    for (const r of scored) {
      const [first, last] = r.evaluations;
      expect(first.evaluator).toMatch(/^llm:first/);
      const ally = first.ally!;
      // The judge saw the options in the recorded order: 0.6 on the first, 0.4/(n−1) on each other.
      expect(ally.probabilities[0]).toBeCloseTo(0.6, 9);
      expect(ally.probabilities[1]).toBeCloseTo(0.4 / (ally.options.length - 1), 9);
      expect(first.scores!.pAlly).toBeCloseTo(ally.probabilities[ally.options.indexOf(r.message)], 12);
      const cham = last.chameleon!;
      expect(cham.probabilities.at(-1)).toBeCloseTo(0.6, 9);
      expect(r.mean!.utility).toBeCloseTo((first.scores!.utility + last.scores!.utility) / 2, 12);
    }
    const report = readFileSync(join(dir, "report.md"), "utf8");
    expect(report).toContain("| Method | Util. first | Util. last | Util. Avg |");
    expect(report).not.toContain("self-evaluation");
    expect(existsSync(join(dir, "audit.jsonl"))).toBe(true);

    server.resetCounts();
    const again = await bench(["--generator", "secret-synonym", "--evaluator", "llm:first", "--evaluator", "llm:last", "--limit", "4", "--cache", cache, "--out", join(root, "b")]);
    expect(again.code).toBe(0);
    expect(server.requestCount()).toBe(0);
    expect(resultsIn(join(root, "b")).map((r) => r.mean)).toEqual(results.map((r) => r.mean));
  });
});
