import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { baselineSignals, fitJudge, fixtureSignals } from "../../server/evaluators/lexical/fit-judge";
import { FITTED_WEIGHTS } from "../../server/evaluators/lexical/signals";
import { tuningFixtures } from "../../server/evaluators/lexical/clue-fixtures";
import { WITHOUT_ASSOCIATIONS_CHAMELEON } from "../../server/lexicon/lexical-clue";

describe("the judge's fitted weights", () => {
  it("are what `npm run bench:paper -- --fit` derives from the tuning data (combined judge; and without associations, the bot's chameleon)", async () => {
    const dataset = loadDataset();
    const fixtures = fixtureSignals(tuningFixtures(), dataset);
    const baselines = await baselineSignals(dataset);
    expect(fitJudge("combined", fixtures, baselines)).toEqual(FITTED_WEIGHTS.combined);
    // The bot reads without the association signal, with the chameleon the fit gives that judge.
    const withoutAssociations = fitJudge("combined", fixtures, baselines, undefined, [0]);
    expect({ chameleonFloor: withoutAssociations.chameleonFloor, chameleonBeta: withoutAssociations.chameleonBeta }).toEqual(WITHOUT_ASSOCIATIONS_CHAMELEON);
  }, 180_000);
});
