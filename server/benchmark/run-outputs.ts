import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { InstanceResult } from "./result-types";
import { buildReport, type ReportRow } from "./report";
import { summarize, type ResultsSummary } from "./summary";
import { buildTradeoffSvg } from "./tradeoff-svg";

/** summary.json, report.md and tradeoff.svg, all derived from results.jsonl plus the run's config. */
export interface RunSummaryFile extends ResultsSummary {
  units: Record<string, string>;
  /** False when the run stopped early (endpoint down, interrupted): `pending` instances remain. */
  complete: boolean;
  pending: number;
  generator: string;
  config: Record<string, unknown>;
  /** The code that ran: `git rev-parse HEAD` and whether tracked files were modified; null outside a git checkout. */
  git: { commit: string; dirty: boolean } | null;
  node: string;
  finishedAt: string;
  timings: RunTimings;
}

/** Wall-clock figures of this invocation (a resumed run counts only its own part). */
export interface RunTimings {
  /** Process start to the first instance being scored (dataset, WordNet and plug-ins loaded), ms. */
  startupMs: number;
  /** Scoring this invocation's instances, ms. */
  scoringMs: number;
  /** Process start to the outputs written, ms. */
  totalMs: number;
  /** Instances scored by this invocation. */
  instancesThisInvocation: number;
  /** instancesThisInvocation / scoring time, per second. */
  instancesPerSecond: number;
  /** CPU time of the process (user + system) up to the outputs written, ms: a figure the machine's load hardly changes. */
  cpuMs: number;
  /** Peak resident set size of the process, bytes. */
  peakRssBytes: number;
  /** Largest V8 heap in use seen during the run (sampled every 50 ms and at the end), bytes. */
  peakHeapUsedBytes: number;
}

export const UNITS = {
  means: "percent: metric means ×100, the paper's scale (results.jsonl holds fractions in [0, 1])",
  timings: "milliseconds, except instancesPerSecond (per second) and the byte counts",
  n: "instances with a record in results.jsonl",
};

export interface OutputsInput {
  dir: string;
  results: readonly InstanceResult[];
  evaluatorIds: readonly string[];
  generator: string;
  description: string[];
  complete: boolean;
  pending: number;
  config: Record<string, unknown>;
  git: { commit: string; dirty: boolean } | null;
  timings: () => RunTimings;
}

/** Splits a file: run by its lines' `generator` field (exported games mix humans and bots); none when single-sourced. */
function bySource(results: readonly InstanceResult[], evaluatorIds: readonly string[]): ReportRow[] {
  const groups = new Map<string, InstanceResult[]>();
  for (const r of results) {
    const source = r.generatorDetail?.generator;
    if (typeof source !== "string") continue;
    groups.set(source, [...(groups.get(source) ?? []), r]);
  }
  if (groups.size < 2) return [];
  return [...groups].map(([source, rs]) => ({ method: source, summary: summarize(rs, evaluatorIds) }));
}

export function writeOutputs(input: OutputsInput): RunSummaryFile {
  const summary = summarize(input.results, input.evaluatorIds);
  const report = buildReport([{ method: input.generator, summary }], { description: input.description, bySource: bySource(input.results, input.evaluatorIds) });
  const svg = buildTradeoffSvg({
    title: `${input.generator} scored by ${input.evaluatorIds.join(", ")}`,
    points: input.results.flatMap((r) => (r.mean ? [{ utility: r.mean.utility, leakage: r.mean.leakage }] : [])),
  });
  writeFileSync(join(input.dir, "report.md"), report);
  writeFileSync(join(input.dir, "tradeoff.svg"), svg);
  const file: RunSummaryFile = {
    units: UNITS,
    ...summary,
    complete: input.complete,
    pending: input.pending,
    generator: input.generator,
    config: input.config,
    git: input.git,
    node: process.version,
    finishedAt: new Date().toISOString(),
    timings: input.timings(),
  };
  writeFileSync(join(input.dir, "summary.json"), `${JSON.stringify(file, null, 2)}\n`);
  return file;
}
