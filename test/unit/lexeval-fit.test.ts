import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { baselineSignals, FIT_GRIDS, fitJudge, fixtureSignals } from "../../server/evaluators/lexical/fit-judge";
import { FITTED_WEIGHTS } from "../../server/evaluators/lexical/signals";
import { tuningFixtures } from "../../server/evaluators/lexical/clue-fixtures";

/** A grid's values next to (and at) `value`, which must be on it. */
function around(grid: readonly number[], value: number): number[] {
  const at = grid.indexOf(value);
  expect(at, `${value} is on the grid ${grid.join(", ")}`).toBeGreaterThanOrEqual(0);
  return grid.slice(Math.max(0, at - 1), at + 2);
}

describe("the judge's fitted weights", () => {
  // The whole search takes half a minute or more: `npm run bench:paper -- --fit` runs it and says whether it
  // gives signals.ts's weights. Here the fit searches each weight's grid neighbours (step 1's β, which the
  // result does not keep, on its whole grid): the weights must still come out, so a change to the signals, the
  // fixtures or the baselines that moves the optimum off them fails here.
  it("are what the fit derives from the tuning data (combined judge), among their grid neighbours", async () => {
    const dataset = loadDataset();
    const fixtures = fixtureSignals(tuningFixtures(), dataset);
    const baselines = await baselineSignals(dataset);
    const fitted = FITTED_WEIGHTS.combined;
    const grids = {
      ratio: around(FIT_GRIDS.ratio, fitted.vectors),
      sense: around(FIT_GRIDS.sense, fitted.senseVectors),
      association: around(FIT_GRIDS.association, fitted.associations),
      chameleonFloor: around(FIT_GRIDS.chameleonFloor, fitted.chameleonFloor),
      chameleonBeta: around(FIT_GRIDS.chameleonBeta, fitted.chameleonBeta),
      spreadFloor: around(FIT_GRIDS.spreadFloor, fitted.spreadFloor),
      category: around(FIT_GRIDS.category, fitted.category),
      allyBeta: around(FIT_GRIDS.allyBeta, fitted.allyBeta),
    };
    expect(fitJudge("combined", fixtures, baselines, () => {}, grids)).toEqual(fitted);
  }, 120_000);
});
