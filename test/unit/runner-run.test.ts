import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Dataset, Evaluator, Instance, Judgement, MessageGenerator } from "../../shared/sneak/types";
import { parseBenchArgs } from "../../server/benchmark/options";
import { providePluginModule } from "../../server/benchmark/plugin-modules";
import type { Progress } from "../../server/benchmark/progress";
import { runBenchmark } from "../../server/benchmark/runner";
import type { InstanceResult } from "../../server/benchmark/result-types";

/**
 * The runner in-process with small fakes behind the plug-in interfaces: what it writes, how it
 * resumes, and how it stops when an endpoint goes down. The real CLI is exercised in test/integration.
 */
const root = mkdtempSync(join(tmpdir(), "runner-run-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dataset: Dataset = {
  name: "fake",
  description: "two categories of four words",
  categories: [
    { category: "animals", words: ["lion", "tiger", "bear", "wolf"], decoys: ["fur", "wild", "zoo"] },
    { category: "fruit", words: ["apple", "pear", "plum", "fig"], decoys: ["sweet", "tree", "juice"] },
  ],
};
const datasetPath = join(root, "dataset.json");
writeFileSync(datasetPath, JSON.stringify(dataset));

function instancesOf(d: Dataset, o: { words?: number; decoys?: number }): Instance[] {
  return d.categories.flatMap((c) =>
    c.words.map((secret) => ({ id: `${c.category}/${secret}`, category: c.category, words: c.words.slice(0, o.words ?? c.words.length), secret, decoys: c.decoys.slice(0, o.decoys ?? 3) })),
  );
}

let generated: string[] = [];
let onGenerate: (instance: Instance) => void = () => {};
const generator: MessageGenerator = {
  id: "echo",
  async generate(instance) {
    generated.push(instance.id);
    onGenerate(instance);
    return { message: `clue${instance.secret.length}` };
  },
};
let judgeCalls = 0;
let failAfter = Infinity;
/** Puts 0.5 on the real message (always listed first by the fake generator's name) and 0.5 on the secret. */
const evaluator: Evaluator = {
  id: "lexical",
  async ally(q) {
    if (++judgeCalls > failAfter) {
      const down = new Error("LLM endpoint judge at http://127.0.0.1:1/v1 is unusable: HTTP 500");
      down.name = "EndpointDownError";
      throw down;
    }
    const i = q.options.findIndex((o) => o.startsWith("clue"));
    return { options: q.options, probabilities: q.options.map((_, k) => (k === i ? 0.5 : 0.5 / (q.options.length - 1))), coverage: 1, flags: [] } satisfies Judgement;
  },
  async chameleon(q) {
    return { options: q.options, probabilities: q.options.map(() => 1 / q.options.length), coverage: 1, flags: [] };
  },
};

providePluginModule("dataset", { loadDataset: (path) => JSON.parse(readFileSync(path!, "utf8")) as Dataset });
providePluginModule("datasetInstances", { instancesOf });
providePluginModule("lexicalEvaluator", { createLexicalEvaluatorForSpec: () => evaluator });
providePluginModule("generators", { createBuiltinGenerator: () => generator });

const quiet: Progress = { start() {}, tick() {}, log() {}, stop() {} };
const ctx = { concurrency: 2, requestTimeoutMs: 1000, cacheDir: null, noLogprobs: "error" as const, log() {} };
let n = 0;
const freshDir = () => join(root, `run${n++}`);
const options = (...args: string[]) => parseBenchArgs(["--dataset", datasetPath, ...args], () => {})!;
const resultsIn = (dir: string) =>
  readFileSync(join(dir, "results.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as InstanceResult);

beforeEach(() => {
  generated = [];
  onGenerate = () => {};
  judgeCalls = 0;
  failAfter = Infinity;
});

describe("runBenchmark", () => {
  it("writes the four files, in round-robin category order, with hand-computed means", async () => {
    const dir = freshDir();
    const summary = await runBenchmark(options("--generator", "random", "--out", dir, "--limit", "3"), ctx, { progress: quiet });
    for (const f of ["results.jsonl", "summary.json", "report.md", "tradeoff.svg", "run-config.json"]) expect(existsSync(join(dir, f))).toBe(true);
    const results = resultsIn(dir);
    expect(results.map((r) => r.id)).toEqual(["animals/lion", "fruit/apple", "animals/tiger"]);
    // Ally: 0.5 of 4 options → (0.5 − 1/4)/(3/4) = 1/3; chameleon uniform → leakage 0.
    expect(summary).toMatchObject({ n: 3, scored: 3, complete: true, pending: 0 });
    expect(summary.means!.utility).toBeCloseTo(100 / 3, 10);
    expect(summary.means!.leakage).toBe(0);
    const onDisk = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
    expect(onDisk.config).toMatchObject({ generator: "random", evaluators: ["lexical"], seed: 0, limit: 3 });
    expect(onDisk.config.dataset.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(onDisk.units.means).toMatch(/percent/);
    if (existsSync(join(import.meta.dirname, "../../.git"))) {
      expect(onDisk.git.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(typeof onDisk.git.dirty).toBe("boolean");
    } else expect(onDisk.git).toBeNull();
    expect(onDisk.timings.instancesThisInvocation).toBe(3);
    expect(readFileSync(join(dir, "report.md"), "utf8")).toContain("| echo | 33.33 | 0.00 | 33.33 |");
  });

  it("applies --words and --decoys to what the judges see", async () => {
    const dir = freshDir();
    await runBenchmark(options("--generator", "random", "--out", dir, "--limit", "1", "--words", "3", "--decoys", "2"), ctx, { progress: quiet });
    const [r] = resultsIn(dir);
    expect(r.evaluations[0].ally!.options).toHaveLength(3);
    expect(r.evaluations[0].chameleon!.options).toHaveLength(3);
  });

  it("resumes: skips finished instances and appends the rest", async () => {
    const dir = freshDir();
    const stopSignal = { stopped: false };
    onGenerate = () => {
      if (generated.length === 3) stopSignal.stopped = true;
    };
    await expect(runBenchmark(options("--generator", "random", "--out", dir, "--concurrency", "1"), ctx, { progress: quiet, stopSignal })).rejects.toMatchObject({
      name: "RunStopped",
      exitCode: 130,
    });
    const first = resultsIn(dir).map((r) => r.id);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"))).toMatchObject({ complete: false, pending: 8 - first.length });

    generated = [];
    onGenerate = () => {};
    const summary = await runBenchmark(options("--resume", dir), ctx, { progress: quiet });
    expect(generated).toHaveLength(8 - first.length);
    expect(generated.some((id) => first.includes(id))).toBe(false);
    expect(summary).toMatchObject({ n: 8, complete: true });
    expect(resultsIn(dir).map((r) => r.id).slice(0, first.length)).toEqual(first);
  });

  it("refuses to resume with a changed config, or to overwrite a run", async () => {
    const dir = freshDir();
    await runBenchmark(options("--generator", "random", "--out", dir, "--limit", "1"), ctx, { progress: quiet });
    await expect(runBenchmark(options("--resume", dir, "--seed", "5"), ctx, { progress: quiet })).rejects.toThrow(/cannot resume .*: --seed was 0 in that run, now 5/);
    await expect(runBenchmark(options("--resume", dir, "--generator", "lexical"), ctx, { progress: quiet })).rejects.toThrow(/--generator was random in that run, now lexical/);
    await expect(runBenchmark(options("--generator", "random", "--out", dir), ctx, { progress: quiet })).rejects.toThrow(/already holds a run: continue it with --resume/);
    await expect(runBenchmark(options("--resume", freshDir()), ctx, { progress: quiet })).rejects.toThrow(/holds no run to resume/);
    // A larger --limit on resume is allowed: it only scores more.
    const more = await runBenchmark(options("--resume", dir, "--limit", "2"), ctx, { progress: quiet });
    expect(more.n).toBe(2);
    // A plain --resume keeps the last --limit rather than running the whole dataset.
    generated = [];
    const same = await runBenchmark(options("--resume", dir), ctx, { progress: quiet });
    expect(same).toMatchObject({ n: 2, complete: true });
    expect(generated).toEqual([]);
  });

  it("takes decoys from --decoys-from, one request per card", async () => {
    const asked: string[] = [];
    providePluginModule("llm", {
      createLlmEvaluator: () => evaluator,
      createLlmGenerator: () => generator,
      createLlmDecoySource: () => ({
        async decoysFor(category, words, count) {
          asked.push(`${category}:${words.length}:${count}`);
          return Array.from({ length: count }, (_, i) => `${category}-decoy${i}`);
        },
      }),
      renderPromptCatalogue: () => "",
      closeLlm: async () => {},
    });
    try {
      const dir = freshDir();
      await runBenchmark(options("--generator", "random", "--out", dir, "--decoys-from", "llm:writer", "--decoys", "2"), ctx, { progress: quiet });
      expect(asked.sort()).toEqual(["animals:4:2", "fruit:4:2"]);
      const results = resultsIn(dir);
      expect(results).toHaveLength(8);
      for (const r of results) expect(r.instance.decoys).toEqual([`${r.instance.category}-decoy0`, `${r.instance.category}-decoy1`]);
      expect(JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")).config.decoysFrom).toBe("llm:writer");
    } finally {
      providePluginModule("llm", undefined);
    }
  });

  it("stops on EndpointDownError, keeps what was scored and says how to resume", async () => {
    const dir = freshDir();
    failAfter = 4;
    const error = (await runBenchmark(options("--generator", "random", "--out", dir, "--concurrency", "1"), ctx, { progress: quiet }).then(
      () => new Error("the run did not stop"),
      (e: unknown) => e as Error,
    )) as Error & { exitCode: number };
    expect(error).toMatchObject({ name: "RunStopped", exitCode: 3 });
    expect(error.message).toMatch(/is unusable: HTTP 500; stopped after 4 of 8 instances .*resume with: npm run bench -- --resume /);
    expect(resultsIn(dir)).toHaveLength(4);
    const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
    expect(summary).toMatchObject({ n: 4, scored: 4, complete: false, pending: 4 });

    failAfter = Infinity;
    generated = [];
    await runBenchmark(options("--resume", dir), ctx, { progress: quiet });
    expect(generated).toHaveLength(4);
    expect(resultsIn(dir)).toHaveLength(8);
  });
});
