/**
 * The lexical judge: an ally and a chameleon that read clues through WordNet relatedness
 * (server/lexicon/relatedness.ts) and answer with a full distribution over the options shown.
 *   chameleon  P(w | clues) ∝ exp(β_c · Σ_clues rel(clue, w))
 *   ally       P(m | s)     ∝ exp(β_a · (rel(m, s) − mean_w rel(m, w)))
 * The ally's centring removes what a message says about the whole grid (a category-level decoy
 * relates to every word), so that it prefers the message that singles out the secret.
 */
import type { AllyQuery, ChameleonQuery, Evaluator, Judgement } from "../../../shared/sneak/types";
import { getRelatedness, type Relatedness } from "../../lexicon/relatedness";
import { softmax } from "./softmax";

export interface LexicalEvaluatorOptions {
  /** Inverse temperature of the chameleon (tuned on the clue fixtures' tuning split). */
  chameleonBeta?: number;
  /** Inverse temperature of the ally. */
  allyBeta?: number;
  /** A relatedness model other than the process-wide default (tests, tuning). */
  relatedness?: Relatedness;
}

/** Fitted by log loss on the tuning split (`npm run bench:evaluator -- --tune`). */
export const DEFAULT_CHAMELEON_BETA = 8;
export const DEFAULT_ALLY_BETA = 6;

export interface LexicalEvaluator extends Evaluator {
  readonly chameleonBeta: number;
  readonly allyBeta: number;
  /** The chameleon's scores before the softmax, Σ_clues rel(clue, w), aligned with `options` (for bots and diagnostics). */
  chameleonScores(query: ChameleonQuery): number[];
  /** The ally's centred scores rel(m, s) − mean_w rel(m, w), aligned with `options`. */
  allyScores(query: AllyQuery): number[];
  allyJudgement(query: AllyQuery): Judgement;
  chameleonJudgement(query: ChameleonQuery): Judgement;
}

function failed(options: string[], failure: string): Judgement {
  return { options, probabilities: [], coverage: 0, failure, flags: [] };
}

export function createLexicalEvaluator(options: LexicalEvaluatorOptions = {}): LexicalEvaluator {
  const chameleonBeta = options.chameleonBeta ?? DEFAULT_CHAMELEON_BETA;
  const allyBeta = options.allyBeta ?? DEFAULT_ALLY_BETA;
  let model = options.relatedness;
  const relatedness = () => (model ??= getRelatedness());

  const chameleonScores = (query: ChameleonQuery): number[] => {
    const r = relatedness();
    const grid = r.grid(query.category, query.options);
    return query.options.map((word) => query.clues.reduce((sum, clue) => sum + r.rel(clue, word, grid), 0));
  };

  const allyScores = (query: AllyQuery): number[] => {
    const r = relatedness();
    const grid = r.grid(query.category, query.words);
    return query.options.map((message) => {
      const mean = query.words.reduce((sum, word) => sum + r.rel(message, word, grid), 0) / query.words.length;
      return r.rel(message, query.secret, grid) - mean;
    });
  };

  const allyJudgement = (query: AllyQuery): Judgement => {
    if (query.options.length === 0) return failed([], "the ally was shown no messages");
    if (query.words.length === 0) return failed(query.options, "the ally was shown no grid words");
    return { options: query.options.slice(), probabilities: softmax(allyScores(query), allyBeta), coverage: 1, flags: [] };
  };

  const chameleonJudgement = (query: ChameleonQuery): Judgement => {
    if (query.options.length === 0) return failed([], "the chameleon was shown no words");
    return { options: query.options.slice(), probabilities: softmax(chameleonScores(query), chameleonBeta), coverage: 1, flags: [] };
  };

  return {
    id: "lexical",
    chameleonBeta,
    allyBeta,
    ally: async (query) => allyJudgement(query),
    chameleon: async (query) => chameleonJudgement(query),
    allyJudgement,
    chameleonJudgement,
    allyScores,
    chameleonScores,
  };
}
