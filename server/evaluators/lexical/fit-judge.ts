/**
 * Fits the lexical judge's few weights (server/evaluators/lexical/signals.ts), from tuning data only:
 *  1. the weights of the vectors, the sense vectors and the word associations against WordNet (the combined judge only), on the clue fixtures'
 *     tuning split (test/fixtures/clues, split "tune"): the log likelihood of the secret
 *     (chameleon) and of the clue (ally, no category term). This is the ranking: which word a clue
 *     points at.
 *  2. the chameleon's floor and β, and the ally's spread floor, category weight and β: of the settings
 *     whose reference baselines' mean Leakage (chameleon) or Utility (ally) on the dataset's tuning
 *     categories (category-split.ts) come within RMS_TOLERANCE of the paper's Table 2, the one with
 *     the lowest log loss on the tuning fixtures. This is the calibration: the metrics are
 *     normalised and clipped, so the softmax's shape and how much a topical message counts matter
 *     as much as the ranking.
 * The signals are computed once per (message, word); every trial is arithmetic on them.
 */
import { normalizeAboveChance } from "../../../shared/sneak/metrics";
import { instancesOf } from "../../../shared/sneak/dataset";
import type { Dataset } from "../../../shared/sneak/types";
import { DEFAULT_RUN_CONTEXT } from "../../benchmark/run-context";
import { decoysBesides } from "../../benchmark/score-instance";
import { invalidReasonOf } from "../../benchmark/message-validity";
import { createBaselineGenerator } from "../../generators/baselines";
import { getRelatedness, type Relatedness } from "../../lexicon/relatedness";
import { getWordVectors, type WordVectors } from "../../lexicon/vectors/word-vectors";
import { SenseVectors } from "../../lexicon/sense-vectors";
import { peopleLinking } from "../../lexicon/associations/linked-by-people";
import { associationStrength } from "../../lexicon/associations/word-associations";
import { BASELINES, PAPER_TABLE2, type Baseline } from "../../benchmark/paper-figures";
import { categorySplitOf } from "./category-split";
import type { ClueFixture } from "./clue-fixtures";
import { gridOf } from "./fixture-accuracy";
import type { JudgeSignals, JudgeWeights } from "./signals";
import { standardisedSoftmax } from "./softmax";

/** One scored message's raw signals: per grid word (chameleon) and per ally option (message first). */
export interface MessageSignals {
  rel: number[];
  cos: number[];
  secret: number;
  relToSecret: number[];
  relMean: number[];
  cosToSecret: number[];
  cosMean: number[];
  relToCategory: number[];
  cosToCategory: number[];
  /** Per ally option, its rel and cos with every grid word (for other ally formulas). */
  relWords: number[][];
  cosWords: number[][];
  /** The same with the grid words' sense vectors (sense-vectors.ts). */
  senseWords: number[][];
  senseToCategory: number[];
  /** The same with how strongly people link them (associations/). */
  assocWords: number[][];
  assocToCategory: number[];
}

export function signalsOf(r: Relatedness, v: WordVectors, category: string, words: readonly string[], secret: string, allyOptions: readonly string[]): MessageSignals {
  const grid = r.grid(category, words);
  const senses = senseVectorsOf(r, v);
  const cos = (a: string, b: string) => v.cosine(a.toLowerCase(), b.toLowerCase()) ?? 0;
  const message = allyOptions[0];
  const relToSecret: number[] = [];
  const relMean: number[] = [];
  const cosToSecret: number[] = [];
  const cosMean: number[] = [];
  const relToCategory: number[] = [];
  const cosToCategory: number[] = [];
  const relWords: number[][] = [];
  const cosWords: number[][] = [];
  const senseWords: number[][] = [];
  const senseToCategory: number[] = [];
  const assocWords: number[][] = [];
  const assocToCategory: number[] = [];
  const assoc = (option: string, word: string) => associationStrength(peopleLinking(r, word, option));
  for (const option of allyOptions) {
    assocWords.push(words.map((w) => assoc(option, w)));
    assocToCategory.push(assoc(option, category));
    senseWords.push(words.map((w) => senses.cosine(option, w, grid)));
    senseToCategory.push(senses.cosine(option, category, grid));
    relWords.push(words.map((w) => r.rel(option, w, grid)));
    cosWords.push(words.map((w) => cos(option, w)));
    relToCategory.push(r.rel(option, category, grid));
    cosToCategory.push(cos(option, category));
    relToSecret.push(r.rel(option, secret, grid));
    cosToSecret.push(cos(option, secret));
    relMean.push(words.reduce((s, w) => s + r.rel(option, w, grid), 0) / words.length);
    cosMean.push(words.reduce((s, w) => s + cos(option, w), 0) / words.length);
  }
  return { rel: words.map((w) => r.rel(message, w, grid)), cos: words.map((w) => cos(message, w)), secret: words.indexOf(secret), relToSecret, relMean, cosToSecret, cosMean, relToCategory, cosToCategory, relWords, cosWords, senseWords, senseToCategory, assocWords, assocToCategory };
}

function softmaxAt(scores: readonly number[], beta: number, index: number, floor = 0): { p: number; top1: number } {
  const top = Math.max(...scores);
  const tied = (s: number) => top - s <= 1e-9 * Math.max(1, Math.abs(top));
  const winners = scores.filter(tied).length;
  return { p: standardisedSoftmax(scores, beta, floor)[index], top1: tied(scores[index]) ? 1 / winners : 0 };
}

export function judgeOutcome(s: MessageSignals, w: JudgeWeights): { pCham: number; chamTop1: number; pAlly: number; allyTop1: number; utility: number; leakage: number } {
  const cham = s.rel.map((rel, i) => w.wordNet * rel + w.vectors * s.cos[i] + w.senseVectors * s.senseWords[0][i] + w.associations * s.assocWords[0][i]);
  const ally = s.relWords.map((rels, i) => {
    const sims = rels.map((rel, j) => w.wordNet * rel + w.vectors * s.cosWords[i][j] + w.senseVectors * s.senseWords[i][j] + w.associations * s.assocWords[i][j]);
    const mean = sims.reduce((sum, x) => sum + x, 0) / sims.length;
    const spread = Math.sqrt(sims.reduce((sum, x) => sum + (x - mean) ** 2, 0) / sims.length);
    const topical = w.category * (w.wordNet * s.relToCategory[i] + w.vectors * s.cosToCategory[i] + w.senseVectors * s.senseToCategory[i] + w.associations * s.assocToCategory[i]);
    return Math.round(((sims[s.secret] - mean) / (spread + w.spreadFloor) + topical) * 1e9) / 1e9;
  });
  const c = softmaxAt(cham, w.chameleonBeta, s.secret, w.chameleonFloor);
  const a = softmaxAt(ally, w.allyBeta, 0);
  return { pCham: c.p, chamTop1: c.top1, pAlly: a.p, allyTop1: a.top1, utility: normalizeAboveChance(a.p, ally.length), leakage: normalizeAboveChance(c.p, cham.length) };
}

/** The tuning fixtures' signals (clue first among the category's first five decoys). */
export function fixtureSignals(rows: readonly ClueFixture[], dataset: Dataset, r = getRelatedness(), v = getWordVectors()): MessageSignals[] {
  const out: MessageSignals[] = [];
  for (const f of rows) {
    const grid = gridOf(f, dataset);
    if ("reason" in grid) continue;
    out.push(signalsOf(r, v, grid.category, grid.words, f.secret, [f.clue, ...grid.decoys]));
  }
  return out;
}

/** The reference baselines' signals on the tuning categories, with the decoys the runner would show. */
export async function baselineSignals(dataset: Dataset, seed = 0, r = getRelatedness(), v = getWordVectors()): Promise<Record<Baseline, MessageSignals[]>> {
  const split = categorySplitOf(dataset);
  const out = {} as Record<Baseline, MessageSignals[]>;
  for (const baseline of BASELINES) {
    const generator = createBaselineGenerator(baseline, { ...DEFAULT_RUN_CONTEXT, seed });
    out[baseline] = [];
    for (const instance of instancesOf(dataset)) {
      if (split.get(instance.category) !== "tune") continue;
      const { message } = await generator.generate({ ...instance, decoys: [] });
      if (!message || invalidReasonOf(message, instance.words)) continue;
      const entry = dataset.categories.find((c) => c.category === instance.category)!;
      const { decoys } = decoysBesides(message, instance, entry.decoys);
      out[baseline].push(signalsOf(r, v, instance.category, instance.words, instance.secret, [message, ...decoys]));
    }
  }
  return out;
}

const senseVectorModels = new WeakMap<Relatedness, WeakMap<WordVectors, SenseVectors>>();
function senseVectorsOf(r: Relatedness, v: WordVectors): SenseVectors {
  let byTable = senseVectorModels.get(r);
  if (!byTable) senseVectorModels.set(r, (byTable = new WeakMap()));
  let model = byTable.get(v);
  if (!model) byTable.set(v, (model = new SenseVectors(r, v)));
  return model;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

export function fixtureObjective(rows: readonly MessageSignals[], w: JudgeWeights): { chamTop1: number; allyTop1: number } {
  const outcomes = rows.map((s) => judgeOutcome(s, w));
  return { chamTop1: mean(outcomes.map((o) => o.chamTop1)), allyTop1: mean(outcomes.map((o) => o.allyTop1)) };
}

/** Mean −log P(secret) (the chameleon's side) or −log P(clue) (the ally's) over the fixtures. */
export function fixtureSideLogLoss(rows: readonly MessageSignals[], w: JudgeWeights, side: "pCham" | "pAlly"): number {
  return mean(rows.map((s) => -Math.log(Math.max(judgeOutcome(s, w)[side], 1e-12))));
}

interface CalibrationTrial {
  weights: JudgeWeights;
  /** RMS gap to Table 2 over the three baselines, in points. */
  rms: number;
}

/** Mean −log P(secret) + −log P(clue) over the fixtures. */
export function fixtureLogLoss(rows: readonly MessageSignals[], w: JudgeWeights): number {
  return mean(rows.map((s) => judgeOutcome(s, w)).map((o) => -Math.log(Math.max(o.pCham, 1e-12)) - Math.log(Math.max(o.pAlly, 1e-12))));
}

export function baselineMeans(rows: Record<Baseline, MessageSignals[]>, w: JudgeWeights): Record<Baseline, { utility: number; leakage: number }> {
  const out = {} as Record<Baseline, { utility: number; leakage: number }>;
  for (const b of BASELINES) {
    const outcomes = rows[b].map((s) => judgeOutcome(s, w));
    out[b] = { utility: 100 * mean(outcomes.map((o) => o.utility)), leakage: 100 * mean(outcomes.map((o) => o.leakage)) };
  }
  return out;
}

/** Squared gaps to Table 2 over the three baselines: one sum for the chameleon's side, one for the ally's. */
function gaps(means: Record<Baseline, { utility: number; leakage: number }>): { ally: number; chameleon: number } {
  let ally = 0;
  let chameleon = 0;
  for (const b of BASELINES) {
    ally += (means[b].utility - PAPER_TABLE2[b].utility) ** 2;
    chameleon += (means[b].leakage - PAPER_TABLE2[b].leakage) ** 2;
  }
  return { ally, chameleon };
}

/** How close (RMS over the three baselines, in points) a judge's means must come to Table 2 before the fixtures choose among settings. */
export const RMS_TOLERANCE = 2.5;

export const RATIO_GRID = [0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3];
export const SENSE_GRID = [0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3];
export const ASSOCIATION_GRID = [0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3];
export const CHAMELEON_FLOOR_GRID = [0, 0.05, 0.1, 0.2, 0.3, 0.5];
export const SPREAD_FLOOR_GRID = [0.05, 0.1, 0.2, 0.3, 0.5, 1];
export const CATEGORY_GRID = [0, 0.25, 0.5, 0.75, 1, 1.5];
export const BETA_GRID = [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 16, 20];

/** The grids the fit searches: step 1 (the signals' ratio, with one β, by log loss) and step 2 (calibration). */
export interface FitGrids {
  ratio: readonly number[];
  sense: readonly number[];
  association: readonly number[];
  beta: readonly number[];
  chameleonFloor: readonly number[];
  chameleonBeta: readonly number[];
  spreadFloor: readonly number[];
  category: readonly number[];
  allyBeta: readonly number[];
}
export const FIT_GRIDS: FitGrids = {
  ratio: RATIO_GRID,
  sense: SENSE_GRID,
  association: ASSOCIATION_GRID,
  beta: BETA_GRID,
  chameleonFloor: CHAMELEON_FLOOR_GRID,
  chameleonBeta: BETA_GRID,
  spreadFloor: SPREAD_FLOOR_GRID,
  category: CATEGORY_GRID,
  allyBeta: BETA_GRID,
};

export function fitJudge(
  signals: JudgeSignals,
  fixtures: readonly MessageSignals[],
  baselines: Record<Baseline, MessageSignals[]>,
  log: (line: string) => void = () => {},
  /** Smaller grids, so that a test can check the fit near its result quickly. */
  grids: Partial<FitGrids> = {},
): JudgeWeights {
  const g = { ...FIT_GRIDS, ...grids };
  const base: JudgeWeights = { wordNet: signals === "vectors" ? 0 : 1, vectors: signals === "wordnet" ? 0 : 1, senseVectors: 0, associations: 0, spreadFloor: 0.2, category: 0, chameleonFloor: 0, chameleonBeta: 2, allyBeta: 2 };
  // 1. The signals' ratio on the fixtures, by log likelihood of the secret (chameleon) and the clue
  // (fully centred ally), each ratio at its best β: smoother than top-1 on a few hundred clues.
  let ranking = { logLoss: Infinity, weights: base };
  for (const ratio of signals === "combined" ? g.ratio : [base.vectors])
  for (const senseVectors of signals === "combined" ? g.sense : [0])
  for (const associations of signals === "combined" ? g.association : [0]) {
    for (const beta of g.beta) {
      const w = { ...base, vectors: ratio, senseVectors, associations, chameleonBeta: beta, allyBeta: beta };
      const logLoss = fixtureLogLoss(fixtures, w);
      if (logLoss < ranking.logLoss - 1e-9) ranking = { logLoss, weights: w };
    }
  }
  const { chamTop1, allyTop1 } = fixtureObjective(fixtures, ranking.weights);
  log(`${signals}: vectors ${ranking.weights.vectors}, sense vectors ${ranking.weights.senseVectors}, associations ${ranking.weights.associations} × WordNet ${ranking.weights.wordNet} (fixture tune split: log loss ${ranking.logLoss.toFixed(4)}; chameleon top-1 ${(100 * chamTop1).toFixed(1)}%, ally ${(100 * allyTop1).toFixed(1)}%)`);
  // 2. Calibration on the tuning categories: the chameleon's β moves only Leakage; the ally's weights only Utility.
  // Of the settings whose baseline means come within RMS_TOLERANCE of Table 2 (RMS over the three
  // baselines), the one that reads the hand-written clues best (the fixtures' log loss of that side):
  // Table 2 alone leaves the judges under-determined (many settings match it about equally), and
  // reading real clues is what they are for. With none within tolerance, the closest to Table 2.
  // The fixtures' log loss is computed only for the settings it chooses among.
  const pick = (trials: readonly CalibrationTrial[], side: "pCham" | "pAlly") => {
    const scored = (t: CalibrationTrial) => ({ ...t, logLoss: fixtureSideLogLoss(fixtures, t.weights, side) });
    const within = trials.filter((t) => t.rms <= RMS_TOLERANCE).map(scored);
    const best = within.length > 0 ? within.reduce((b, t) => (t.logLoss < b.logLoss - 1e-9 ? t : b)) : scored(trials.reduce((b, t) => (t.rms < b.rms - 1e-9 ? t : b)));
    return { ...best, within: within.length, of: trials.length };
  };
  const chameleon = pick(
    g.chameleonFloor.flatMap((chameleonFloor) =>
      g.chameleonBeta.map((chameleonBeta) => {
        const w = { ...ranking.weights, chameleonFloor, chameleonBeta };
        return { weights: w, rms: Math.sqrt(gaps(baselineMeans(baselines, w)).chameleon / 3) };
      }),
    ),
    "pCham",
  );
  const allyTrials: CalibrationTrial[] = [];
  for (const spreadFloor of g.spreadFloor)
    for (const category of g.category)
      for (const allyBeta of g.allyBeta) {
        const w = { ...chameleon.weights, spreadFloor, category, allyBeta };
        allyTrials.push({ weights: w, rms: Math.sqrt(gaps(baselineMeans(baselines, w)).ally / 3) });
      }
  const ally = pick(allyTrials, "pAlly");
  const w = ally.weights;
  const describe = (t: ReturnType<typeof pick>, side: string) => `RMS ${side} gap ${t.rms.toFixed(1)}, ${t.within} of ${t.of} settings within ${RMS_TOLERANCE}; fixture log loss ${t.logLoss.toFixed(4)}`;
  log(`${signals}: chameleon floor ${w.chameleonFloor}, β ${w.chameleonBeta} (${describe(chameleon, "Leakage")}); ally spread floor ${w.spreadFloor}, category ${w.category}, β ${w.allyBeta} (${describe(ally, "Utility")})`);
  return w;
}
