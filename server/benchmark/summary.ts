import { METRIC_KEYS, meanScores, type MetricMeans } from "../../shared/sneak/metrics";
import type { InstanceResult } from "./result-types";

/** Metric means ×100 (the paper's scale), or null when nothing was scored. */
export type PercentMeans = MetricMeans;

export interface EvaluatorSummary {
  evaluator: string;
  /** Instances this evaluator scored. */
  scored: number;
  /** Means over those instances, ×100. */
  means: PercentMeans | null;
  /** Failures of this evaluator by kind (the text before the first ":" of the failure). */
  failures: Record<string, number>;
  /** How many of its judgements carried each flag (e.g. low-coverage). */
  flags: Record<string, number>;
}

export interface ResultsSummary {
  /** Instances with a record in results.jsonl. */
  n: number;
  /** Instances with a valid message scored by at least one evaluator. */
  scored: number;
  invalid: number;
  generationFailures: number;
  /** Messages equal to one of the decoys, whose decoy gave way to a spare (or was dropped). */
  decoysReplaced: number;
  /** Valid messages that no evaluator could score. */
  evaluationFailures: number;
  /** Mean over scored instances of each instance's mean over evaluators, ×100. */
  means: PercentMeans | null;
  perEvaluator: EvaluatorSummary[];
  /** Invalid messages and generation failures by kind. */
  failures: { invalid: Record<string, number>; generation: Record<string, number> };
}

/** "too-long: 7 words" → "too-long"; "ally: no-letter: …" → "ally/no-letter". Kept short so free-form failure texts still group. */
export function kindOf(reason: string): string {
  const role = /^(ally|chameleon): /.exec(reason);
  if (role) return `${role[1]}/${kindOf(reason.slice(role[0].length))}`;
  const colon = reason.indexOf(":");
  return (colon < 0 ? reason : reason.slice(0, colon)).trim().slice(0, 60) || "unknown";
}

function counted(reasons: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const reason of reasons) counts[kindOf(reason)] = (counts[kindOf(reason)] ?? 0) + 1;
  return counts;
}

export function asPercent(means: MetricMeans): PercentMeans {
  const out = { ...means };
  for (const key of METRIC_KEYS) out[key] = means[key] * 100;
  return out;
}

/** Evaluator ids in first-seen order across the results. */
export function evaluatorIdsOf(results: readonly InstanceResult[]): string[] {
  const ids: string[] = [];
  for (const r of results) for (const e of r.evaluations) if (!ids.includes(e.evaluator)) ids.push(e.evaluator);
  return ids;
}

export function summarize(results: readonly InstanceResult[], evaluatorIds: readonly string[] = evaluatorIdsOf(results)): ResultsSummary {
  const scored = results.filter((r) => r.mean !== null);
  const perEvaluator = evaluatorIds.map((id): EvaluatorSummary => {
    const records = results.flatMap((r) => r.evaluations.filter((e) => e.evaluator === id));
    const scores = records.flatMap((e) => (e.scores ? [e.scores] : []));
    const flags: Record<string, number> = {};
    for (const e of records) for (const f of e.flags) flags[f] = (flags[f] ?? 0) + 1;
    return {
      evaluator: id,
      scored: scores.length,
      means: scores.length ? asPercent(meanScores(scores)) : null,
      failures: counted(records.flatMap((e) => (e.failure ? [e.failure] : []))),
      flags,
    };
  });
  return {
    n: results.length,
    scored: scored.length,
    invalid: results.filter((r) => r.status === "invalid").length,
    generationFailures: results.filter((r) => r.status === "generation-failure").length,
    evaluationFailures: results.filter((r) => r.status === "evaluation-failure").length,
    decoysReplaced: results.filter((r) => r.decoyReplaced).length,
    means: scored.length ? asPercent(meanScores(scored.map((r) => r.mean!))) : null,
    perEvaluator,
    failures: {
      invalid: counted(results.flatMap((r) => (r.invalid ? [r.invalid] : []))),
      generation: counted(results.flatMap((r) => (r.failure ? [r.failure] : []))),
    },
  };
}
