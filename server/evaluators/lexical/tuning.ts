/**
 * Fits the lexical judge on the tuning split of the clue fixtures (never the held-out split):
 * a coordinate search over the relatedness knobs for top-1 accuracy, then the two inverse
 * temperatures β by log loss (top-1 does not depend on β; calibration does).
 */
import type { Dataset } from "../../../shared/sneak/types";
import { DEFAULT_RELATEDNESS_PARAMS, type RelatednessParams } from "../../lexicon/relatedness-params";
import { Relatedness } from "../../lexicon/relatedness";
import type { WordNet } from "../../lexicon/types";
import type { ClueFixture } from "./clue-fixtures";
import { fixtureOutcomes, summarize } from "./fixture-accuracy";
import { createLexicalEvaluator } from "./index";
import { softmax } from "./softmax";

/** Scalar knobs the search moves; relation weights stay as documented. */
export const TUNABLE_KEYS = [
  "glossDefinition",
  "glossNeighbourLemma",
  "glossNeighbourDefinition",
  "glossIdfStrength",
  "overlap",
  "compound",
  "twoHopDecay",
  "fitLexFile",
  "fitPos",
  "fitNone",
  "wordSenseDecay",
  "clueSenseDecay",
  "clueExtraTerms",
] as const satisfies readonly (keyof RelatednessParams)[];

const FACTORS = [0.5, 0.75, 1.25, 1.5];
/** Knobs that are weights or shares and must stay in [0, 1]. */
const capped = (key: string) => !/Decay$/.test(key);

/** Mean chameleon top-1 over the clue sets, plus half the ally's top-1: what the search maximises. */
export async function tuningObjective(wordNet: WordNet, params: RelatednessParams, rows: readonly ClueFixture[], dataset: Dataset): Promise<number> {
  const evaluator = createLexicalEvaluator({ relatedness: new Relatedness(wordNet, params) });
  const summary = summarize(await fixtureOutcomes(evaluator, rows, dataset), dataset);
  return summary.chameleonTop1 + 0.5 * summary.allyTop1;
}

export async function coordinateSearch(
  wordNet: WordNet,
  rows: readonly ClueFixture[],
  dataset: Dataset,
  options: { passes?: number; log?: (line: string) => void; start?: RelatednessParams } = {},
): Promise<{ params: RelatednessParams; objective: number }> {
  let params = { ...(options.start ?? DEFAULT_RELATEDNESS_PARAMS) };
  let best = await tuningObjective(wordNet, params, rows, dataset);
  options.log?.(`start: ${best.toFixed(4)}`);
  for (let pass = 0; pass < (options.passes ?? 1); pass++) {
    let moved = false;
    for (const key of TUNABLE_KEYS) {
      for (const factor of FACTORS) {
        let value = params[key] * factor;
        if (capped(key)) value = Math.min(1, value);
        if (value === params[key]) continue;
        const trial = { ...params, [key]: Number(value.toFixed(4)) };
        const objective = await tuningObjective(wordNet, trial, rows, dataset);
        if (objective > best + 1e-9) {
          best = objective;
          params = trial;
          moved = true;
          options.log?.(`${key} = ${trial[key]}: ${best.toFixed(4)}`);
        }
      }
    }
    if (!moved) break;
  }
  return { params, objective: best };
}

/** The β in `grid` with the lowest mean log loss of the right option, given each row's raw scores. */
export function fitBeta(rows: readonly { scores: number[]; answer: number }[], grid: readonly number[] = BETA_GRID): { beta: number; logLoss: number } {
  let best = { beta: grid[0], logLoss: Infinity };
  for (const beta of grid) {
    const loss = rows.reduce((sum, row) => sum - Math.log(Math.max(softmax(row.scores, beta)[row.answer], 1e-12)), 0) / rows.length;
    if (loss < best.logLoss) best = { beta, logLoss: loss };
  }
  return best;
}

export const BETA_GRID = [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 24, 28, 32];
