import { describe, expect, it } from "vitest";
import type { AllyQuery, ChameleonQuery, Evaluator, Instance, Judgement, MessageGenerator } from "../../shared/sneak/types";
import { scoreInstance } from "../../server/benchmark/score-instance";

const WORDS = ["lion", "tiger", "bear", "wolf", "fox", "deer", "horse", "cow", "pig", "sheep", "goat", "dog"];
const instance: Instance = { id: "animals/tiger", category: "animals", words: WORDS, secret: "tiger", decoys: ["fur", "wild", "zoo", "farm", "pet"] };

/** Puts `onMessage` on the real message and `onSecret` on the secret, the rest spread evenly. */
function peakedEvaluator(id: string, onMessage: number, onSecret: number, seen: { ally: string[][]; cham: string[][] } = { ally: [], cham: [] }): Evaluator {
  const spread = (options: string[], target: string, mass: number): Judgement => ({
    options,
    probabilities: options.map((o) => (o === target ? mass : (1 - mass) / (options.length - 1))),
    coverage: 1,
    flags: [],
  });
  return {
    id,
    async ally(q: AllyQuery) {
      seen.ally.push(q.options);
      return spread(q.options, "stripes", onMessage);
    },
    async chameleon(q: ChameleonQuery) {
      seen.cham.push(q.options);
      return spread(q.options, "tiger", onSecret);
    },
  };
}

const fixed = (message: string, extra: Partial<{ invalid: string; failure: string }> = {}): MessageGenerator => ({
  id: "fixed",
  async generate() {
    return { message, ...extra };
  },
});

describe("scoreInstance", () => {
  it("scores each evaluator and averages them, with hand-computed values", async () => {
    const result = await scoreInstance(instance, fixed("stripes"), [peakedEvaluator("a", 0.5, 0.25), peakedEvaluator("b", 1 / 6, 1 / 12)], 0);
    expect(result.status).toBe("scored");
    const [a, b] = result.evaluations;
    // a: utility (0.5 − 1/6)/(5/6) = 0.4; leakage (0.25 − 1/12)/(11/12) = 2/11; the secret is the chameleon's argmax.
    expect(a.scores!.utility).toBeCloseTo(0.4, 12);
    expect(a.scores!.leakage).toBeCloseTo(2 / 11, 12);
    expect(a.scores!.softScore).toBeCloseTo(0.4 * (9 / 11), 12);
    expect(a.scores!.binaryScore).toBe(0);
    // b: uniform judges: utility 0 and leakage 0; the tie puts the secret in the chameleon's argmax, so binary 0.
    expect(b.scores!.utility).toBeCloseTo(0, 12);
    expect(b.scores!.leakage).toBeCloseTo(0, 12);
    expect(result.mean!.utility).toBeCloseTo(0.2, 12);
    expect(result.mean!.leakage).toBeCloseTo(1 / 11, 12);
    expect(result.mean!.softScore).toBeCloseTo((0.4 * 9) / 11 / 2, 12);
    expect(a.ally!.options).toHaveLength(6);
    expect(new Set(a.ally!.options)).toEqual(new Set(["stripes", ...instance.decoys]));
    expect(new Set(a.chameleon!.options)).toEqual(new Set(WORDS));
  });

  it("shows each evaluator a seeded order that depends on seed, instance and evaluator", async () => {
    const seen1 = { ally: [] as string[][], cham: [] as string[][] };
    const seen2 = { ally: [] as string[][], cham: [] as string[][] };
    await scoreInstance(instance, fixed("stripes"), [peakedEvaluator("a", 0.5, 0.25, seen1)], 7);
    await scoreInstance(instance, fixed("stripes"), [peakedEvaluator("a", 0.5, 0.25, seen2)], 7);
    expect(seen2).toEqual(seen1);
    const orders = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const seen = { ally: [] as string[][], cham: [] as string[][] };
      await scoreInstance(instance, fixed("stripes"), [peakedEvaluator("a", 0.5, 0.25, seen)], seed);
      orders.add(seen.cham[0].join(","));
    }
    expect(orders.size).toBeGreaterThan(15);
    const other = { ally: [] as string[][], cham: [] as string[][] };
    await scoreInstance(instance, fixed("stripes"), [peakedEvaluator("b", 0.5, 0.25, other)], 7);
    expect(other.cham[0]).not.toEqual(seen1.cham[0]);
  });

  it("records invalid messages without scoring them", async () => {
    const evaluator = peakedEvaluator("a", 0.5, 0.25);
    const tooLong = await scoreInstance(instance, fixed("one two three four five six"), [evaluator], 0);
    expect(tooLong.status).toBe("invalid");
    expect(tooLong.invalid).toMatch(/^clue_too_many_words/);
    expect(tooLong.evaluations).toEqual([]);
    const grid = await scoreInstance(instance, fixed("big Tigers"), [evaluator], 0);
    expect(grid.invalid).toMatch(/^clue_contains_grid_word/);
    const flagged = await scoreInstance(instance, fixed("stripes", { invalid: "clue_too_long: said the generator" }), [evaluator], 0);
    expect(flagged.invalid).toBe("clue_too_long: said the generator");
  });

  it("replaces a decoy equal to the message by the next spare one, or drops it", async () => {
    const judge = peakedEvaluator("a", 0.5, 0.25);
    const spares = ["fur", "wild", "zoo", "farm", "pet", "tiger", "cage", "meat"];
    const replaced = await scoreInstance(instance, fixed("Zoo"), [judge], 0, spares);
    expect(replaced.status).toBe("scored");
    // "tiger" is skipped: a grid word can never be a decoy.
    expect(replaced.decoyReplaced).toEqual({ decoy: "zoo", by: "cage" });
    expect(replaced.instance.decoys).toEqual(["fur", "wild", "cage", "farm", "pet"]);
    expect(new Set(replaced.evaluations[0].ally!.options)).toEqual(new Set(["Zoo", "fur", "wild", "cage", "farm", "pet"]));
    const dropped = await scoreInstance(instance, fixed("zoo"), [judge], 0);
    expect(dropped.decoyReplaced).toEqual({ decoy: "zoo", by: null });
    expect(dropped.evaluations[0].ally!.options).toHaveLength(5);
    // The fake ally puts its 0.5 on "stripes", absent here, so the message gets 0.5/4: utility clips at 0 over 5 options.
    expect(dropped.evaluations[0].scores!.utility).toBe(0);
    const plain = await scoreInstance(instance, fixed("stripes"), [judge], 0, spares);
    expect(plain.decoyReplaced).toBeUndefined();
    expect(plain.instance.decoys).toEqual(instance.decoys);
  });

  it("shows the generator the category, words and secret but not the decoys (paper §2.2)", async () => {
    let seen: Instance | undefined;
    const spy: MessageGenerator = {
      id: "spy",
      async generate(i) {
        seen = i;
        return { message: "stripes" };
      },
    };
    const result = await scoreInstance(instance, spy, [peakedEvaluator("a", 0.5, 0.25)], 0);
    expect(seen).toEqual({ ...instance, decoys: [] });
    // The ally still faces the real decoys.
    expect(new Set(result.evaluations[0].ally!.options)).toEqual(new Set(["stripes", ...instance.decoys]));
  });

  it("records generation failures, thrown or reported", async () => {
    const reported = await scoreInstance(instance, fixed("", { failure: "no-message-span" }), [peakedEvaluator("a", 0.5, 0.25)], 0);
    expect(reported).toMatchObject({ status: "generation-failure", failure: "no-message-span", mean: null });
    const thrown: MessageGenerator = { id: "x", generate: async () => Promise.reject(new Error("boom\nsecond line")) };
    const result = await scoreInstance(instance, thrown, [peakedEvaluator("a", 0.5, 0.25)], 0);
    expect(result.failure).toBe("generator-error: boom; second line");
  });

  it("counts a failed judge per evaluator and averages the others", async () => {
    const failing: Evaluator = {
      id: "broken",
      ally: async (q) => ({ options: q.options, probabilities: [], coverage: 0.1, failure: "no-letter: reply was **", flags: ["low-coverage"] }),
      chameleon: async () => Promise.reject(new Error("unexpected")),
    };
    const result = await scoreInstance(instance, fixed("stripes"), [failing, peakedEvaluator("a", 0.5, 0.25)], 0);
    expect(result.status).toBe("scored");
    expect(result.evaluations[0]).toMatchObject({ evaluator: "broken", scores: null, failure: "ally: no-letter: reply was **", flags: ["low-coverage"] });
    expect(result.mean!.utility).toBeCloseTo(0.4, 12);
    const allFailed = await scoreInstance(instance, fixed("stripes"), [failing], 0);
    expect(allFailed.status).toBe("evaluation-failure");
    expect(allFailed.mean).toBeNull();
  });

  it("lets an EndpointDownError through so the run can stop", async () => {
    const down = new Error("LLM endpoint x is unusable: 500");
    down.name = "EndpointDownError";
    const evaluator: Evaluator = { id: "llm:x", ally: async () => Promise.reject(down), chameleon: async () => Promise.reject(down) };
    await expect(scoreInstance(instance, fixed("stripes"), [evaluator], 0)).rejects.toBe(down);
  });
});
