import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getWordNet } from "../../server/lexicon/wordnet";
import { datasetJson, deriveDataset } from "../../server/dataset/derive-dataset";
import { DEFAULT_CSV_PATH, DEFAULT_DATASET_PATH } from "../../server/dataset/paths";

const csvPresent = existsSync(DEFAULT_CSV_PATH);
if (!csvPresent) console.log(`dataset-rebuild: skipped, the norms CSV is not at ${DEFAULT_CSV_PATH} (pass it to npm run dataset with --csv, or place it there; see data/README.md)`);

describe.skipIf(!csvPresent)("rebuilding data/sneak-dataset.json from the norms CSV", () => {
  it("gives the committed file byte for byte", () => {
    const derivation = deriveDataset(readFileSync(DEFAULT_CSV_PATH), getWordNet());
    expect(derivation.csvSha256).toBe("912b6cbd90d29b2853b54109de0cf33502cbaa39f9417b88405396549006f14e");
    expect(datasetJson(derivation.dataset)).toBe(readFileSync(DEFAULT_DATASET_PATH, "utf8"));
  }, 120_000);
});
