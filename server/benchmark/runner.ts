import { existsSync, mkdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { isEndpointDown } from "./endpoint-down";
import type { BenchOptions } from "./options";
import { loadedPluginModule } from "./plugin-modules";
import { prepareRun, withLlmDecoys, type PreparedRun } from "./prepare-run";
import type { Progress } from "./progress";
import type { InstanceResult } from "./result-types";
import { readResults, resultsPath, writeResults } from "./results-file";
import { gitStateOf, heapSampler } from "./run-environment";
import { scoreAll } from "./score-pool";
import type { RunContext } from "./run-context";
import { RUN_CONFIG_FILE, identityMismatch, readSavedRun, withSavedFlags, writeSavedRun } from "./run-identity";
import { writeOutputs, type RunSummaryFile } from "./run-outputs";
import { UserError, messageOf } from "./user-error";

/** The run stopped early but kept what it scored: the CLI prints the message and exits non-zero. */
export class RunStopped extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = "RunStopped";
  }
}

export interface RunHooks {
  progress: Progress;
  /** Set to stop launching instances (Ctrl-C): in-flight ones finish and everything is written. */
  stopSignal?: { stopped: boolean; reason?: string };
}

export function resumeCommandOf(dir: string): string {
  const fromHere = relative(process.cwd(), dir) || ".";
  const shown = fromHere.startsWith("..") ? dir : fromHere;
  return `npm run bench -- --resume ${shown.includes(" ") ? JSON.stringify(shown) : shown}`;
}

/** Refuses to mix two runs in one folder, and a resumed run whose flags differ from the saved ones. */
function openRunFolder(options: BenchOptions): { options: BenchOptions; previous: InstanceResult[] } {
  const dir = options.outDir!;
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UserError(`${dir} exists and is not a folder`);
  if (!options.resume) {
    if (existsSync(join(dir, RUN_CONFIG_FILE)) || (existsSync(resultsPath(dir)) && statSync(resultsPath(dir)).size > 0))
      throw new UserError(`${dir} already holds a run: continue it with --resume ${dir}, or choose another --out`);
    return { options, previous: [] };
  }
  const saved = existsSync(dir) ? readSavedRun(dir) : null;
  if (!saved) throw new UserError(`${dir} holds no run to resume (no run-config.json); start one with --out ${dir}`);
  return { options: withSavedFlags(options, saved), previous: readResults(dir) };
}

/** Runs the benchmark described by the options; resolves with the summary it wrote. */
export async function runBenchmark(given: BenchOptions, ctxBase: Omit<RunContext, "seed" | "outDir">, hooks: RunHooks): Promise<RunSummaryFile> {
  const heap = heapSampler();
  try {
    const { options, previous } = openRunFolder(given);
    const dir = options.outDir!;
    const ctx: RunContext = { ...ctxBase, seed: options.seed, outDir: dir, noLogprobs: options.noLogprobs };
    const run = await prepareRun(options, ctx);
    if (options.resume) {
      const mismatch = identityMismatch(readSavedRun(dir)!.identity, run.identity);
      if (mismatch) throw new UserError(`cannot resume ${dir}: ${mismatch}; start a new run with another --out`);
      writeSavedRun(dir, { identity: run.identity, limit: options.limit });
    } else {
      // Created only now, so that a run refused at start-up leaves no empty folder behind.
      try {
        mkdirSync(dir, { recursive: true });
      } catch (error) {
        throw new UserError(`cannot create the run folder ${dir}: ${(error as { code?: string }).code ?? messageOf(error)}`);
      }
      writeSavedRun(dir, { identity: run.identity, limit: options.limit });
      writeResults(dir, []);
    }

    const selected = options.limit === null ? run.instances : run.instances.slice(0, options.limit);
    const done = new Set(previous.map((r) => r.id));
    let pending = selected.filter((i) => !done.has(i.id));
    try {
      if (options.decoysFrom && pending.length) pending = await withLlmDecoys(pending, options.decoysFrom, options.decoys, ctx);
    } catch (error) {
      if (!isEndpointDown(error)) throw error;
      throw new RunStopped(`${messageOf(error)} (writing the decoys); no new instance was scored; retry with: ${resumeCommandOf(dir)}`, 3);
    }

    const startupMs = performance.now();
    hooks.progress.start(selected.length, selected.length - pending.length);
    const { scored, endpointDown, bug } = await scoreAll(run, pending, options, dir, hooks);
    const scoringMs = performance.now() - startupMs;
    hooks.progress.stop();

    const results = readResults(dir);
    const resultIds = new Set(results.map((r) => r.id));
    const remaining = selected.filter((i) => !resultIds.has(i.id)).length;
    const summary = writeOutputs({
      dir,
      results,
      evaluatorIds: run.evaluators.map((e) => e.id),
      generator: run.generator.id,
      description: describe(options, run, results.length),
      complete: remaining === 0,
      pending: remaining,
      git: gitStateOf(),
      config: {
        ...run.identity,
        evaluatorIds: run.evaluators.map((e) => e.id),
        limit: options.limit,
        instancesSelected: selected.length,
        dataset: { path: run.datasetPath, sha256: run.identity.datasetSha256 },
        messageFile: run.messageFilePath ? { path: run.messageFilePath, sha256: run.identity.messageFileSha256 } : null,
        concurrency: options.concurrency,
        timeoutMs: options.timeoutMs,
        cacheDir: run.usesLlm ? options.cacheDir : null,
        resumed: options.resume,
      },
      timings: () => ({
        startupMs,
        scoringMs,
        totalMs: performance.now(),
        instancesThisInvocation: scored.length,
        instancesPerSecond: scoringMs > 0 ? (scored.length * 1000) / scoringMs : 0,
        cpuMs: (process.resourceUsage().userCPUTime + process.resourceUsage().systemCPUTime) / 1000,
        peakRssBytes: process.resourceUsage().maxRSS * 1024,
        peakHeapUsedBytes: heap.peak(),
      }),
    });
    if (bug) throw bug;
    if (endpointDown)
      throw new RunStopped(`${messageOf(endpointDown)}; stopped after ${results.length} of ${selected.length} instances (all kept in ${dir}); resume with: ${resumeCommandOf(dir)}`, 3);
    if (hooks.stopSignal?.stopped)
      throw new RunStopped(`${hooks.stopSignal.reason ?? "interrupted"}: ${results.length} of ${selected.length} instances kept in ${dir}; resume with: ${resumeCommandOf(dir)}`, 130);
    return summary;
  } finally {
    heap.stop();
  }
}

function describe(options: BenchOptions, run: PreparedRun, n: number): string[] {
  const first = run.instances[0];
  const sizes = first ? `${options.words ?? first.words.length} words, ${(options.decoys ?? first.decoys.length) + 1} candidate messages (the real one and ${options.decoys ?? first.decoys.length} decoys${options.decoysFrom ? ` from ${options.decoysFrom}` : ""})` : "";
  return [
    `- Generator: \`${run.generator.id}\``,
    `- Evaluators: ${run.evaluators.map((e) => `\`${e.id}\``).join(", ")}`,
    `- Instances: ${n}${options.limit !== null ? ` (--limit ${options.limit})` : ""}; ${sizes}`,
    `- Seed: ${options.seed}; dataset sha256 ${run.identity.datasetSha256.slice(0, 12)}…`,
  ];
}

/** Closes LLM connections if the plug-in was loaded. */
export async function closePlugins(): Promise<void> {
  const llm = loadedPluginModule("llm");
  if (!llm) return;
  try {
    await llm.closeLlm();
  } catch {
    // Closing is best effort: the run's files are already written.
  }
}
