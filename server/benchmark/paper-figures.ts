/**
 * Our figures for the paper's Table 2 reference baselines and Table 9 examples, scored exactly as
 * `npm run bench` scores them (server/benchmark/score-instance.ts: same decoy replacement, same
 * option orders), and the paper's own figures beside them.
 */
import { instancesOf } from "../../shared/sneak/dataset";
import { meanScores, type MetricMeans } from "../../shared/sneak/metrics";
import type { Dataset, Evaluator, Instance, MessageScores } from "../../shared/sneak/types";
import { DEFAULT_RUN_CONTEXT } from "./run-context";
import { scoreInstance } from "./score-instance";
import { createBaselineGenerator } from "../generators/baselines";
import { categorySplitOf, type CategorySplit } from "../evaluators/lexical/category-split";

export const BASELINES = ["random", "category-synonym", "secret-synonym"] as const;
export type Baseline = (typeof BASELINES)[number];

/** Table 2 (three-judge averages), ×100. */
export const PAPER_TABLE2: Record<Baseline, MetricMeans> = {
  random: { utility: 7.85, leakage: 7.89, softScore: 6.71, binaryScore: 7.34 },
  "category-synonym": { utility: 31.49, leakage: 7.56, softScore: 28.43, binaryScore: 30.08 },
  "secret-synonym": { utility: 75.73, leakage: 71.02, softScore: 12.31, binaryScore: 12.15 },
};

export interface PaperExample {
  category: string;
  secret: string;
  message: string;
  utility: number;
  leakage: number;
}

/** Table 9, with the category names of our dataset (the paper's "Colour" is ours too). */
export const PAPER_TABLE9: readonly PaperExample[] = [
  { category: "academic subject", secret: "psychology", message: "mind", utility: 100, leakage: 97.5 },
  { category: "animal", secret: "dog", message: "fetch", utility: 100, leakage: 99.9 },
  { category: "body of water", secret: "ocean", message: "salty", utility: 66.4, leakage: 33.3 },
  { category: "colour", secret: "green", message: "grass", utility: 66.5, leakage: 100 },
  { category: "dairy product", secret: "ice cream", message: "cone", utility: 100, leakage: 100 },
  { category: "emotion", secret: "happy", message: "birthday", utility: 66.7, leakage: 33.3 },
];

export interface BaselineFigures {
  baseline: Baseline;
  /** ×100, over every scored instance, then over the tuning and the held-out categories. */
  all: MetricMeans;
  tune: MetricMeans;
  heldout: MetricMeans;
  scored: number;
  n: number;
}

const times100 = (m: MetricMeans): MetricMeans => ({ utility: 100 * m.utility, leakage: 100 * m.leakage, softScore: 100 * m.softScore, binaryScore: 100 * m.binaryScore });

/** `only`: score just these categories' instances (tests); default the whole dataset. */
export async function baselineFigures(baseline: Baseline, evaluator: Evaluator, dataset: Dataset, seed = 0, only?: ReadonlySet<string>): Promise<BaselineFigures> {
  const generator = createBaselineGenerator(baseline, { ...DEFAULT_RUN_CONTEXT, seed });
  const split = categorySplitOf(dataset);
  const spares = new Map(dataset.categories.map((c) => [c.category, c.decoys]));
  const scores: Record<CategorySplit, MessageScores[]> = { tune: [], heldout: [] };
  const instances = instancesOf(dataset).filter((i) => !only || only.has(i.category));
  for (const instance of instances) {
    const result = await scoreInstance(instance, generator, [evaluator], seed, spares.get(instance.category) ?? []);
    const s = result.evaluations[0]?.scores;
    if (result.status === "scored" && s) scores[split.get(instance.category) ?? "heldout"].push(s);
  }
  return {
    baseline,
    all: times100(meanScores([...scores.tune, ...scores.heldout])),
    tune: times100(meanScores(scores.tune)),
    heldout: times100(meanScores(scores.heldout)),
    scored: scores.tune.length + scores.heldout.length,
    n: instances.length,
  };
}

export interface ExampleFigures extends PaperExample {
  ours: MessageScores | null;
  /** Why it could not be scored (a category or word our dataset lacks, an illegal message). */
  problem?: string;
}

/** Table 9's six examples on our grids (our words and our first five decoys). */
export async function table9Figures(evaluator: Evaluator, dataset: Dataset, seed = 0): Promise<ExampleFigures[]> {
  const out: ExampleFigures[] = [];
  for (const example of PAPER_TABLE9) {
    const entry = dataset.categories.find((c) => c.category === example.category);
    if (!entry || !entry.words.includes(example.secret)) {
      out.push({ ...example, ours: null, problem: `our dataset has no "${example.secret}" in "${example.category}"` });
      continue;
    }
    const instance: Instance = { id: `${entry.category}/${example.secret}`, category: entry.category, words: entry.words, secret: example.secret, decoys: entry.decoys.slice(0, 5) };
    const fixed = { id: "paper-table-9", generate: async () => ({ message: example.message }) };
    const result = await scoreInstance(instance, fixed, [evaluator], seed, entry.decoys);
    const scores = result.evaluations[0]?.scores ?? null;
    out.push({ ...example, ours: scores, ...(scores ? {} : { problem: result.invalid ?? result.failure ?? result.status }) });
  }
  return out;
}
