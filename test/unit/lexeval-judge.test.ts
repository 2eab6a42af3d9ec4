import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { createLexicalEvaluator, createLexicalEvaluatorForSpec } from "../../server/evaluators/lexical/index";
import { standardisedSoftmax } from "../../server/evaluators/lexical/softmax";
import { baselineFigures } from "../../server/benchmark/paper-figures";
import { readClueFixtures } from "../../server/evaluators/lexical/clue-fixtures";
import { fixtureOutcomes, summarize } from "../../server/evaluators/lexical/fixture-accuracy";
import { utilityOf } from "../../shared/sneak/metrics";

const dataset = loadDataset();
const entry = (category: string) => dataset.categories.find((c) => c.category === category)!;
const combined = createLexicalEvaluator();
const wordNetOnly = createLexicalEvaluator({ signals: "wordnet" });
const vectorsOnly = createLexicalEvaluator({ signals: "vectors" });
const argmax = (options: string[], p: number[]) => options[p.indexOf(Math.max(...p))];

describe("standardisedSoftmax", () => {
  it("depends on how scores set the options apart, not on their scale or offset", () => {
    const a = standardisedSoftmax([0.1, 0.2, 0.5], 2);
    const b = standardisedSoftmax([3 + 10 * 0.1, 3 + 10 * 0.2, 3 + 10 * 0.5], 2);
    a.forEach((p, i) => expect(b[i]).toBeCloseTo(p, 12));
    expect(a[2]).toBeGreaterThan(a[1]);
    expect(standardisedSoftmax([0.4, 0.4, 0.4], 2)).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });

  it("with a floor, a small absolute lead among low scores stays a small lead", () => {
    const weak = [0.1, 0.1, 0.1, 0.3];
    const strong = [1, 1, 1, 3];
    // Without the floor the two are the same shape; with it, only the strong lead is near certainty.
    expect(standardisedSoftmax(weak, 3)[3]).toBeCloseTo(standardisedSoftmax(strong, 3)[3], 12);
    expect(standardisedSoftmax(weak, 3, 0.3)[3]).toBeLessThan(0.7);
    expect(standardisedSoftmax(strong, 3, 0.3)[3]).toBeGreaterThan(0.95);
    expect(standardisedSoftmax([0.2, 0.2], 3, 0.1)).toEqual([0.5, 0.5]);
  });
});

describe("the judge's three builds", () => {
  it("are named by their specs, and an unknown spec is refused", () => {
    expect(createLexicalEvaluatorForSpec("lexical").id).toBe("lexical");
    expect(createLexicalEvaluatorForSpec("lexical:combined").id).toBe("lexical");
    expect(createLexicalEvaluatorForSpec("lexical:wordnet").id).toBe("lexical:wordnet");
    expect(createLexicalEvaluatorForSpec("lexical:vectors").id).toBe("lexical:vectors");
    expect(() => createLexicalEvaluatorForSpec("lexical:glove")).toThrow(/unknown lexical judge/);
    expect(wordNetOnly.weights.vectors).toBe(0);
    expect(vectorsOnly.weights.wordNet).toBe(0);
  });

  it("reads an association WordNet alone misses: carrot → rabbit among the animals", () => {
    const animal = entry("animal");
    const query = { category: "animal", options: animal.words, clues: ["carrot"] };
    expect(argmax(animal.words, wordNetOnly.chameleonJudgement(query).probabilities)).not.toBe("rabbit");
    expect(argmax(animal.words, combined.chameleonJudgement(query).probabilities)).toBe("rabbit");
  });

  it("reads associations only people hold: popeye → spinach, tears → onion", () => {
    const withoutAssociations = createLexicalEvaluator({ weights: { associations: 0 } });
    for (const [category, clue, secret] of [
      ["green vegetable", "popeye", "spinach"],
      ["vegetable", "tears", "onion"],
    ] as const) {
      const words = entry(category).words;
      const query = { category, options: words, clues: [clue] };
      expect(argmax(words, withoutAssociations.chameleonJudgement(query).probabilities), clue).not.toBe(secret);
      expect(argmax(words, combined.chameleonJudgement(query).probabilities), clue).toBe(secret);
    }
  });

  it("keeps WordNet's reading where the vectors alone go wrong: bacon → pig", () => {
    const animal = entry("animal");
    const query = { category: "animal", options: animal.words, clues: ["bacon"] };
    expect(argmax(animal.words, vectorsOnly.chameleonJudgement(query).probabilities)).not.toBe("pig");
    expect(argmax(animal.words, combined.chameleonJudgement(query).probabilities)).toBe("pig");
  });

  it("names the secret more often from held-out associative clues than WordNet alone does", async () => {
    const rows = readClueFixtures("associative").filter((r) => r.split === "heldout");
    const both = summarize(await fixtureOutcomes(combined, rows, dataset));
    const wordNet = summarize(await fixtureOutcomes(wordNetOnly, rows, dataset));
    expect(both.chameleonTop1).toBeGreaterThan(wordNet.chameleonTop1 + 0.04);
  });

  it("gives a category-level message some utility, well below a secret-level one's", async () => {
    const categories = new Set(dataset.categories.filter((_, i) => i % 6 === 0).map((c) => c.category));
    const category = await baselineFigures("category-synonym", combined, dataset, 0, categories);
    const secret = await baselineFigures("secret-synonym", combined, dataset, 0, categories);
    expect(category.all.utility).toBeGreaterThan(5);
    expect(category.all.utility).toBeLessThan(secret.all.utility - 25);
    // And it leaks about as little as a random guess would: the chameleon cannot tell the secret from it.
    expect(category.all.leakage).toBeLessThan(15);
    expect(secret.all.leakage).toBeGreaterThan(45);
  }, 60_000);

  it("commits as an LLM judge does: a clue that singles out one word gets most of the mass, an uninformative one is not read as uniform", () => {
    const animal = entry("animal");
    const mane = combined.chameleonJudgement({ category: "animal", options: animal.words, clues: ["mane"] });
    expect(mane.probabilities[animal.words.indexOf("lion")]).toBeGreaterThan(0.5);
    const vague = combined.chameleonJudgement({ category: "animal", options: animal.words, clues: ["tuesday"] });
    expect(Math.max(...vague.probabilities)).toBeGreaterThan(2 / animal.words.length);
    // The ally: the clue that singles out the secret wins over the decoys.
    const options = ["mane", ...animal.decoys.slice(0, 5)];
    const ally = combined.allyJudgement({ category: "animal", words: animal.words, secret: "lion", options });
    expect(utilityOf(ally.probabilities[0], options.length)).toBeGreaterThan(0.5);
  });

  it("is deterministic: a fresh judge, asked in another order, gives identical numbers", () => {
    const fruit = entry("fruit");
    const queries = [
      { category: "fruit", options: fruit.words, clues: ["monkey"] },
      { category: "fruit", options: fruit.words, clues: ["pie", "doctor"] },
    ];
    const first = queries.map((q) => combined.chameleonJudgement(q).probabilities);
    const fresh = createLexicalEvaluator();
    const second = [...queries].reverse().map((q) => fresh.chameleonJudgement(q).probabilities).reverse();
    expect(second).toEqual(first);
  });

  it("answers the same whether or not a grid was prepared at the deal", () => {
    const bird = entry("bird");
    const query = { category: "bird", options: bird.words, clues: ["nest"] };
    const ally = { category: "bird", words: bird.words, secret: bird.words[0], options: ["nest", ...bird.decoys.slice(0, 5)] };
    const cold = createLexicalEvaluator();
    const before = [cold.chameleonJudgement(query).probabilities, cold.allyJudgement(ally).probabilities];
    const prepared = createLexicalEvaluator();
    prepared.prepare("bird", bird.words);
    expect([prepared.chameleonJudgement(query).probabilities, prepared.allyJudgement(ally).probabilities]).toEqual(before);
  });
});
