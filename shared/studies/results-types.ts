import type { StudyTask } from "./protocol";

/**
 * The shape of a study's results (server/studies/results.ts computes them; the CLI and the researcher's
 * page show them), and the paper's own figures they are shown beside (Appendix B, Tables 5–7).
 */

/** A figure with its 95% bootstrap interval (null: no data, never 0; no interval under two items). */
export interface Estimate {
  n: number;
  mean: number | null;
  low: number | null;
  high: number | null;
}

export const PAPER_FIGURES = {
  table5: { utility: 91.26, leakage: 33.81, softScore: 59.22, binaryScore: 54.7 },
  table6: {
    ally: { workerAccuracy: 77.3, pluralityAccuracy: 88.9, chance: 16.7, kappa: 0.73 },
    chameleon: { workerAccuracy: 44.6, pluralityAccuracy: 68.4, chance: 8.3, kappa: 0.27 },
  },
  table7: {
    ally: { top1: 88.9, strictMajority: 91.7, r: 0.61 },
    chameleon: { top1: 66.7, strictMajority: 74.2, r: 0.39 },
  },
} as const;

export interface MetricEstimates {
  utility: Estimate;
  leakage: Estimate;
  softScore: Estimate;
  binaryScore: Estimate;
}

export interface GenerationResults {
  /** Instances with at least one scored message. */
  instances: number;
  messages: number;
  /** Messages the judges could not score (every judge failed, or the rules refuse it). */
  unscored: number;
  /** Each instance's best message by SoftScore (the paper's Table 5), averaged over instances. */
  best: MetricEstimates;
  /** Each instance's messages averaged, then averaged over instances. */
  mean: MetricEstimates;
}

export interface EvaluationResults {
  task: "ally" | "chameleon";
  items: number;
  /** Items that reached their quota. */
  complete: number;
  answers: number;
  workerAccuracy: Estimate;
  pluralityAccuracy: Estimate;
  /** Mean of 1 / options over the items. */
  chance: number | null;
  /**
   * Randolph's free-marginal multirater κ, chance being 1/k with k the options each rater saw for the item
   * (6 messages, or the category's words): the figure comparable with the paper's κ.
   */
  freeKappa: Estimate;
  /** Fleiss' κ with each option counted by its identity across items (chance from the pooled marginals). */
  fleissKappa: Estimate;
  /** Mean per-item agreement P̄o: the share of pairs of an item's raters who chose the same option. */
  observedAgreement: Estimate;
  agreement: {
    /** Items the judges scored. */
    items: number;
    top1: Estimate;
    strictMajority: Estimate;
    r: Estimate;
  };
}

export interface StudyResults {
  study: { id: string; title: string; tasks: StudyTask[]; instances: number; open: boolean };
  participants: {
    joined: number;
    answered: number;
    withChecks: number;
    failedChecks: number;
    /** Median seconds per item under the study's minimum. */
    tooFast: number;
    /** Left out of every table: failed a check, or too fast (0 with --keep-excluded). */
    excluded: number;
    minSecondsPerItem: number;
  };
  evaluators: string[];
  generation: GenerationResults | null;
  evaluation: EvaluationResults[];
  paper: typeof PAPER_FIGURES;
}

