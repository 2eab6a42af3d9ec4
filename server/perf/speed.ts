import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../benchmark/options";
import type { RunSummaryFile } from "../benchmark/run-outputs";
import { measureJudgeCost, measureServerStartup, tsxImport } from "./startup-cost";

/**
 * `npm run bench:speed [-- --generator NAME] [--runs N]`: runs the whole dataset with the lexical evaluator in a
 * child process exactly as `npm run bench` would (through tsx), N times (default 3), and prints each run's wall
 * time, their median, and the median run's speed and memory.
 * Then the game server's start-up (as `npm start` runs it, client build aside) and the judge's cost
 * per in-game clue, each in a fresh process (server/perf/startup-cost.ts).
 * A benchmark, not a test: it prints figures and fails only if a run itself fails.
 */
const TARGET_SECONDS = 5;
/** Whole-dataset runs, of which the median decides: on a shared machine one run's wall time swings by a fifth either way. */
const DEFAULT_RUNS = 3;
const MAX_RUNS = 20;
const TARGET_MS_PER_CLUE = 5;

function flagValue(args: string[], flag: string, fallback: string): string {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}

/** One whole-dataset run in a child process, started as package.json's `bench` script starts it: node with tsx's loader, no launcher process. */
async function runDataset(generator: string): Promise<{ wallMs: number; summary: RunSummaryFile } | { error: string }> {
  const out = mkdtempSync(join(tmpdir(), "sneak-speed-"));
  const childArgs = ["--import", tsxImport(), join(REPO_ROOT, "server/benchmark/cli.ts"), "--generator", generator, "--evaluator", "lexical", "--out", out];
  try {
    const started = performance.now();
    const child = spawn(process.execPath, childArgs, { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code: number = await new Promise((resolve) => child.on("close", (c) => resolve(c ?? 1)));
    const wallMs = performance.now() - started;
    if (code !== 0) return { error: `the run failed (exit ${code}): ${stderr.trim().split("\n").pop() ?? ""}` };
    return { wallMs, summary: JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as RunSummaryFile };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const generator = flagValue(args, "--generator", "secret-synonym");
  const runCount = Number(flagValue(args, "--runs", String(DEFAULT_RUNS)));
  if (!Number.isInteger(runCount) || runCount < 1 || runCount > MAX_RUNS) {
    process.stderr.write(`bench:speed: --runs takes a whole number from 1 to ${MAX_RUNS}\n`);
    return 1;
  }
  const runs: { wallMs: number; summary: RunSummaryFile }[] = [];
  for (let i = 0; i < runCount; i++) {
    const run = await runDataset(generator);
    if ("error" in run) {
      process.stderr.write(`bench:speed: ${run.error}\n`);
      return 1;
    }
    runs.push(run);
  }
  // The run of median wall time stands for all: one slow or one lucky run must not decide "met".
  const byWall = [...runs].sort((a, b) => a.wallMs - b.wallMs);
  const { wallMs, summary } = byWall[Math.floor((byWall.length - 1) / 2)];
  const t = summary.timings;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const lines = [
    `bench:speed: ${summary.n} instances (whole dataset), generator ${generator}, evaluator lexical, Node ${process.version}`,
    `  total wall time (spawn to exit, start-up included), ${runs.length} run${runs.length === 1 ? "" : "s"}: ${runs.map((r) => (r.wallMs / 1000).toFixed(2)).join(", ")} s`,
    `  median: ${(wallMs / 1000).toFixed(2)} s  (target ≤ ${TARGET_SECONDS} s: ${wallMs / 1000 <= TARGET_SECONDS ? "met" : "NOT met"}); the median run's figures:`,
    `  start-up (process start to first instance):        ${(t.startupMs / 1000).toFixed(2)} s  (+ ${((wallMs - t.totalMs) / 1000).toFixed(2)} s for the process's launch, loader and exit)`,
    `  scoring:                                           ${(t.scoringMs / 1000).toFixed(2)} s  = ${t.instancesPerSecond.toFixed(0)} instances/s`,
    `  instances per second over the whole wall time:     ${((summary.n * 1000) / wallMs).toFixed(0)}`,
    `  CPU time of the run process (user + system):       ${(t.cpuMs / 1000).toFixed(2)} s  (wall ÷ CPU = ${(t.totalMs / t.cpuMs).toFixed(1)}: above 1 means the machine was busy with other work)`,
    `  peak RSS: ${mb(t.peakRssBytes)}; peak V8 heap used: ${mb(t.peakHeapUsedBytes)}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  const server = await measureServerStartup();
  const judge = await measureJudgeCost();
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const more = [
    `game server (npm start's node flags, client build aside, SNEAK_DB=off):`,
    `  spawn to "SNEAK is running": ${(server.readyMs / 1000).toFixed(2)} s; RSS then: ${server.rssBytes === null ? "n/a (no /proc)" : mb(server.rssBytes)}`,
    `lexical judge in a fresh process (tsx included):`,
    `  process start to the first scored clue: ${(judge.processToFirstClueMs / 1000).toFixed(2)} s wall, ${(judge.processCpuToFirstClueMs / 1000).toFixed(2)} s CPU (the first clue itself, cold, loads WordNet and the vectors: ${ms(judge.firstClueMs)}); RSS then: ${mb(judge.rssAfterFirstClueBytes)}`,
    `  a dealt round's grid prepared (once per round, after the deal's ack): CPU mean ${ms(judge.prepareCpuMeanMs)}`,
    `  in-game scoring (ally over 6 messages + chameleon single and cumulative), ${judge.clues} new clues on ${judge.clues / 4} prepared grids:`,
    `    wall: median ${ms(judge.medianMs)}, mean ${ms(judge.meanMs)}, p95 ${ms(judge.p95Ms)}, max ${ms(judge.maxMs)} a clue; CPU: mean ${ms(judge.cpuMeanMs)} a clue  (target ≤ ${TARGET_MS_PER_CLUE} ms: ${judge.cpuMeanMs <= TARGET_MS_PER_CLUE ? "met" : "NOT met"}, on CPU time); RSS after: ${mb(judge.rssBytes)}`,
    `    a second round on every grid, ${judge.clues} more new clues, the process warmed up: wall median ${ms(judge.warmMedianMs)}; CPU: mean ${ms(judge.warmCpuMeanMs)} a clue`,
  ];
  process.stdout.write(`${more.join("\n")}\n`);
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`bench:speed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
