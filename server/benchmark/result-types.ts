import type { Instance, Judgement, MessageScores } from "../../shared/sneak/types";
import type { MetricMeans } from "../../shared/sneak/metrics";

/**
 * The records a run writes. results.jsonl holds one InstanceResult per line; every metric in it is a
 * fraction in [0, 1] exactly as shared/sneak/metrics.ts computes it (reports multiply by 100).
 */

/** One evaluator's verdict on one message: what each judge was shown, what it answered, the scores. */
export interface EvaluationRecord {
  evaluator: string;
  /** The ally's options in the order shown (the real message among the decoys) and its distribution. */
  ally: Judgement | null;
  /** The chameleon's options (the words) in the order shown and its distribution. */
  chameleon: Judgement | null;
  /** Null when either judge failed. */
  scores: MessageScores | null;
  /** Why no scores: the judge's own failure text, prefixed with the role. */
  failure?: string;
  /** Union of both judges' flags (e.g. "low-coverage", "generation-fallback", "cached"). */
  flags: string[];
}

export type InstanceStatus = "scored" | "invalid" | "generation-failure" | "evaluation-failure";

export interface InstanceResult {
  id: string;
  instance: Omit<Instance, "id">;
  /** The generator's message, as generated (never fixed). */
  message: string;
  status: InstanceStatus;
  /** The message was one of the decoys: that decoy was replaced by a spare one (by: null: dropped); instance.decoys is what the ally saw. */
  decoyReplaced?: { decoy: string; by: string | null };
  /** Why the message breaks the rules (over 5 words, a grid word). */
  invalid?: string;
  /** Why no message could be read at all. */
  failure?: string;
  /** The generator's provenance (raw output, candidates, source line). */
  generatorDetail?: Record<string, unknown>;
  evaluations: EvaluationRecord[];
  /** The four metrics averaged over the evaluators that did not fail; null when none scored. */
  mean: MetricMeans | null;
  /** Wall time spent on this instance, in milliseconds. */
  elapsedMs: number;
}
