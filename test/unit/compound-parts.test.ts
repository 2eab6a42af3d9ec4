import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getWordNet } from "../../server/lexicon/wordnet";
import { COMPOUND_PARTS_PATH, compoundParts, compoundPartsModule } from "../../server/dataset/build-compound-parts";
import { isCommonWord } from "../../shared/game/word-forms";

describe("shared/game/compound-parts.ts", () => {
  it("is what npm run dataset:compound-parts derives from WordNet, byte for byte", () => {
    expect(readFileSync(COMPOUND_PARTS_PATH, "utf8")).toBe(compoundPartsModule(compoundParts(getWordNet())));
  });

  it("holds common words that form compounds and not fragments", () => {
    for (const word of ["claw", "four", "coat", "case", "fish", "side", "work"]) expect(isCommonWord(word), word).toBe(true);
    for (const fragment of ["vege", "imagi", "distingui", "pavi", "thou"]) expect(isCommonWord(fragment), fragment).toBe(false);
  });
});
