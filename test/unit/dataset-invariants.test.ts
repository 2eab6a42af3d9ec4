import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getWordNet } from "../../server/lexicon/wordnet";
import { DEFAULT_DATASET_PATH } from "../../server/dataset/paths";
import { loadDataset } from "../../server/dataset/load-dataset";
import { datasetJson } from "../../server/dataset/derive-dataset";
import { inflectionBases } from "../../server/dataset/merge-responses";
import { spellingKey } from "../../server/dataset/spelling";
import { sameDerivationalFamily } from "../../server/dataset/derivation-families";
import { overlapReport, paperOverlap, PAPER_LISTS } from "../../server/dataset/paper-lists";

const wn = getWordNet();
const dataset = loadDataset();

describe("the committed dataset", () => {
  it("has the 117 categories of the norms, in code-point order, in canonical formatting", () => {
    const names = dataset.categories.map((c) => c.category);
    expect(names).toHaveLength(117);
    expect(names).toEqual(names.slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(readFileSync(DEFAULT_DATASET_PATH, "utf8")).toBe(datasetJson(dataset));
    expect(dataset.description).toMatch(/sha256 [0-9a-f]{64}/);
  });

  it("gives each category 5 to 12 distinct lower-case words, no two of them the same word by the merge rule", () => {
    for (const { category, words } of dataset.categories) {
      expect(words.length, category).toBeGreaterThanOrEqual(5);
      expect(words.length, category).toBeLessThanOrEqual(12);
      for (const word of words) expect(word).toBe(word.trim().toLowerCase());
      const keys = words.map(spellingKey);
      expect(new Set(keys).size, category).toBe(words.length);
      for (const word of words) {
        for (const base of inflectionBases(word, wn)) {
          const other = words.find((w) => w !== word && spellingKey(w) === spellingKey(base));
          expect(other, `${category}: ${word} inflects to ${other}`).toBeUndefined();
        }
      }
    }
  });

  it("has no two words of one derivational family on a grid", () => {
    for (const { category, words } of dataset.categories) {
      words.forEach((a, i) => {
        for (const b of words.slice(i + 1)) expect(sameDerivationalFamily(a, b, wn), `${category}: ${a} / ${b}`).toBe(false);
      });
    }
  });

  it("holds at least 66 of the 72 words of the paper's six printed lists", () => {
    // a grid word's family, as far as the paper's words go: those the merge rule joins to it
    const overlaps = paperOverlap(dataset, (category, word) => [word, ...PAPER_LISTS[category].filter((p) => sameDerivationalFamily(word, p, wn))]);
    const shared = overlaps.reduce((n, o) => n + o.shared.length, 0);
    expect(shared).toBeGreaterThanOrEqual(66);
    // every miss is a word this release lacks, or a family the grid shows by another member
    const missing = overlaps.flatMap((o) => o.missing);
    expect(missing.sort()).toEqual(["atlantic ocean", "cadbury", "english", "french", "spanish"]);
    expect(overlaps.flatMap((o) => o.asFamily)).toEqual(["fear"]); // shown as "fearful", the more produced form
    expect(overlapReport(overlaps)).toMatch(new RegExp(`^paper's printed lists \\(Table 9\\): ${shared} of 72 words`));
    expect(dataset.categories.find((c) => c.category === "emotion")!.words).toEqual(
      expect.arrayContaining(PAPER_LISTS.emotion.filter((w) => w !== "fear")),
    );
  });

  it("keeps genuinely different words apart (maths and mathematics are both academic subjects)", () => {
    const subject = dataset.categories.find((c) => c.category === "academic subject")!;
    expect(subject.words).toContain("maths");
    const water = dataset.categories.find((c) => c.category === "body of water")!;
    expect(water.words).toContain("lake");
    expect(water.words).not.toContain("lakes");
  });
});
