import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { getRelatedness } from "../../server/lexicon/relatedness";
import { SenseVectors } from "../../server/lexicon/sense-vectors";
import { getWordVectors } from "../../server/lexicon/vectors/word-vectors";

const dataset = loadDataset();
const relatedness = getRelatedness();
const vectors = getWordVectors();
const senses = new SenseVectors(relatedness, vectors);
const gridOf = (category: string) => relatedness.grid(category, dataset.categories.find((c) => c.category === category)!.words);

describe("sense vectors: a grid word read through its WordNet senses' lemmas and glosses", () => {
  it("finds what the word's gloss says where the word's own vector does not: mind → psychology (\"the science of mental life\")", () => {
    const grid = gridOf("academic subject");
    const others = grid.words.filter((w) => w !== "psychology");
    const best = Math.max(...others.map((w) => senses.cosine("mind", w, grid)));
    expect(senses.cosine("mind", "psychology", grid)).toBeGreaterThan(best);
  });

  it("reads the sense that fits the category: tiger among animals is the cat, not the fierce person", () => {
    const animals = gridOf("animal");
    expect(senses.cosine("stripes", "tiger", animals)).toBeGreaterThan(senses.cosine("fierce", "tiger", animals));
  });

  it("gives unit vectors, and 0 for a clue or word it cannot read", () => {
    const grid = gridOf("animal");
    const v = senses.of("tiger", grid)!;
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect(senses.cosine("zqxjvw", "tiger", grid)).toBe(0);
    expect(senses.cosine("stripes", "zqxjvw", grid)).toBe(0);
  });

  it("is deterministic: a fresh model gives the same cosines whatever was read before", () => {
    const grid = gridOf("animal");
    const a = new SenseVectors(relatedness, vectors);
    const b = new SenseVectors(relatedness, vectors);
    b.cosine("mane", "lion", grid);
    expect(a.cosine("stripes", "tiger", grid)).toBe(b.cosine("stripes", "tiger", grid));
  });
});
