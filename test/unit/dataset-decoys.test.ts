import { describe, expect, it } from "vitest";
import { getWordNet } from "../../server/lexicon/wordnet";
import { loadDataset } from "../../server/dataset/load-dataset";
import { categorySenses } from "../../server/dataset/word-senses";
import { decoysFor, derivationFamilies, forbiddenDecoyTest, isForbiddenDecoy, MIN_DECOYS, STORED_DECOYS } from "../../server/dataset/decoys";
import { inflectionBases } from "../../server/dataset/merge-responses";
import { spellingKey } from "../../server/dataset/spelling";

const wn = getWordNet();
const dataset = loadDataset();

describe("stored decoys, for every category", () => {
  it.each(dataset.categories.map((c) => [c.category, c] as const))("%s", (_, entry) => {
    const { category, words, decoys } = entry;
    expect(decoys.length).toBeGreaterThanOrEqual(MIN_DECOYS);
    expect(decoys.length).toBe(STORED_DECOYS);
    expect(new Set(decoys).size).toBe(decoys.length);
    const isForbidden = forbiddenDecoyTest(category, words, wn);
    const wordKeys = new Set(words.flatMap((w) => [spellingKey(w), ...inflectionBases(w, wn).map(spellingKey)]));
    for (const decoy of decoys) {
      expect(decoy).toMatch(/^[a-z]+$/);
      expect(decoy).not.toBe(category);
      expect(spellingKey(category)).not.toContain(spellingKey(decoy));
      expect(wordKeys.has(spellingKey(decoy))).toBe(false);
      for (const base of inflectionBases(decoy, wn)) expect(wordKeys.has(spellingKey(base))).toBe(false);
      expect(isForbidden(decoy)).toBe(false);
    }
  });
});

describe("decoy construction", () => {
  const grid = ["dog", "cat", "horse", "cow", "sheep", "pig", "lion", "tiger"];

  it("keeps only terms several grid words propose, none dominated by one word", () => {
    const result = decoysFor("animal", grid, wn);
    expect(result.decoys.length).toBe(STORED_DECOYS);
    for (const candidate of result.candidates) {
      expect(candidate.support.length).toBeGreaterThanOrEqual(2);
      expect(candidate.weight).toBeGreaterThan(0);
    }
    // "canine" is dog's hypernym alone: it would single the dog out.
    expect(result.candidates.map((c) => c.term)).not.toContain("canine");
    expect(result.decoys).toContain("mammal");
  });

  it("never proposes the category, a grid word, an inflection of one, or a term containing one", () => {
    expect(isForbiddenDecoy("animals", "animal", grid, wn)).toBe(true);
    expect(isForbiddenDecoy("dogs", "animal", grid, wn)).toBe(true);
    expect(isForbiddenDecoy("sheepdog", "animal", grid, wn)).toBe(true);
    expect(isForbiddenDecoy("lioness", "animal", grid, wn)).toBe(true);
    expect(isForbiddenDecoy("cattle", "animal", grid, wn)).toBe(true); // contains "cat"
    expect(isForbiddenDecoy("livestock", "animal", grid, wn)).toBe(false);
    expect(isForbiddenDecoy("mammal", "animal", grid, wn)).toBe(false);
    // A token of a multi-word category counts as the category.
    expect(isForbiddenDecoy("instrument", "musical instrument", ["violin", "guitar"], wn)).toBe(true);
  });

  it("treats derivations and names of one synset as one word, so a term they alone propose is dropped", () => {
    const families = derivationFamilies(["happy", "happiness", "sad"], wn);
    expect(families.get("happy")).toBe(families.get("happiness"));
    expect(families.get("sad")).not.toBe(families.get("happy"));
    const words = ["plane", "aeroplane", "car"];
    const bySense = derivationFamilies(words, wn, categorySenses("vehicle", words, wn));
    expect(bySense.get("plane")).toBe(bySense.get("aeroplane"));
    const emotion = decoysFor("emotion", ["sad", "happy", "angry", "anger", "sadness", "happiness", "love"], wn);
    expect(emotion.candidates.map((c) => c.term)).not.toContain("joy");
  });

  it("chooses the sense the category means", () => {
    const senses = categorySenses("animal", ["tiger", "dog", "cat"], wn);
    expect(senses[0]!.lexFile).toBe("noun.animal");
    expect(categorySenses("vehicle", ["bus", "car", "van"], wn)[0]!.lemmas).toContain("autobus");
  });

  it("is deterministic and fills up from the category itself when the grid proposes little", () => {
    const words = ["adjective", "noun", "verb", "adverb", "pronoun"];
    const first = decoysFor("type of word", words, wn);
    expect(decoysFor("type of word", words, wn)).toEqual(first);
    expect(first.decoys.length).toBe(STORED_DECOYS);
    expect(first.categoryLevel).toBeGreaterThan(0);
  });
});
