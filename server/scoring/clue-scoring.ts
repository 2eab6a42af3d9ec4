import { scoreMessage, leakageOf, averageOverEvaluators } from "../../shared/sneak/metrics";
import type { Evaluator, MessageScores } from "../../shared/sneak/types";
import { seededRng, shuffled } from "../../shared/random";
import type { EvaluatorClueScores, RevealedClueScores } from "../../shared/protocol";

/** Everything needed to score one clue of a round. */
export interface ClueToScore extends Pick<RevealedClueScores, "round" | "clueIndex" | "playerId" | "clue" | "byChameleon" | "fallback"> {
  category: string;
  words: string[];
  secret: string;
  /** The category's decoys (best first); empty for custom cards → utility unavailable. */
  decoys: string[];
  /** Every clue of the round so far, this one last: the cumulative chameleon's view. */
  cluesSoFar: string[];
  /** Seeds the option orders, so a game's scores are reproducible. */
  seed: string;
}

export const DECOYS_PER_CLUE = 5;

/** The ally's options: the clue among `count` decoys that differ from it, in a seeded order. */
export function allyOptionsFor(clue: string, decoys: readonly string[], seed: string, count = DECOYS_PER_CLUE): string[] | null {
  const folded = clue.trim().toLowerCase();
  const distinct = decoys.filter((d) => d.trim().toLowerCase() !== folded).slice(0, count);
  if (distinct.length === 0) return null;
  return shuffled([clue, ...distinct], seededRng(`${seed}/ally`));
}

/** One evaluator's scores for one clue: utility and leakage of the clue alone, plus cumulative leakage. */
export async function scoreClueWith(evaluator: Evaluator, job: ClueToScore): Promise<EvaluatorClueScores> {
  const wordOrder = shuffled(job.words, seededRng(`${job.seed}/${evaluator.id}/words`));
  const allyOptions = allyOptionsFor(job.clue, job.decoys, `${job.seed}/${evaluator.id}`);
  const result: EvaluatorClueScores = { evaluator: evaluator.id, scores: null, leakage: null, cumulativeLeakage: null };
  const failures: string[] = [];
  try {
    const [ally, single, cumulative] = await Promise.all([
      allyOptions ? evaluator.ally({ category: job.category, words: job.words, secret: job.secret, options: allyOptions }) : null,
      evaluator.chameleon({ category: job.category, options: wordOrder, clues: [job.clue] }),
      job.cluesSoFar.length > 1
        ? evaluator.chameleon({ category: job.category, options: wordOrder, clues: job.cluesSoFar })
        : null,
    ]);
    const cumulativeJudgement = cumulative ?? single;
    if (cumulativeJudgement.failure) failures.push(`cumulative: ${cumulativeJudgement.failure}`);
    else result.cumulativeLeakage = leakageOfSecret(cumulativeJudgement.options, cumulativeJudgement.probabilities, job.secret);
    if (single.failure) failures.push(`chameleon: ${single.failure}`);
    else result.leakage = leakageOfSecret(single.options, single.probabilities, job.secret);
    if (!ally) failures.push("utility unavailable: this topic card has no decoys");
    else if (ally.failure) failures.push(`ally: ${ally.failure}`);
    if (ally && !ally.failure && !single.failure) result.scores = scoreMessage(ally, job.clue, single, job.secret);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  }
  if (failures.length > 0) result.failure = failures.join("; ");
  return result;
}

function leakageOfSecret(options: readonly string[], probabilities: readonly number[], secret: string): number {
  const index = options.indexOf(secret);
  if (index < 0) throw new Error(`secret "${secret}" is not among the chameleon's options`);
  return leakageOf(probabilities[index], options.length);
}

/** A clue scored by every evaluator, with the means the reveal shows. */
export async function scoreClue(evaluators: readonly Evaluator[], job: ClueToScore): Promise<RevealedClueScores> {
  const perEvaluator = await Promise.all(evaluators.map((evaluator) => scoreClueWith(evaluator, job)));
  const utilityAvailable = allyOptionsFor(job.clue, job.decoys, job.seed) !== null;
  const full = averageOverEvaluators(perEvaluator.map((e) => e.scores));
  const leakages = perEvaluator.map((e) => e.leakage).filter((v): v is number => v !== null);
  const cumulative = perEvaluator.map((e) => e.cumulativeLeakage).filter((v): v is number => v !== null);
  const mean = full
    ? { utility: full.utility, leakage: full.leakage, softScore: full.softScore, binaryScore: full.binaryScore }
    : leakages.length > 0
      ? { utility: null, leakage: average(leakages), softScore: null, binaryScore: null }
      : null;
  return {
    round: job.round,
    clueIndex: job.clueIndex,
    playerId: job.playerId,
    clue: job.clue,
    byChameleon: job.byChameleon,
    fallback: job.fallback,
    utilityAvailable,
    leakageMeaningless: job.byChameleon,
    mean,
    cumulativeLeakage: cumulative.length > 0 ? average(cumulative) : null,
    perEvaluator,
  };
}

function average(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

export type { MessageScores };
