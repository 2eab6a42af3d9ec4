import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { baselineSignals, fitJudge, fixtureSignals } from "../../server/evaluators/lexical/fit-judge";
import { FITTED_WEIGHTS } from "../../server/evaluators/lexical/signals";
import { tuningFixtures } from "../../server/evaluators/lexical/clue-fixtures";

describe("the judge's fitted weights", () => {
  it("are what `npm run bench:paper -- --fit` derives from the tuning data (combined judge)", async () => {
    const dataset = loadDataset();
    const fixtures = fixtureSignals(tuningFixtures(), dataset);
    const baselines = await baselineSignals(dataset);
    expect(fitJudge("combined", fixtures, baselines)).toEqual(FITTED_WEIGHTS.combined);
  }, 180_000);
});
