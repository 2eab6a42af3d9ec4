/**
 * The informed bot's trade-off, the card's sense, the rule gaps the bots must respect, and how they vote: each on
 * real dataset cards (no clue list is written for them; the expectations are properties, or words the rules refuse).
 */
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { fitsCardSense } from "../../server/lexicon/card-sense";
import { kindClues } from "../../server/lexicon/clue-candidates";
import { informedCandidates, rankSuspects, scoredLexicalClues } from "../../server/lexicon/lexical-clue";
import { getRelatedness } from "../../server/lexicon/relatedness";
import { tableOutcome, readClue } from "../../server/lexicon/table-listeners";

const dataset = loadDataset();
const card = (name: string) => {
  const entry = dataset.categories.find((c) => c.category === name)!;
  return { category: name, words: entry.words.slice(0, 12) };
};

describe("the informed bot's clue", () => {
  it("is read by a panel of listeners, and aims at their mean utility times one minus their highest leakage", () => {
    const { category, words } = card("farm animal");
    const readings = readClue({ category, words, secret: "cow" }, "milk");
    expect(readings.map((r) => r.listener)).toEqual(["lexical:wordnet", "lexical:vectors", "lexical"]);
    const utility = readings.reduce((sum, r) => sum + r.utility, 0) / readings.length;
    expect(tableOutcome(readings)).toBeCloseTo(utility * (1 - Math.max(...readings.map((r) => r.leakage))), 12);
    // "milk" gives cow away to some listener; the secret leaks less when the table has heard nothing else.
    expect(Math.max(...readings.map((r) => r.leakage))).toBeGreaterThan(0.5);
  });

  it("weighs shared features: a clue the secret shares with a few grid words leaks less than its strongest associate", () => {
    const { category, words } = card("farm animal");
    const scored = scoredLexicalClues({ category, words, secret: "cow" });
    const shared = scored.filter((c) => c.sharedWith && c.sharedWith.length > 0);
    expect(shared.length).toBeGreaterThan(0);
    const milk = scored.find((c) => c.text === "milk")!;
    const leak = (c: (typeof scored)[number]) => Math.max(...c.readings.map((r) => r.leakage));
    expect(Math.min(...shared.map(leak))).toBeLessThan(leak(milk));
    // Its pick guards the secret better than the associate most people give.
    expect(leak(scored[0])).toBeLessThan(leak(milk));
  });

  it("reads a later clue's leakage together with the informed clues before it", () => {
    const { category, words } = card("animal");
    const after = scoredLexicalClues({ category, words, secret: "lion", informedClues: ["mane"], avoid: ["mane"] });
    const leakAfterMane = (clue: string) => Math.max(...readClue({ category, words, secret: "lion", informedClues: ["mane"] }, clue).map((r) => r.leakage));
    // Each candidate's readings are those of the round so far with it: a clue that adds the most to "mane" leaks most.
    for (const c of after.slice(0, 5)) expect(Math.max(...c.readings.map((r) => r.leakage))).toBeCloseTo(leakAfterMane(c.text), 12);
    expect(after[0].text).not.toBe("mane");
  });

  it("plays its level: an easy bot says what people say for the secret, a hard one guards it more than a normal one", () => {
    let easyPeople = 0;
    let normalPeople = 0;
    let hardLeak = 0;
    let normalLeak = 0;
    for (const [name, secret] of [["farm animal", "cow"], ["animal", "lion"], ["fruit", "banana"], ["bird", "owl"], ["sport", "tennis"]] as const) {
      const { category, words } = card(name);
      const [easy] = scoredLexicalClues({ category, words, secret, level: "easy" });
      const [normal] = scoredLexicalClues({ category, words, secret, level: "normal" });
      const [hard] = scoredLexicalClues({ category, words, secret, level: "hard" });
      easyPeople += easy.associated;
      normalPeople += normal.associated;
      const leak = (c: typeof normal) => Math.max(...c.readings.map((r) => r.leakage));
      hardLeak += leak(hard);
      normalLeak += leak(normal);
    }
    expect(easyPeople).toBeGreaterThan(normalPeople);
    expect(hardLeak).toBeLessThanOrEqual(normalLeak);
  });
});

describe("the card's sense", () => {
  const r = getRelatedness();
  const sense = (category: string, secret: string, clue: string) => {
    const { words } = card(category);
    return fitsCardSense(r, r.grid(category, words), secret, clue);
  };

  it("refuses clues about another sense of the secret, on the dataset's own cards", () => {
    // The ship's anchor, not the newsreader; a tree's branch, not an artery's; a sibling, not a nun; a graze on
    // the knee, not cattle grazing; weed the drug, not the garden's; the carpenter's hammer, not the gun's.
    expect(sense("part of a boat", "anchor", "reporter")).toBe(false);
    expect(sense("part of a boat", "anchor", "chain")).toBe(true);
    expect(sense("part of a tree", "branch", "arteries")).toBe(false);
    expect(sense("part of a tree", "branch", "twig")).toBe(true);
    expect(sense("family relationship", "sister", "nun")).toBe(false);
    expect(sense("family relationship", "sister", "sibling")).toBe(true);
    expect(sense("injury", "graze", "cattle")).toBe(false);
    expect(sense("drug", "weed", "fungus")).toBe(false);
    expect(sense("drug", "weed", "joint")).toBe(true);
    expect(sense("carpenter's tool", "hammer", "trigger")).toBe(false);
    expect(sense("carpenter's tool", "hammer", "nail")).toBe(true);
    expect(sense("hair colour", "ginger", "melon")).toBe(false);
    expect(sense("hair colour", "ginger", "red")).toBe(true);
  });

  it("reads a thing defined by the secret by its definition: tuff is made of volcanic ash, not of the tree", () => {
    const { words } = card("tree");
    const candidates = informedCandidates(r, r.grid("tree", words), "ash").map((c) => c.text);
    expect(candidates).not.toContain("tuff");
  });
});

describe("rule gaps the bots respect", () => {
  const r = getRelatedness();
  it("never say a word of another grid entry's name, alone or inside a compound", () => {
    const boats = card("boat");
    expect(boats.words).toContain("fishing boat");
    const speedboat = informedCandidates(r, r.grid("boat", boats.words), "speedboat").map((c) => c.text);
    expect(speedboat.filter((c) => /boat|fishing|cruise/.test(c))).toEqual([]);
    const snakes = card("snake");
    expect(snakes.words).toContain("boa constrictor");
    expect(informedCandidates(r, r.grid("snake", snakes.words), "python").map((c) => c.text)).not.toContain("boa");
  });

  it("never say a form of the kind's word already said, irregular ones included", () => {
    const grid = r.grid("positive personal quality", ["kind", "honest", "friendly", "loyal", "caring", "funny", "generous", "trustworthy"]);
    expect(kindClues(r, grid, [])).toContain("best");
    expect(kindClues(r, grid, ["good"])).not.toContain("best");
  });
});

describe("the informed vote", () => {
  it("suspects a clue about another word, not a fair clue that is merely unusual", () => {
    const { category, words } = card("drug");
    const ranked = rankSuspects({
      category,
      words,
      secret: "weed",
      clues: [
        { playerId: "human", clue: "joint" },
        { playerId: "bluffer", clue: "pills" },
        { playerId: "bot", clue: "smoke" },
      ],
      self: "me",
    });
    expect(ranked[0].playerId).toBe("bluffer");
  });
});
