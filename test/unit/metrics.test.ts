import { describe, expect, it } from "vitest";
import { argmaxSet, averageOverEvaluators, binaryScoreOf, leakageOf, meanScores, scoreMessage, softScoreOf, utilityOf } from "../../shared/sneak/metrics";
import type { Judgement } from "../../shared/sneak/types";

const judgement = (options: string[], probabilities: number[]): Judgement => ({ options, probabilities, coverage: 1, flags: [] });

describe("normalized utility and leakage", () => {
  it("is 0 at chance and 1 at certainty for |M| = 6 and |W| = 12", () => {
    expect(utilityOf(1 / 6, 6)).toBeCloseTo(0, 12);
    expect(utilityOf(1, 6)).toBe(1);
    expect(leakageOf(1 / 12, 12)).toBeCloseTo(0, 12);
    expect(leakageOf(1, 12)).toBe(1);
  });

  it("matches hand-computed values for other set sizes", () => {
    // |M| = 4: (0.5 - 0.25) / 0.75 = 1/3
    expect(utilityOf(0.5, 4)).toBeCloseTo(1 / 3, 12);
    // |W| = 10: (0.28 - 0.1) / 0.9 = 0.2
    expect(leakageOf(0.28, 10)).toBeCloseTo(0.2, 12);
    // |W| = 8: (0.5 - 0.125) / 0.875 = 3/7
    expect(leakageOf(0.5, 8)).toBeCloseTo(3 / 7, 12);
  });

  it("needs at least two options: with one, chance is certainty and the score would be 0/0", () => {
    expect(() => utilityOf(1, 1)).toThrow(/at least 2 options, got 1/);
    expect(() => leakageOf(0.5, 0)).toThrow(RangeError);
    // Two options (a clue and one decoy) is the smallest set the metric is defined on: (0.75 − 0.5) / 0.5.
    expect(utilityOf(0.75, 2)).toBeCloseTo(0.5, 12);
  });

  it("clips below-chance probabilities at 0", () => {
    expect(utilityOf(0.05, 6)).toBe(0);
    expect(leakageOf(0, 12)).toBe(0);
  });

  it("SoftScore is utility times one minus leakage", () => {
    expect(softScoreOf(0.8, 0.25)).toBeCloseTo(0.6, 12);
    expect(softScoreOf(1, 1)).toBe(0);
  });
});

describe("BinaryScore with set semantics", () => {
  it("counts a tie at the top as the argmax for every tied option", () => {
    expect([...argmaxSet([0.4, 0.4, 0.2])]).toEqual([0, 1]);
    // Floating-point noise from merging token variants is still a tie.
    expect([...argmaxSet([0.1 + 0.2, 0.3, 0.2])]).toEqual([0, 1]);
    expect([...argmaxSet([0.4001, 0.4, 0.1999])]).toEqual([0]);
    // Real message tied for first with a decoy: still in the argmax. Secret tied for first: it leaks.
    expect(binaryScoreOf([0.4, 0.4, 0.2], 1, [0.5, 0.5], 0)).toBe(0);
    expect(binaryScoreOf([0.4, 0.4, 0.2], 1, [0.3, 0.7], 0)).toBe(1);
  });

  it("takes a judge that gives every option 0 as undecided: all of them tie at the top", () => {
    expect([...argmaxSet([0, 0, 0])]).toEqual([0, 1, 2]);
    // So the secret is among the chameleon's top picks: the clue does not earn a BinaryScore of 1.
    expect(binaryScoreOf([0.9, 0.1], 0, [0, 0], 1)).toBe(0);
  });

  it("tolerates rounding noise relative to the top probability (1e-9 of it), not a real difference", () => {
    // 0.5 and 0.5 − 1e-9 differ by twice the tolerance at that height: two options, one top pick.
    expect([...argmaxSet([0.5, 0.5 - 1e-9])]).toEqual([0]);
    expect([...argmaxSet([0.5, 0.5 - 1e-10])]).toEqual([0, 1]);
  });

  it("is 0 when the ally prefers a decoy", () => {
    expect(binaryScoreOf([0.6, 0.4], 1, [0.1, 0.9], 0)).toBe(0);
  });
});

describe("scoreMessage", () => {
  it("reads p_ally and p_cham by option text, whatever the shuffled order", () => {
    const ally = judgement(["d1", "clue", "d2", "d3", "d4", "d5"], [0.1, 0.5, 0.1, 0.1, 0.1, 0.1]);
    const words = ["a", "b", "c", "d", "secret", "f", "g", "h", "i", "j", "k", "l"];
    const chamProbabilities = words.map((w) => (w === "secret" ? 0.34 : 0.06));
    const scores = scoreMessage(ally, "clue", judgement(words, chamProbabilities), "secret");
    expect(scores.pAlly).toBe(0.5);
    expect(scores.utility).toBeCloseTo((0.5 - 1 / 6) / (5 / 6), 12); // 0.4
    expect(scores.leakage).toBeCloseTo((0.34 - 1 / 12) / (11 / 12), 12); // 0.28
    expect(scores.softScore).toBeCloseTo(0.4 * (1 - 0.28), 12);
    expect(scores.binaryScore).toBe(0); // the secret is the chameleon's top pick
  });

  it("refuses to score a failed judgement rather than calling it 0, and says which failure", () => {
    const failed: Judgement = { options: ["a", "b"], probabilities: [], coverage: 0, failure: "no label", flags: [] };
    expect(() => scoreMessage(failed, "a", judgement(["x", "y"], [0.5, 0.5]), "x")).toThrow(/failed judgement: no label/);
    const chameleonFailed: Judgement = { options: ["x", "y"], probabilities: [], coverage: 0, failure: "timed out", flags: [] };
    expect(() => scoreMessage(judgement(["a", "b"], [0.5, 0.5]), "a", chameleonFailed, "x")).toThrow(/failed judgement: timed out/);
  });

  it("scores a message or a secret shown first, and refuses one that was not shown rather than reading no probability", () => {
    const ally = judgement(["clue", "d1"], [0.75, 0.25]);
    const chameleon = judgement(["secret", "w2", "w3", "w4"], [0.25, 0.25, 0.25, 0.25]);
    const first = scoreMessage(ally, "clue", chameleon, "secret");
    expect(first.utility).toBeCloseTo(0.5, 12);
    expect(first.leakage).toBe(0);
    expect(() => scoreMessage(ally, "other", chameleon, "secret")).toThrow(/message "other" is not among the ally's options/);
    expect(() => scoreMessage(ally, "clue", chameleon, "other")).toThrow(/secret "other" is not among the chameleon's options/);
  });
});

describe("aggregation", () => {
  it("averages over evaluators, skipping failed ones", () => {
    const a = { pAlly: 1, pCham: 0, utility: 1, leakage: 0, softScore: 1, binaryScore: 1 };
    const b = { pAlly: 0, pCham: 1, utility: 0, leakage: 1, softScore: 0, binaryScore: 0 };
    expect(averageOverEvaluators([a, b, null])).toEqual({ utility: 0.5, leakage: 0.5, softScore: 0.5, binaryScore: 0.5 });
    expect(averageOverEvaluators([null])).toBeNull();
  });

  it("gives NaN, not 0, for no data", () => {
    expect(meanScores([]).utility).toBeNaN();
  });
});
