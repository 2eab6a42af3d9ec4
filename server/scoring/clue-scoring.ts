import { scoreMessage, leakageOf, averageOverEvaluators } from "../../shared/sneak/metrics";
import type { Evaluator, Judgement, MessageScores } from "../../shared/sneak/types";
import { seededRng, shuffled } from "../../shared/random";
import { CHAMELEON_GUESSES_SHOWN, type EvaluatorClueScores, type RevealedClueScores } from "../../shared/protocol";

/** Everything needed to score one clue of a round. */
export interface ClueToScore extends Pick<RevealedClueScores, "round" | "clueIndex" | "playerId" | "clue" | "byChameleon" | "fallback"> {
  category: string;
  words: string[];
  secret: string;
  /** The category's decoys (best first); empty for custom cards → utility unavailable. */
  decoys: string[];
  /**
   * The informed players' clues of the round up to and including this one, in order: the evidence the
   * cumulative chameleon weighs. The chameleon's own clues are left out (they are not evidence about a secret
   * it does not know); for the chameleon's clue this list is not used.
   */
  informedCluesSoFar: string[];
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

/**
 * The informed players' clues among the round's first `upTo + 1` clues: what the cumulative chameleon is shown
 * after clue `upTo`.
 */
export function informedCluesUpTo(clues: readonly { text: string; byChameleon: boolean }[], upTo: number): string[] {
  return clues.slice(0, upTo + 1).filter((c) => !c.byChameleon).map((c) => c.text);
}

/**
 * One evaluator's scores for one clue: utility and leakage of the clue alone, plus cumulative leakage (the
 * chameleon's belief in the secret given the informed clues so far). The chameleon's own clue makes no
 * cumulative call: the caller carries the previous clue's value forward (`scoreClue`).
 */
export async function scoreClueWith(evaluator: Evaluator, job: ClueToScore): Promise<EvaluatorClueScores> {
  const wordOrder = shuffled(job.words, seededRng(`${job.seed}/${evaluator.id}/words`));
  const allyOptions = allyOptionsFor(job.clue, job.decoys, `${job.seed}/${evaluator.id}`);
  const result: EvaluatorClueScores = { evaluator: evaluator.id, scores: null, leakage: null, cumulativeLeakage: null };
  const failures: string[] = [];
  try {
    const [ally, single, cumulative] = await Promise.all([
      allyOptions ? evaluator.ally({ category: job.category, words: job.words, secret: job.secret, options: allyOptions }) : null,
      evaluator.chameleon({ category: job.category, options: wordOrder, clues: [job.clue] }),
      !job.byChameleon && job.informedCluesSoFar.length > 1
        ? evaluator.chameleon({ category: job.category, options: wordOrder, clues: job.informedCluesSoFar })
        : null,
    ]);
    if (!job.byChameleon) {
      const cumulativeJudgement = cumulative ?? single;
      if (cumulativeJudgement.failure) failures.push(`cumulative: ${cumulativeJudgement.failure}`);
      else result.cumulativeLeakage = leakageOfSecret(cumulativeJudgement.options, cumulativeJudgement.probabilities, job.secret);
    }
    if (single.failure) failures.push(`chameleon: ${single.failure}`);
    else {
      result.leakage = leakageOfSecret(single.options, single.probabilities, job.secret);
      result.chameleonGuesses = likeliestWords(single, job.secret);
    }
    if (!ally) failures.push("utility unavailable: this topic card has no decoys");
    else if (ally.failure) failures.push(`ally: ${ally.failure}`);
    else result.allyOptions = ally.options.map((message, i) => ({ message, probability: shown(ally.probabilities[i]) }));
    if (ally && !ally.failure && !single.failure) result.scores = scoreMessage(ally, job.clue, single, job.secret);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  }
  if (failures.length > 0) result.failure = failures.join("; ");
  return result;
}

/** The chameleon's top words (ties kept in the order shown) and where the secret ranked among all of them. */
function likeliestWords(judgement: Judgement, secret: string): NonNullable<EvaluatorClueScores["chameleonGuesses"]> {
  const ranked = judgement.options.map((word, i) => ({ word, probability: judgement.probabilities[i] })).sort((a, b) => b.probability - a.probability);
  const secretProbability = ranked.find((r) => r.word === secret)?.probability ?? 0;
  // Tied words share the better rank: a flat distribution puts the secret first, not last.
  const secretRank = 1 + ranked.filter((r) => r.probability > secretProbability).length;
  return { top: ranked.slice(0, CHAMELEON_GUESSES_SHOWN).map((r) => ({ word: r.word, probability: shown(r.probability) })), secretRank, wordCount: ranked.length };
}

/**
 * A probability as the reveal shows it, to 4 decimals: the details go to every member with each reveal, and
 * full doubles would nearly double a finished game's snapshot; the export keeps the judges' exact answers.
 */
const shown = (p: number) => Math.round(p * 1e4) / 1e4;

function leakageOfSecret(options: readonly string[], probabilities: readonly number[], secret: string): number {
  const index = options.indexOf(secret);
  if (index < 0) throw new Error(`secret "${secret}" is not among the chameleon's options`);
  return leakageOf(probabilities[index], options.length);
}

/**
 * A clue scored by every evaluator, with the means the reveal shows. `previous` is the round's clue just
 * before this one, when it was scored: the chameleon's clue keeps its cumulative leakage (none before the
 * first informed clue).
 */
export async function scoreClue(evaluators: readonly Evaluator[], job: ClueToScore, previous?: RevealedClueScores): Promise<RevealedClueScores> {
  const perEvaluator = await Promise.all(evaluators.map((evaluator) => scoreClueWith(evaluator, job)));
  if (job.byChameleon && previous) {
    for (const e of perEvaluator) e.cumulativeLeakage = previous.perEvaluator.find((p) => p.evaluator === e.evaluator)?.cumulativeLeakage ?? null;
  }
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
