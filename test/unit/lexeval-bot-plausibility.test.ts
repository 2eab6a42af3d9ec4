/**
 * The lexical bot's checks that a candidate clue is a word a player would say for the secret (real WordNet,
 * real vectors, real dataset grids). None of these instances is in the documented bot sample (seed
 * "bot-sample", docs/BOT-SAMPLE.md), which is kept for evaluation.
 */
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { clueCandidates } from "../../server/lexicon/clue-candidates";
import { ClueSenseCheck, type SecretSenses } from "../../server/lexicon/clue-sense-check";
import { fitsManyAlike, isPartOfCompound, isRival, pointsElsewhere, sharedKindDepth } from "../../server/lexicon/clue-plausibility";
import { scoredLexicalClues } from "../../server/lexicon/lexical-clue";
import { getRelatedness } from "../../server/lexicon/relatedness";
import { getWordVectors } from "../../server/lexicon/vectors/word-vectors";
import { SenseVectors } from "../../server/lexicon/sense-vectors";

const dataset = loadDataset();
const r = getRelatedness();
const wordsOf = (category: string) => dataset.categories.find((c) => c.category === category)!.words;
const gridOf = (category: string) => r.grid(category, wordsOf(category));
const candidateTexts = (category: string, secret: string, options = {}) => clueCandidates(r, gridOf(category), secret, { limit: 100, ...options }).map((c) => c.text);

/** The secret's senses as the candidates read them: the fitting ones (weight ≥ 0.5), the rest as others. */
function sensesOf(category: string, secret: string): SecretSenses {
  const grid = gridOf(category);
  const head = r.terms.of(secret).at(-1)!;
  const fitting = grid.weightsOf(head).filter((s) => s.weight >= 0.5);
  return { fitting, others: grid.weightsOf(head).filter((s) => s.weight < 0.5).map((s) => s.synset) };
}

describe("the bot's sense check", () => {
  const check = new ClueSenseCheck(new SenseVectors(r, getWordVectors()), getWordVectors());

  it("refuses a vector neighbour of another meaning of the secret's word", () => {
    // "felt" in the vectors is mostly the verb feel: its neighbours "thought", "feels" are about feeling.
    const felt = sensesOf("fabric", "felt");
    expect(check.homonyms(felt).map((s) => s.lemmas[0])).toContain("feel");
    expect(check.prefersOtherSense("thought", felt)).toBe(true);
    expect(check.prefersOtherSense("wool", felt)).toBe(false);
    const texts = candidateTexts("fabric", "felt");
    for (const feeling of ["thought", "feels", "twinge"]) expect(texts).not.toContain(feeling);
  });

  it("does not count facets of the same meaning as another meaning", () => {
    // Wool the fleece and wool the fibre are the fabric's own story, not homonyms: "sheep" stays.
    const wool = sensesOf("fabric", "wool");
    expect(check.homonyms(wool)).toEqual([]);
    expect(check.prefersOtherSense("sheep", wool)).toBe(false);
    expect(candidateTexts("fabric", "wool")).toContain("sheep");
  });
});

describe("the bot's rival check", () => {
  it("refuses another thing of the secret's kind", () => {
    // Siblings under one hypernym: thirteen and fourteen are both large integers.
    expect(isRival(r, "fourteen", sensesOf("prime number", "thirteen").fitting)).toBe(true);
    expect(candidateTexts("prime number", "thirteen")).not.toContain("fourteen");
    // Kinds of one specific kind: Democrats and Republicans are both politicians.
    const democrat = sensesOf("political system", "democrat");
    expect(sharedKindDepth(r, "republican", democrat.fitting)).toBeGreaterThanOrEqual(9);
    expect(isRival(r, "republican", democrat.fitting)).toBe(true);
  });

  it("keeps the secret's own kind, kinds of it, and words of another kind", () => {
    const horse = sensesOf("animal", "horse").fitting;
    // A pony is a kind of horse, an animal is what a horse is: neither is a rival.
    expect(sharedKindDepth(r, "pony", horse)).toBeLessThan(9);
    expect(isRival(r, "pony", horse)).toBe(false);
    expect(isRival(r, "animal", horse)).toBe(false);
    expect(isRival(r, "saddle", horse)).toBe(false);
    // Basil leaves and pesto are both flavourings, too broad a kind for pesto to be basil's rival.
    expect(isRival(r, "pesto", sensesOf("herb", "basil").fitting)).toBe(false);
  });
});

describe("the bot's check of half a compound", () => {
  it("refuses a word the secret is made of, when the rest is a word too", () => {
    expect(isPartOfCompound(r, "lip", "lipstick")).toBe(true);
    expect(isPartOfCompound(r, "bike", "motorbike")).toBe(true);
    expect(isPartOfCompound(r, "key", "keyboard")).toBe(true);
    // "devil" is not d + evil.
    expect(isPartOfCompound(r, "evil", "devil")).toBe(false);
    expect(isPartOfCompound(r, "stick", "chopsticks")).toBe(false);
    expect(candidateTexts("cosmetic", "lipstick")).not.toContain("lip");
  });
});

describe("the bot's checks against everyone's clue", () => {
  it("refuses a clue that fits several other grid words alike in WordNet and in the vectors", () => {
    // A reed sounds the clarinet, the saxophone and the bassoon as well as the oboe.
    expect(fitsManyAlike(r, gridOf("wind instrument"), "oboe", "reed")).toBe(true);
    expect(candidateTexts("wind instrument", "oboe")).not.toContain("reed");
    // Every specialist is a physician.
    expect(fitsManyAlike(r, gridOf("medical specialty"), "surgeon", "physician")).toBe(true);
    // A mane is the lion's alone.
    expect(fitsManyAlike(r, gridOf("four-legged animal"), "lion", "mane")).toBe(false);
  });

  it("refuses a clue both signals put nearer another grid word, and keeps one only the vectors misplace", () => {
    // "tool" lies nearer spear than axe in the vectors, and WordNet relates it to spear as much.
    expect(pointsElsewhere(r, gridOf("weapon"), "axe", "tool")).toBe(true);
    expect(candidateTexts("weapon", "axe")).not.toContain("tool");
    // "fin" lies nearer giraffe than fish in the vectors, but WordNet links it to fish alone.
    const animal = gridOf("animal");
    expect((getWordVectors().cosine("fin", "giraffe") ?? 0) > (getWordVectors().cosine("fin", "fish") ?? 0)).toBe(true);
    expect(pointsElsewhere(r, animal, "fish", "fin")).toBe(false);
    expect(candidateTexts("animal", "fish")).toContain("fin");
  });

  it("drops hyponyms people do not use near the secret", () => {
    // "board" (a table set for a meal) is a kind of table, but people use it near table at GloVe cosine 0.18 only.
    expect(candidateTexts("living room furniture", "table")).not.toContain("board");
    // "pagoda" for temple (0.53) stays.
    expect(candidateTexts("religious building", "temple")).toContain("pagoda");
  });
});

describe("the bot's last pool", () => {
  it("says a word from the unchecked pool rather than the category's name when the checks leave nothing", () => {
    // The crossbow's only words are ones the checks refuse ("arrow" fits the bow-like weapons alike); an arrow is still better than "weapon".
    const grid = gridOf("weapon");
    expect(clueCandidates(r, grid, "crossbow", { limit: 100 })).toEqual([]);
    expect(clueCandidates(r, grid, "crossbow", { limit: 100, relaxed: true })).toEqual([]);
    expect(candidateTexts("weapon", "crossbow", { relaxed: true, unchecked: true })).toContain("arrow");
    expect(scoredLexicalClues({ category: "weapon", words: wordsOf("weapon"), secret: "crossbow" })[0]?.text).toBe("arrow");
  });

  it("still refuses a word about another sense of the secret there", () => {
    expect(candidateTexts("fabric", "felt", { relaxed: true, unchecked: true })).not.toContain("thought");
  });
});
