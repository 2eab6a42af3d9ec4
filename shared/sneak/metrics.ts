import type { Judgement, MessageScores } from "./types";

/**
 * The SNEAK metric (paper §2.1) in one place. All values are in [0, 1]; reports multiply by 100.
 */

/** (p − 1/n) / (1 − 1/n), clipped at 0: 0 at chance, 1 at certainty. */
export function normalizeAboveChance(probability: number, optionCount: number): number {
  if (optionCount < 2) throw new RangeError(`need at least 2 options, got ${optionCount}`);
  const chance = 1 / optionCount;
  return Math.max(0, (probability - chance) / (1 - chance));
}

export function utilityOf(pAlly: number, messageCount: number): number {
  return normalizeAboveChance(pAlly, messageCount);
}

export function leakageOf(pCham: number, wordCount: number): number {
  return normalizeAboveChance(pCham, wordCount);
}

export function softScoreOf(utility: number, leakage: number): number {
  return utility * (1 - leakage);
}

/**
 * Relative tolerance for ties: probabilities merged from several tokens (log-sum-exp, renormalising)
 * can come out as 0.4 and 0.4000000000000001 for what is the same value.
 */
const TIE_TOLERANCE = 1e-9;

/** Indices holding the maximum probability: set semantics, so a tie counts for every tied option. */
export function argmaxSet(probabilities: readonly number[]): Set<number> {
  const best = Math.max(...probabilities);
  const winners = new Set<number>();
  probabilities.forEach((p, i) => {
    if (best - p <= TIE_TOLERANCE * best) winners.add(i);
  });
  return winners;
}

/** 1 when the real message is among the ally's argmax and the secret is not among the chameleon's argmax. */
export function binaryScoreOf(allyProbabilities: readonly number[], messageIndex: number, chameleonProbabilities: readonly number[], secretIndex: number): number {
  return argmaxSet(allyProbabilities).has(messageIndex) && !argmaxSet(chameleonProbabilities).has(secretIndex) ? 1 : 0;
}

/** Scores one message from one evaluator's two judgements. Both must be free of failures. */
export function scoreMessage(ally: Judgement, message: string, chameleon: Judgement, secret: string): MessageScores {
  if (ally.failure || chameleon.failure) throw new Error(`cannot score a failed judgement: ${ally.failure ?? chameleon.failure}`);
  const messageIndex = ally.options.indexOf(message);
  const secretIndex = chameleon.options.indexOf(secret);
  if (messageIndex < 0) throw new Error(`message "${message}" is not among the ally's options`);
  if (secretIndex < 0) throw new Error(`secret "${secret}" is not among the chameleon's options`);
  const pAlly = ally.probabilities[messageIndex];
  const pCham = chameleon.probabilities[secretIndex];
  const utility = utilityOf(pAlly, ally.options.length);
  const leakage = leakageOf(pCham, chameleon.options.length);
  return {
    pAlly,
    pCham,
    utility,
    leakage,
    softScore: softScoreOf(utility, leakage),
    binaryScore: binaryScoreOf(ally.probabilities, messageIndex, chameleon.probabilities, secretIndex),
  };
}

export const METRIC_KEYS = ["utility", "leakage", "softScore", "binaryScore"] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export type MetricMeans = Record<MetricKey, number>;

/** Mean of each metric; NaN for an empty list so that "no data" is never mistaken for 0. */
export function meanScores(scores: readonly Pick<MessageScores, MetricKey>[]): MetricMeans {
  const means = { utility: NaN, leakage: NaN, softScore: NaN, binaryScore: NaN };
  if (scores.length === 0) return means;
  for (const key of METRIC_KEYS) means[key] = scores.reduce((sum, s) => sum + s[key], 0) / scores.length;
  return means;
}

/**
 * One message's scores averaged over evaluators (the paper averages its three judges).
 * Evaluators that failed on this message are left out; null when all failed.
 */
export function averageOverEvaluators(perEvaluator: readonly (MessageScores | null)[]): MetricMeans | null {
  const scored = perEvaluator.filter((s): s is MessageScores => s !== null);
  return scored.length === 0 ? null : meanScores(scored);
}
