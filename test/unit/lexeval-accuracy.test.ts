import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { CLUE_SETS, readClueFile, readClueFixtures } from "../../server/evaluators/lexical/clue-fixtures";
import { fixtureOutcomes, summarize, unknownFixtures } from "../../server/evaluators/lexical/fixture-accuracy";
import { createLexicalEvaluator } from "../../server/evaluators/lexical/index";
import { fileURLToPath } from "node:url";
import { clueViolation, findGridWordIn, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";

const dataset = loadDataset();

describe("the hand-written clue fixtures", () => {
  it.each(CLUE_SETS)("%s: at least 100 clues, both splits, all on the dataset's words, none containing a grid word", (set) => {
    const rows = readClueFixtures(set);
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(rows.filter((r) => r.split === "heldout").length).toBeGreaterThanOrEqual(50);
    expect(rows.filter((r) => r.split === "tune").length).toBeGreaterThanOrEqual(50);
    expect(unknownFixtures(rows, dataset)).toEqual([]);
    const keys = rows.map((r) => `${r.category}|${r.secret}|${r.clue}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of rows) {
      const words = dataset.categories.find((c) => c.category === row.category)!.words;
      expect(findGridWordIn(row.clue, words), `${row.category}/${row.secret}: "${row.clue}"`).toBeUndefined();
    }
  });

  it("the fresh set (no fit reads it): 100 legal clues on distinct dataset instances, all held-out", () => {
    const rows = readClueFile(fileURLToPath(new URL("../fixtures/clues-fresh/associative.jsonl", import.meta.url)));
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => r.split === "heldout")).toBe(true);
    expect(unknownFixtures(rows, dataset)).toEqual([]);
    expect(new Set(rows.map((r) => `${r.category}|${r.secret}`)).size).toBe(100);
    for (const row of rows) {
      const words = dataset.categories.find((c) => c.category === row.category)!.words;
      expect(clueViolation(row.clue, words, MAX_CLUE_WORDS), `${row.category}/${row.secret}: "${row.clue}"`).toBeUndefined();
    }
  });
});

// A behavioural floor a few clues below what `npm run bench:evaluator` measures on the held-out
// split (docs/LEXICAL.md: chameleon 94.3% / 77.1%, ally 89.8% / 79.2%) and far above chance (1/12 ≈ 8%
// for the chameleon, 1/6 ≈ 17% for the ally): losing a signal, or breaking sense weighting or gloss
// matching, or the vectors' post-processing, falls through it (without the word associations the ally
// reads 86.4% / 74.3%; WordNet alone reads 63.4% of the associative clues).
const FLOORS = {
  synonym: { chameleon: 0.91, ally: 0.87 },
  associative: { chameleon: 0.73, ally: 0.76 },
} as const;

describe("the lexical judge on held-out clues", () => {
  const evaluator = createLexicalEvaluator();
  it.each(CLUE_SETS)("%s: beats chance by a clear margin", async (set) => {
    const rows = readClueFixtures(set).filter((r) => r.split === "heldout");
    const summary = summarize(await fixtureOutcomes(evaluator, rows, dataset));
    expect(summary.n).toBe(rows.length);
    expect(summary.chameleonTop1).toBeGreaterThan(FLOORS[set].chameleon);
    expect(summary.chameleonTop1).toBeGreaterThan(4 * summary.chameleonChance);
    expect(summary.allyTop1).toBeGreaterThan(FLOORS[set].ally);
    expect(summary.allyTop1).toBeGreaterThan(2 * summary.allyChance);
  });
});
