import { describe, expect, it } from "vitest";
import { getWordNet } from "../../server/lexicon/wordnet";
import { commonWords } from "../../server/lexicon/common-words";

const wn = getWordNet();

describe("WordNet reader: synsets", () => {
  it("parses the first sense of dog from its byte offset", () => {
    const dog = wn.synsetsOf("dog", "n")[0];
    expect(dog.id).toBe("n:02086723");
    expect(dog.pos).toBe("n");
    expect(dog.lexFile).toBe("noun.animal");
    expect(dog.lemmas).toEqual(["dog", "domestic dog", "canis familiaris"]);
    expect(dog.definition).toMatch(/^a member of the genus Canis/);
    expect(dog.definition).not.toContain('"');
    expect(dog.examples).toEqual(["the dog barked all night"]);
  });

  it("reads pointers with their symbols, targets and word numbers", () => {
    const dog = wn.synset("n:02086723");
    const hypernyms = dog.pointers.filter((p) => p.symbol === "@").map((p) => p.target);
    expect(hypernyms).toContain("n:02085998");
    expect(hypernyms.map((id) => wn.synset(id).lemmas[0])).toContain("canine");
    expect(dog.pointers.some((p) => p.symbol === "#m")).toBe(true);
    // "able" has a lexical antonym pointer from word 1 to word 1 of "unable".
    const able = wn.synsetsOf("able", "a")[0];
    const antonym = able.pointers.find((p) => p.symbol === "!")!;
    expect(antonym).toMatchObject({ sourceWord: 1, targetWord: 1 });
    expect(wn.synset(antonym.target).lemmas).toContain("unable");
  });

  it("keeps WordNet's sense order and covers every part of speech", () => {
    expect(wn.synsetsOf("dog", "n")).toHaveLength(7);
    expect(wn.synsetsOf("run", "v")[0].definition).toMatch(/move fast by using one's feet/);
    expect(wn.synsetsOf("happy", "a")[0].lemmas).toEqual(["happy"]);
    expect(wn.synsetsOf("quickly", "r").length).toBeGreaterThan(0);
    // No part of speech: every one, nouns first.
    const poses = wn.synsetsOf("run").map((s) => s.pos);
    expect(poses[0]).toBe("n");
    expect(poses).toContain("v");
  });

  it("reports adjective satellites as adjectives and strips syntactic markers", () => {
    const outback = wn.synsetsOf("outback", "a")[0];
    expect(outback.id).toBe("a:00020141");
    expect(outback.lemmas).toEqual(["outback", "remote"]);
    const similar = outback.pointers.find((p) => p.symbol === "&")!;
    expect(similar.target.startsWith("a:")).toBe(true);
  });

  it("handles lemmas with spaces, underscores and hyphens", () => {
    const icecream = wn.synsetsOf("ice cream")[0];
    expect(icecream.lemmas).toContain("ice cream");
    expect(wn.synsetsOf("ice_cream")[0].id).toBe(icecream.id);
    expect(wn.synsetsOf("Ice-Cream")[0].id).toBe(icecream.id);
    expect(wn.synsetsOf("ice creams", "n")[0].id).toBe(icecream.id);
  });

  it("caches parsed synsets and rejects unknown ids", () => {
    expect(wn.synset("n:02086723")).toBe(wn.synset("n:02086723"));
    expect(() => wn.synset("n:02086724")).toThrow(/unknown synset id/);
    expect(() => wn.synset("n:99999999")).toThrow(/unknown synset id/);
    expect(() => wn.synset("dog")).toThrow(/not a synset id/);
    expect(wn.synsetsOf("qwzxv")).toEqual([]);
  });

  it("answers repeated lookups from a cache without sharing the array", () => {
    const first = wn.synsetsOf("bank", "n");
    first.reverse();
    const again = wn.synsetsOf("bank", "n");
    expect(again[0].definition).toMatch(/sloping land/);
    expect(again[0]).toBe(first[first.length - 1]);
  });

  it("lists lemmas in file order and sums tag counts", () => {
    const nouns = wn.lemmas("n");
    expect(nouns.length).toBeGreaterThan(100_000);
    expect(nouns).toContain("ice cream");
    expect(nouns.indexOf("cat")).toBeLessThan(nouns.indexOf("dog"));
    expect(wn.tagCount("dog", "n")).toBeGreaterThan(wn.tagCount("dog", "v"));
    expect(wn.tagCount("dog")).toBe(wn.tagCount("dog", "n") + wn.tagCount("dog", "v"));
    expect(wn.tagCount("qwzxv")).toBe(0);
  });
});

describe("WordNet reader: morphology", () => {
  it.each([
    ["lakes", "n", "lake"],
    ["boxes", "n", "box"],
    ["churches", "n", "church"],
    ["berries", "n", "berry"],
    ["firemen", "n", "fireman"],
    ["mice", "n", "mouse"],
    ["geese", "n", "goose"],
    ["children", "n", "child"],
    ["teeth", "n", "tooth"],
    ["feet", "n", "foot"],
    ["women", "n", "woman"],
    ["people", "n", "person"],
    ["knives", "n", "knife"],
    ["wolves", "n", "wolf"],
    ["millennia", "n", "millennium"],
    ["running", "v", "run"],
    ["ran", "v", "run"],
    ["baked", "v", "bake"],
    ["walked", "v", "walk"],
    ["flies", "v", "fly"],
    ["went", "v", "go"],
    ["swam", "v", "swim"],
    ["happier", "a", "happy"],
    ["bigger", "a", "big"],
    ["better", "a", "good"],
  ] as const)("%s (%s) → %s", (word, pos, base) => {
    expect(wn.baseForms(word, pos)).toContain(base);
  });

  it("puts the word itself first when WordNet lists it", () => {
    expect(wn.baseForms("glasses", "n")).toEqual(["glasses", "glass"]);
    expect(wn.baseForms("dog")).toEqual(["dog"]);
    expect(wn.baseForms("glass", "n")).toEqual(["glass"]);
    expect(wn.baseForms("qwzxvs")).toEqual([]);
  });

  it("resolves inflected forms to the base form's synsets", () => {
    expect(wn.synsetsOf("lakes", "n").map((s) => s.id)).toEqual(wn.synsetsOf("lake", "n").map((s) => s.id));
    expect(wn.synsetsOf("ran", "v")[0].id).toBe(wn.synsetsOf("run", "v")[0].id);
  });
});

describe("common words", () => {
  it("are alphabetic single-word lemmas above the tag-count threshold, in a stable order", () => {
    const nouns = commonWords("n");
    expect(nouns.length).toBeGreaterThan(1000);
    expect(nouns).toContain("house");
    expect(nouns).not.toContain("ice cream");
    for (const word of nouns) {
      expect(word).toMatch(/^[a-z]{3,}$/);
      expect(wn.tagCount(word, "n")).toBeGreaterThanOrEqual(10);
    }
    const position = new Map(wn.lemmas("n").map((lemma, i) => [lemma, i]));
    expect([...nouns]).toEqual([...nouns].sort((a, b) => position.get(a)! - position.get(b)!));
    expect(commonWords("n")).toBe(nouns);
    expect(commonWords("n", 50).length).toBeLessThan(nouns.length);
    expect(commonWords("v")).toContain("walk");
  });
});
