/**
 * The lexical bot's refusal of broad kinds and of definition nouns the grid shares, and its last resort before the category's name (real WordNet,
 * real vectors, real dataset grids). None of these instances is in the documented bot sample (seed
 * "bot-sample", docs/BOT-SAMPLE.md), which is kept for evaluation.
 */
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { isBroadKind } from "../../server/lexicon/broad-kinds";
import { clueCandidates } from "../../server/lexicon/clue-candidates";
import { scoredLexicalClues } from "../../server/lexicon/lexical-clue";
import { getRelatedness } from "../../server/lexicon/relatedness";

const dataset = loadDataset();
const r = getRelatedness();
const wordsOf = (category: string) => dataset.categories.find((c) => c.category === category)!.words;
const gridOf = (category: string) => r.grid(category, wordsOf(category));
const candidatesOf = (category: string, secret: string, options = {}) => clueCandidates(r, gridOf(category), secret, { limit: 100, ...options });
const textsOf = (category: string, secret: string, options = {}) => candidatesOf(category, secret, options).map((c) => c.text);

describe("broad kinds", () => {
  it("are nouns with many kinds under their commonest sense", () => {
    expect(isBroadKind(r.wordNet, "organ")).toBe(true);
    expect(isBroadKind(r.wordNet, "room")).toBe(true);
    expect(isBroadKind(r.wordNet, "seed")).toBe(false);
    expect(isBroadKind(r.wordNet, "sheep")).toBe(false);
    // A word with no noun sense names no kind.
    expect(isBroadKind(r.wordNet, "quickly")).toBe(false);
  });

  it("are not offered from a definition", () => {
    // "a slender organ" for stem, "a suite of rooms" for apartment: true of hundreds of things.
    expect(textsOf("part of a tree", "stem")).not.toContain("organ");
    expect(textsOf("human dwelling", "apartment")).not.toContain("room");
  });

  it("are not offered as a hypernym", () => {
    expect(textsOf("healthcare profession", "optician")).not.toContain("trained worker");
    expect(textsOf("profession", "psychologist")).not.toContain("scientist");
    expect(textsOf("academic subject", "chemistry")).not.toContain("natural science");
    // A definition's specific noun stays: chemistry is the science of matter.
    expect(textsOf("academic subject", "chemistry")).toContain("matter");
  });
});

describe("a definition's noun the grid shares", () => {
  it("is not offered when the definitions of 3 other grid words use it too", () => {
    // Every breed's definition speaks of its coat; buddhism's and the other religions' of a teaching.
    expect(textsOf("breed of dog", "golden retriever")).not.toContain("coat");
    expect(textsOf("religion", "buddhism")).not.toContain("teaching");
  });

  it("is offered when it is the secret's own", () => {
    // Lamb's definition names the sheep; no other meat's does (its last pool, from which the bot says it).
    expect(candidatesOf("meat", "lamb", { relaxed: true, unchecked: true }).find((c) => c.text === "sheep")?.source).toBe("definition");
  });
});

describe("the last resort before the category's name", () => {
  it("is a word of the secret's extended gloss that people use near it", () => {
    // Nothing else survives for herring among fish; its gloss's "pickle" (pickled herring) does.
    for (const options of [{}, { relaxed: true }, { relaxed: true, unchecked: true }]) expect(candidatesOf("fish", "herring", options)).toEqual([]);
    expect(textsOf("fish", "herring", { relaxed: true, glossWords: true })).toContain("pickle");
    const best = scoredLexicalClues({ category: "fish", words: wordsOf("fish"), secret: "herring" })[0];
    expect(best?.text).toBe("pickle");
    expect(best?.source).toBe("gloss");
  });

  it("refuses a gloss word WordNet relates more to another grid word", () => {
    // The willow's gloss speaks of twigs, but WordNet ties "twig" to another tree more than to the willow.
    const grid = gridOf("tree");
    const toWillow = r.rel("twig", "willow", grid);
    expect(Math.max(...grid.words.filter((w) => w !== "willow").map((w) => r.rel("twig", w, grid)))).toBeGreaterThanOrEqual(1.05 * toWillow);
    expect(textsOf("tree", "willow", { relaxed: true, glossWords: true })).not.toContain("twig");
  });

  it("is not offered while another source has a word", () => {
    expect(candidatesOf("part of a tree", "stem").some((c) => c.source === "gloss")).toBe(false);
  });
});
