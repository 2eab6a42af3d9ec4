/**
 * Fits WordNet relatedness's knobs on the tuning split of the clue fixtures (never the held-out
 * split): a coordinate search for top-1 accuracy of the judge built on them. The judge's own
 * weights (signal ratio, the ally's spread floor and category weight, temperatures) are fitted by fit-judge.ts.
 */
import type { Dataset } from "../../../shared/sneak/types";
import { DEFAULT_RELATEDNESS_PARAMS, type RelatednessParams } from "../../lexicon/relatedness-params";
import { Relatedness } from "../../lexicon/relatedness";
import type { WordNet } from "../../lexicon/types";
import type { ClueFixture } from "./clue-fixtures";
import { fixtureOutcomes, summarize } from "./fixture-accuracy";
import { createLexicalEvaluator } from "./index";

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
  const summary = summarize(await fixtureOutcomes(evaluator, rows, dataset));
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
