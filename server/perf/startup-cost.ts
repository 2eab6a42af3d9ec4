/**
 * Start-up cost, for `npm run bench:speed`: (1) the game server as `npm start` runs it (without the
 * client build), from spawn to its "SNEAK is running" line, and its RSS then; (2) the lexical judge
 * in a fresh process: time to the first scored clue, RSS, and the cost of scoring in-game clues.
 * Every child is started here and stopped by its own pid.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { REPO_ROOT } from "../benchmark/options";

const READY_TIMEOUT_MS = 30_000;

export interface ServerStartup {
  readyMs: number;
  rssBytes: number | null;
}

export interface JudgeCost {
  processToFirstClueMs: number;
  firstClueMs: number;
  clues: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  meanMs: number;
  cpuMeanMs: number;
  /** The same clues' cost in a second round on every grid, with new clues: the process warmed up. */
  warmMedianMs: number;
  warmCpuMeanMs: number;
  prepareCpuMeanMs: number;
  processCpuToFirstClueMs: number;
  rssAfterFirstClueBytes: number;
  rssBytes: number;
}

/** tsx's loader, for `node --import`: how the npm scripts start every TypeScript entry point. */
export const tsxImport = () => createRequire(import.meta.url).resolve("tsx");

/** Resident set size of a live process from /proc (Linux); null elsewhere. */
function rssOf(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Spawns the server with the flags of `npm start` on a free loopback port, with no game log, and times it to ready. */
export async function measureServerStartup(): Promise<ServerStartup> {
  const args = ["--max-semi-space-size=64", "--v8-pool-size=1", "--import", tsxImport(), join(REPO_ROOT, "server/index.ts")];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", SNEAK_DB: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const readyMs = await new Promise<number>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`the server printed no "SNEAK is running" line in ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("SNEAK is running")) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      });
      child.on("close", (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before it was ready`));
      });
    });
    return { readyMs, rssBytes: child.pid ? rssOf(child.pid) : null };
  } finally {
    child.kill("SIGTERM");
  }
}

/** Runs server/perf/judge-cost-child.ts in a fresh process and returns what it measured. */
export async function measureJudgeCost(): Promise<JudgeCost> {
  const child = spawn(process.execPath, ["--import", tsxImport(), join(REPO_ROOT, "server/perf/judge-cost-child.ts")], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const code: number = await new Promise((resolve) => child.on("close", (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error(`the judge cost child failed (exit ${code}): ${err.trim().split("\n").pop() ?? ""}`);
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as JudgeCost;
}
