import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { InstanceResult } from "../../server/benchmark/result-types";
import { renderPromptCatalogue } from "../../server/llm/index";

/**
 * The real CLI, spawned as `npm run bench` spawns it, on small --limit runs over the real dataset
 * and lexical evaluator: the four files, one-line errors, resume, and an LLM endpoint that is down.
 * Runs that do not depend on each other's output are started together: each is its own process and run
 * folder, and most of a run is its start-up (tsx, the lexicon), which the two cores share out.
 */
const repo = resolve(import.meta.dirname, "../..");
/** tsx's loader, by URL: the runs' working folder is a temp folder, where `--import tsx` would not resolve. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const root = mkdtempSync(join(tmpdir(), "runner-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `run${n++}`);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function bench(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return script("server/benchmark/cli.ts", args, env);
}

function script(path: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((done) => {
    // `node --import tsx SCRIPT`, as package.json's scripts run it (tsx's own CLI would add a second node process).
    const child = spawn(process.execPath, ["--import", tsxLoader, join(repo, path), ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

const linesOf = (text: string) => text.split("\n").filter((l) => l.trim() !== "");
const resultsIn = (dir: string) => linesOf(readFileSync(join(dir, "results.jsonl"), "utf8")).map((l) => JSON.parse(l) as InstanceResult);

/** `notices`: lines a plug-in may print while the run winds down (the LLM layer announces a down endpoint). */
function expectOneLineError(result: CliResult, pattern: RegExp, notices = 0, prefix = "sneak bench: "): void {
  expect(result.code).not.toBe(0);
  const lines = linesOf(result.stderr);
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.length).toBeLessThanOrEqual(1 + notices);
  expect(lines.at(-1)!.startsWith(prefix)).toBe(true);
  expect(lines.at(-1)).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** A port with nothing listening: every request to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe("npm run bench", () => {
  it("scores instances and writes results.jsonl, summary.json, report.md and tradeoff.svg", async () => {
    const dir = freshDir();
    // A second run with the same seed (checked below) goes at the same time.
    const again = freshDir();
    const [run, rerun] = await Promise.all([
      bench(["--generator", "secret-synonym", "--evaluator", "lexical", "--limit", "6", "--seed", "2", "--out", dir]),
      bench(["--generator", "secret-synonym", "--limit", "6", "--seed", "2", "--out", again]),
    ]);
    expect(run.stdout).toMatch(/^secret-synonym: utility \d+\.\d\d, leakage .* on \d of 6 instances/);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const results = resultsIn(dir);
    expect(results).toHaveLength(6);
    // --limit takes one instance from each of the first six categories.
    expect(new Set(results.map((r) => r.instance.category)).size).toBe(6);
    for (const r of results) {
      expect(r.instance.words).toContain(r.instance.secret);
      if (r.status !== "scored") continue;
      const [e] = r.evaluations;
      expect(e.evaluator).toBe("lexical");
      expect(new Set(e.ally!.options)).toEqual(new Set([r.message, ...r.instance.decoys]));
      expect(new Set(e.chameleon!.options)).toEqual(new Set(r.instance.words));
      expect(e.ally!.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      expect(e.scores!.pAlly).toBe(e.ally!.probabilities[e.ally!.options.indexOf(r.message)]);
      expect(e.scores!.pCham).toBe(e.chameleon!.probabilities[e.chameleon!.options.indexOf(r.instance.secret)]);
      expect(r.mean!.softScore).toBeCloseTo(e.scores!.softScore, 12);
    }
    const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"));
    const scored = results.filter((r) => r.mean);
    expect(summary).toMatchObject({ n: 6, scored: scored.length, complete: true, config: { generator: "secret-synonym", seed: 2, evaluators: ["lexical"], limit: 6 } });
    expect(summary.means.utility).toBeCloseTo((100 * scored.reduce((a, r) => a + r.mean!.utility, 0)) / scored.length, 9);
    expect(summary.config.dataset.sha256).toMatch(/^[0-9a-f]{64}$/);
    const report = readFileSync(join(dir, "report.md"), "utf8");
    expect(report).toContain(`| secret-synonym | ${summary.means.utility.toFixed(2)} | ${summary.means.leakage.toFixed(2)} |`);
    const svg = readFileSync(join(dir, "tradeoff.svg"), "utf8");
    expect(svg.match(/<circle /g) ?? []).toHaveLength(scored.length);

    // The same seed gives the same option orders and scores; the progress bar stays off without a TTY.
    expect(rerun.code).toBe(0);
    expect(resultsIn(again).map((r) => [r.evaluations[0]?.ally?.options, r.mean])).toEqual(results.map((r) => [r.evaluations[0]?.ally?.options, r.mean]));

    // bench:table puts both runs in one table, from their summary.json files.
    const [table, noTable] = await Promise.all([script("server/benchmark/table.ts", [dir, again]), script("server/benchmark/table.ts", [join(root, "nothing")])]);
    expect(table.code).toBe(0);
    expect(table.stdout.match(new RegExp(`\\| secret-synonym \\| ${summary.means.utility.toFixed(2)} \\|`, "g"))).toHaveLength(2);
    expectOneLineError(noTable, /holds no summary\.json/, 0, "sneak bench:table: ");
  });

  it("marks the lexical bot judged by the lexical evaluator as self-evaluation", async () => {
    const dir = freshDir();
    const run = await bench(["--generator", "lexical", "--limit", "3", "--out", dir]);
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, "report.md"), "utf8")).toMatch(/\| lexical † \(self-evaluation\) \|/);
  });

  it("resumes an interrupted run and refuses a changed config", async () => {
    const dir = freshDir();
    expect((await bench(["--generator", "random", "--limit", "3", "--out", dir])).code).toBe(0);
    const first = resultsIn(dir);
    const resumed = await bench(["--resume", dir, "--limit", "5"]);
    expect(resumed.code).toBe(0);
    const all = resultsIn(dir);
    expect(all).toHaveLength(5);
    expect(all.slice(0, 3)).toEqual(first);
    // Two refusals, neither of which writes to the run folder.
    const [changedSeed, taken] = await Promise.all([bench(["--resume", dir, "--generator", "random", "--seed", "9"]), bench(["--generator", "random", "--out", dir])]);
    expectOneLineError(changedSeed, /cannot resume .*--seed was 0 in that run, now 9/);
    expectOneLineError(taken, /already holds a run/);
  });

  it("scores a file: of messages and names the line of a bad one", async () => {
    const dataset = JSON.parse(readFileSync(join(repo, "data/sneak-dataset.json"), "utf8")) as { categories: { category: string; words: string[] }[] };
    const [a, b] = dataset.categories;
    const path = join(root, "clues.jsonl");
    const lines = [
      { category: a.category, secret: a.words[0], message: "something", generator: "human" },
      { category: b.category, secret: b.words[1], message: b.words[2] },
      { category: a.category, secret: a.words[0], message: "another thing" },
    ];
    writeFileSync(path, lines.map((l) => JSON.stringify(l)).join("\n"));
    // Two bad files, also named clues.jsonl, in folders of their own: the three runs go together.
    const [malformed, unknown] = [join(root, "malformed"), join(root, "unknown")].map((folder) => {
      mkdirSync(folder);
      return join(folder, "clues.jsonl");
    });
    writeFileSync(malformed, `${JSON.stringify(lines[0])}\n{"category": \n`);
    writeFileSync(unknown, `${JSON.stringify({ ...lines[0], category: "no such category" })}\n`);
    const dir = freshDir();
    const [run, malformedRun, unknownRun] = await Promise.all([
      bench(["--generator", `file:${path}`, "--out", dir]),
      bench(["--generator", `file:${malformed}`, "--out", freshDir()]),
      bench(["--generator", `file:${unknown}`, "--out", freshDir()]),
    ]);
    expect(run.code).toBe(0);
    const results = resultsIn(dir);
    expect(results.map((r) => [r.instance.category, r.instance.secret, r.message])).toEqual(lines.map((l) => [l.category, l.secret, l.message]));
    expect(results[0].generatorDetail).toEqual({ line: 1, generator: "human" });
    expect(results[1].status).toBe("invalid");
    expect(results[1].invalid).toMatch(/^clue_contains_grid_word/);
    expect(results[2].id).toBe(`${results[0].id}#2`);

    expectOneLineError(malformedRun, /clues\.jsonl:2: malformed JSON$/m);
    expectOneLineError(unknownRun, /clues\.jsonl:1: unknown category "no such category"/);
  });

  it("stops when an LLM endpoint is down, keeps the file, and says how to resume", async () => {
    const dir = freshDir();
    const port = await closedPort();
    const run = await bench(["--generator", "random", "--evaluator", `llm:judge@http://127.0.0.1:${port}/v1`, "--limit", "2", "--timeout", "300", "--no-cache", "--out", dir]);
    expect(run.code).toBe(3);
    expectOneLineError(run, /unusable.*stopped after 0 of 2 instances.*resume with: npm run bench -- --resume /, 1);
    expect(readFileSync(join(dir, "results.jsonl"), "utf8")).toBe("");
    expect(existsSync(join(dir, "audit.jsonl"))).toBe(true);
    expect(existsSync(join(dir, "summary.json"))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "summary.json"), "utf8"))).toMatchObject({ complete: false });
  });

  it("fails with one line on bad flags and missing files", async () => {
    const [bogus, noDataset, noMessages, help] = await Promise.all([
      bench(["--generator", "random", "--out", freshDir(), "--bogus"]),
      bench(["--generator", "random", "--out", freshDir(), "--dataset", join(root, "none.json")]),
      bench(["--generator", "file:" + join(root, "missing.jsonl"), "--out", freshDir()]),
      bench(["--help"]),
    ]);
    expectOneLineError(bogus, /unknown option '--bogus'/);
    expectOneLineError(noDataset, /dataset file not found: .*none\.json/);
    expectOneLineError(noMessages, /message file not found: .*missing\.jsonl/);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Examples:");
  });

  it("prints the LLM prompt catalogue with --show-prompts", async () => {
    const run = await bench(["--show-prompts"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${renderPromptCatalogue().trimEnd()}\n`);
  });
});
