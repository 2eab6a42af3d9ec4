/**
 * The lexical judge: an ally and a chameleon that read clues through WordNet relatedness, GloVe
 * word vectors and people's word associations (server/evaluators/lexical/signals.ts has the formulas
 * and the fitted weights) and
 * answer with a full distribution over the options shown. It can be built as WordNet-only,
 * vectors-only or combined (the default), so that a bot can be scored by a judge it did not choose
 * its clues with.
 */
import type { AllyQuery, ChameleonQuery, Evaluator, Judgement } from "../../../shared/sneak/types";
import { getRelatedness, type Grid, type Relatedness } from "../../lexicon/relatedness";
import { getWordVectors, type WordVectors } from "../../lexicon/vectors/word-vectors";
import { SenseVectors } from "../../lexicon/sense-vectors";
import { peopleLinking } from "../../lexicon/associations/linked-by-people";
import { associationStrength } from "../../lexicon/associations/word-associations";
import { FITTED_WEIGHTS, JUDGE_IDS, signalsOfSpec, type JudgeSignals, type JudgeWeights } from "./signals";
import { standardisedSoftmax } from "./softmax";

export { JUDGE_SIGNALS, type JudgeSignals, type JudgeWeights, signalsOfSpec } from "./signals";

export interface LexicalEvaluatorOptions {
  /** Which signals the judge reads: both (default), WordNet only or vectors only. */
  signals?: JudgeSignals;
  /** Weights other than the fitted ones for this variant (fitting, tests). */
  weights?: Partial<JudgeWeights>;
  /** Shorthands for weights.chameleonBeta / weights.allyBeta. */
  chameleonBeta?: number;
  allyBeta?: number;
  /** A relatedness model other than the process-wide default (tests, tuning). */
  relatedness?: Relatedness;
  /** A vector table other than the process-wide default (tests). */
  vectors?: WordVectors;
}

/** The fitted inverse temperatures of the default (combined) judge. */
export const DEFAULT_CHAMELEON_BETA = FITTED_WEIGHTS.combined.chameleonBeta;
export const DEFAULT_ALLY_BETA = FITTED_WEIGHTS.combined.allyBeta;

export interface LexicalEvaluator extends Evaluator {
  readonly signals: JudgeSignals;
  prepare(category: string, words: readonly string[]): void;
  readonly weights: Readonly<JudgeWeights>;
  readonly chameleonBeta: number;
  readonly allyBeta: number;
  /** sim(clue, word) for a word read in the grid of `category` and `words`. */
  similarity(category: string, words: readonly string[], clue: string, word: string): number;
  /** The chameleon's scores before the softmax, Σ_clues sim(clue, w), aligned with `options` (for bots and diagnostics). */
  chameleonScores(query: ChameleonQuery): number[];
  /** The ally's scores (signals.ts), aligned with `options`; each depends on its message alone. */
  allyScores(query: AllyQuery): number[];
  /** The ally's distribution over options with these scores (what `ally` answers). */
  allyDistribution(scores: readonly number[]): number[];
  /** The chameleon's distribution over words with these scores (what `chameleon` answers). */
  chameleonDistribution(scores: readonly number[]): number[];
  allyJudgement(query: AllyQuery): Judgement;
  chameleonJudgement(query: ChameleonQuery): Judgement;
}

/** A message's (or clue's) sim to each word of a grid, and, once the ally has read it, their mean, spread and its topical share. */
interface MessageRow {
  simOf: Map<string, number>;
  spread?: { mean: number; sd: number; topical: number };
}

/** Rows kept at most (all forgotten at once when full: a flat memory profile for a long-running server). */
const MAX_CACHED_ROWS = 10_000;

/** Message rows by grid (the category and its words, in the order shown). */
class MessageRows {
  private readonly byGrid = new Map<string, Map<string, MessageRow>>();
  private size = 0;

  forGrid(category: string, words: readonly string[]): Map<string, MessageRow> {
    const key = `${category}\u0001${words.join("\u0002")}`;
    let rows = this.byGrid.get(key);
    if (!rows) this.byGrid.set(key, (rows = new Map()));
    return rows;
  }

  add(rows: Map<string, MessageRow>, message: string, row: MessageRow): void {
    if (++this.size > MAX_CACHED_ROWS) {
      this.byGrid.clear();
      this.size = 1;
    }
    rows.set(message, row);
  }
}

function failed(options: string[], failure: string): Judgement {
  return { options, probabilities: [], coverage: 0, failure, flags: [] };
}

export function createLexicalEvaluator(options: LexicalEvaluatorOptions = {}): LexicalEvaluator {
  const signals = options.signals ?? "combined";
  const weights: JudgeWeights = {
    ...FITTED_WEIGHTS[signals],
    ...options.weights,
    ...(options.chameleonBeta !== undefined ? { chameleonBeta: options.chameleonBeta } : {}),
    ...(options.allyBeta !== undefined ? { allyBeta: options.allyBeta } : {}),
  };
  let relatednessModel = options.relatedness;
  let vectorTable = options.vectors;
  const relatedness = () => (relatednessModel ??= getRelatedness());
  const vectors = () => (vectorTable ??= getWordVectors());
  // Lower-cased phrases, as the relatedness model keys them; a missing vector counts as unrelated.
  const cosine = (a: string, b: string) => vectors().cosine(a.toLowerCase(), b.toLowerCase()) ?? 0;

  let senseModel: SenseVectors | undefined;
  const senseVectors = () => (senseModel ??= new SenseVectors(relatedness(), vectors()));

  const gridOf = (category: string, words: readonly string[]): Grid | null =>
    weights.wordNet !== 0 || weights.senseVectors !== 0 ? relatedness().grid(category, words) : null;
  const sim = (grid: Grid | null, clue: string, word: string): number => {
    let score = 0;
    if (grid && weights.wordNet !== 0) score += weights.wordNet * relatedness().rel(clue, word, grid);
    if (weights.vectors !== 0) score += weights.vectors * cosine(clue, word);
    if (grid && weights.senseVectors !== 0) score += weights.senseVectors * senseVectors().cosine(clue, word, grid);
    // People's links do not depend on the grid: no grid is built for them alone.
    if (weights.associations !== 0) score += weights.associations * associationStrength(peopleLinking(relatedness(), word, clue));
    return score;
  };

  // A clue's similarity to each word of a grid, read once per grid however many queries show it: the ally's
  // decoys are the same for every secret of a grid and every clue of a round, and the cumulative chameleon
  // reads a round's earlier clues again with each new one.
  const messageRows = new MessageRows();
  const rowOf = (grid: Grid | null, rows: Map<string, MessageRow>, message: string, words: readonly string[]): MessageRow => {
    let row = rows.get(message);
    if (!row) {
      row = { simOf: new Map(words.map((word) => [word, sim(grid, message, word)])) };
      messageRows.add(rows, message, row);
    }
    return row;
  };

  const chameleonScores = (query: ChameleonQuery): number[] => {
    const grid = gridOf(query.category, query.options);
    const rows = messageRows.forGrid(query.category, query.options);
    const clueRows = query.clues.map((clue) => rowOf(grid, rows, clue, query.options));
    return query.options.map((word) => clueRows.reduce((sum, row) => sum + (row.simOf.get(word) ?? 0), 0));
  };

  const allyScores = (query: AllyQuery): number[] => {
    const grid = gridOf(query.category, query.words);
    const rows = messageRows.forGrid(query.category, query.words);
    return query.options.map((message) => {
      const row = rowOf(grid, rows, message, query.words);
      if (!row.spread) {
        const sims = query.words.map((word) => row.simOf.get(word) ?? 0);
        const mean = sims.reduce((sum, x) => sum + x, 0) / sims.length;
        const sd = Math.sqrt(sims.reduce((sum, x) => sum + (x - mean) ** 2, 0) / sims.length);
        const topical = weights.category !== 0 ? weights.category * sim(grid, message, query.category) : 0;
        row.spread = { mean, sd, topical };
      }
      const { mean, sd, topical } = row.spread;
      const toSecret = row.simOf.get(query.secret) ?? sim(grid, message, query.secret);
      // Rounded so that float summation order can never show in a result.
      return Math.round(((toSecret - mean) / (sd + weights.spreadFloor) + topical) * 1e9) / 1e9;
    });
  };
  const allyDistribution = (scores: readonly number[]) => standardisedSoftmax(scores, weights.allyBeta);
  const chameleonDistribution = (scores: readonly number[]) => standardisedSoftmax(scores, weights.chameleonBeta, weights.chameleonFloor);

  const allyJudgement = (query: AllyQuery): Judgement => {
    if (query.options.length === 0) return failed([], "the ally was shown no messages");
    if (query.words.length === 0) return failed(query.options, "the ally was shown no grid words");
    return { options: query.options.slice(), probabilities: allyDistribution(allyScores(query)), coverage: 1, flags: [] };
  };

  const chameleonJudgement = (query: ChameleonQuery): Judgement => {
    if (query.options.length === 0) return failed([], "the chameleon was shown no words");
    return { options: query.options.slice(), probabilities: chameleonDistribution(chameleonScores(query)), coverage: 1, flags: [] };
  };

  return {
    id: JUDGE_IDS[signals],
    signals,
    weights,
    chameleonBeta: weights.chameleonBeta,
    allyBeta: weights.allyBeta,
    similarity: (category, words, clue, word) => sim(gridOf(category, words), clue, word),
    prepare(category, words) {
      // The grid's sense weights and every word's sense vector, cached with the grid (and the category's, for the ally).
      const grid = gridOf(category, words);
      if (!grid || weights.senseVectors === 0) return;
      for (const word of [...words, category]) senseVectors().of(word.toLowerCase(), grid);
    },
    ally: async (query) => allyJudgement(query),
    chameleon: async (query) => chameleonJudgement(query),
    allyJudgement,
    chameleonJudgement,
    allyScores,
    chameleonScores,
    allyDistribution,
    chameleonDistribution,
  };
}

/** The judge an evaluator spec names (`lexical`, `lexical:wordnet`, `lexical:vectors`, `lexical:combined`). */
export function createLexicalEvaluatorForSpec(spec: string): LexicalEvaluator {
  const signals = signalsOfSpec(spec);
  if (!signals) throw new Error(`unknown lexical judge "${spec}": use lexical, lexical:wordnet, lexical:vectors or lexical:combined`);
  return createLexicalEvaluator({ signals });
}
