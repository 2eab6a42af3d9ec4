import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { createLexicalEvaluator } from "../../server/evaluators/lexical/index";
import { softmax } from "../../server/evaluators/lexical/softmax";

const dataset = loadDataset();
const entry = (category: string) => dataset.categories.find((c) => c.category === category)!;
const evaluator = createLexicalEvaluator();
const animal = entry("animal");

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe("softmax", () => {
  it("sums to 1, keeps order of scores, and is stable for large scores", () => {
    const p = softmax([1000, 999, 0], 8);
    expect(sum(p)).toBeCloseTo(1, 12);
    expect(p[0]).toBeGreaterThan(p[1]);
    expect(p.every((x) => Number.isFinite(x))).toBe(true);
    expect(softmax([0.3, 0.3], 8)).toEqual([0.5, 0.5]);
  });
});

describe("the lexical evaluator", () => {
  it("is called lexical and answers with a distribution over the options as shown", async () => {
    expect(evaluator.id).toBe("lexical");
    const chameleon = await evaluator.chameleon({ category: "animal", options: animal.words, clues: ["mane"] });
    expect(chameleon.options).toEqual(animal.words);
    expect(chameleon.probabilities).toHaveLength(animal.words.length);
    expect(sum(chameleon.probabilities)).toBeCloseTo(1, 12);
    expect(chameleon.coverage).toBe(1);
    expect(chameleon.failure).toBeUndefined();
    expect(chameleon.options[chameleon.probabilities.indexOf(Math.max(...chameleon.probabilities))]).toBe("lion");

    const options = ["trunk", ...animal.decoys.slice(0, 5)];
    const ally = await evaluator.ally({ category: "animal", words: animal.words, secret: "elephant", options });
    expect(ally.options).toEqual(options);
    expect(sum(ally.probabilities)).toBeCloseTo(1, 12);
    expect(ally.probabilities[0]).toBe(Math.max(...ally.probabilities));
  });

  it("gives each option the same probability wherever it is shown (chameleon and ally)", async () => {
    const categories = dataset.categories.filter((_, i) => i % 9 === 0);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...categories), fc.integer({ min: 0, max: 11 }), fc.integer(), async (c, secretIndex, seed) => {
        const secret = c.words[secretIndex % c.words.length];
        const clue = c.decoys[0];
        const permute = <T,>(xs: T[]) => fc.sample(fc.shuffledSubarray(xs, { minLength: xs.length, maxLength: xs.length }), { seed, numRuns: 1 })[0];
        const words = permute(c.words);
        const a = await evaluator.chameleon({ category: c.category, options: c.words, clues: [clue] });
        const b = await evaluator.chameleon({ category: c.category, options: words, clues: [clue] });
        for (const word of c.words) expect(b.probabilities[b.options.indexOf(word)]).toBeCloseTo(a.probabilities[a.options.indexOf(word)], 12);
        const messages = [secret + "ish", ...c.decoys.slice(0, 5)];
        const shown = permute(messages);
        const x = await evaluator.ally({ category: c.category, words: c.words, secret, options: messages });
        const y = await evaluator.ally({ category: c.category, words: words, secret, options: shown });
        for (const m of messages) expect(y.probabilities[y.options.indexOf(m)]).toBeCloseTo(x.probabilities[x.options.indexOf(m)], 12);
      }),
      { numRuns: 25, seed: 7 },
    );
  });

  it("is deterministic: the same query twice, or from a fresh evaluator, gives identical numbers", async () => {
    const query = { category: "fruit", options: entry("fruit").words, clues: ["tropical", "yellow"] };
    const first = await evaluator.chameleon(query);
    const again = await createLexicalEvaluator().chameleon(query);
    expect(again.probabilities).toEqual(first.probabilities);
  });

  it("answers the same whatever it read before: every secret of a grid, a round's clues one by one, the same messages on another grid", async () => {
    // One judge reads everything in turn, as the benchmark and a game do; each answer is compared with a fresh judge's.
    const judge = createLexicalEvaluator();
    const messages = ["red", "sweet", "crunchy", "green", "garden", "salad"];
    for (const category of ["fruit", "vegetable"]) {
      const { words } = entry(category);
      for (const secret of words) {
        const query = { category, words, secret, options: messages };
        expect((await judge.ally(query)).probabilities).toEqual((await createLexicalEvaluator().ally(query)).probabilities);
      }
      for (let said = 1; said <= 4; said++) {
        const query = { category, options: words, clues: messages.slice(0, said) };
        expect((await judge.chameleon(query)).probabilities).toEqual((await createLexicalEvaluator().chameleon(query)).probabilities);
      }
    }
  });

  it("reads a clue the same whatever its case and the whitespace around it (a generator's \"Fetch\\n\" is \"fetch\")", async () => {
    const read = async (clue: string) => {
      const chameleon = await evaluator.chameleon({ category: "animal", options: animal.words, clues: [clue] });
      const ally = await evaluator.ally({ category: "animal", words: animal.words, secret: "dog", options: [clue, ...animal.decoys.slice(0, 5)] });
      return [chameleon.probabilities, ally.probabilities];
    };
    const plain = await read("fetch");
    for (const variant of ["  fetch  ", "Fetch\n", "FETCH"]) expect(await read(variant)).toEqual(plain);
  });

  it("accepts several clues at once: a second clue sharpens the first", async () => {
    const one = await evaluator.chameleon({ category: "animal", options: animal.words, clues: ["big cat"] });
    const two = await evaluator.chameleon({ category: "animal", options: animal.words, clues: ["big cat", "stripes"] });
    const p = (j: typeof one, w: string) => j.probabilities[j.options.indexOf(w)];
    expect(Math.abs(p(one, "tiger") - p(one, "lion"))).toBeLessThan(0.1);
    expect(p(two, "tiger")).toBeGreaterThan(p(one, "tiger"));
    expect(p(two, "tiger")).toBeGreaterThan(2 * p(two, "lion"));
    const none = await evaluator.chameleon({ category: "animal", options: animal.words, clues: [] });
    for (const q of none.probabilities) expect(q).toBeCloseTo(1 / animal.words.length, 12);
  });

  it("prefers the message that singles out the secret over one that fits the whole grid", async () => {
    // "mammal" fits most animals; "mane" fits the lion.
    const ally = await evaluator.ally({ category: "animal", words: animal.words, secret: "lion", options: ["mammal", "mane"] });
    expect(ally.probabilities[1]).toBeGreaterThan(ally.probabilities[0]);
  });

  it("reports a failure, not a crash, when shown nothing", async () => {
    const chameleon = await evaluator.chameleon({ category: "animal", options: [], clues: ["mane"] });
    expect(chameleon.failure).toMatch(/no words/);
    const ally = await evaluator.ally({ category: "animal", words: animal.words, secret: "lion", options: [] });
    expect(ally.failure).toMatch(/no messages/);
  });
});
