import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { letterDistribution, letterOfReply, letterOfToken, logSumExp, optionLetters, sampledDistribution, LOW_COVERAGE_THRESHOLD } from "../../shared/sneak/labels";

const lp = (p: number) => Math.log(p);

describe("letterOfToken", () => {
  it.each([
    ["A", "A"],
    [" A", "A"],
    ["A.", "A"],
    ["(A", "A"],
    ["A)", "A"],
    ["▁A", "A"],
    ["ĠA", "A"],
    ["**A", "A"],
    ["a", "A"],
    ["\nb:", "B"],
    ["А", "A"], // Cyrillic
    ["В", "B"], // Cyrillic Ve looks like B
    ["Β", "B"], // Greek Beta
    ["С", "C"], // Cyrillic Es
  ])("%j → %s", (token, letter) => {
    expect(letterOfToken(token)).toBe(letter);
  });

  it.each(["**", "The", "", " ", "AB", "1", "é", "ß"])("%j is not a letter", (token) => {
    expect(letterOfToken(token)).toBeNull();
  });
});

describe("letterDistribution", () => {
  it("merges variants by log-sum-exp, records coverage before renormalising, floors a missing letter", () => {
    const top = [
      { token: "A", logprob: lp(0.4) },
      { token: " A", logprob: lp(0.2) },
      { token: "B", logprob: lp(0.1) },
      { token: "▁B", logprob: lp(0.05) },
      { token: "(C", logprob: lp(0.1) },
      { token: "**", logprob: lp(0.08) },
    ];
    const d = letterDistribution(top, optionLetters(4));
    // A = .6, B = .15, C = .1; listed total .93, leftover .07; D gets min(.05, .07 / 1) = .05.
    expect(d.coverage).toBeCloseTo(0.85, 12);
    expect(d.imputed).toEqual(["D"]);
    const total = 0.6 + 0.15 + 0.1 + 0.05;
    const expected = [0.6 / total, 0.15 / total, 0.1 / total, 0.05 / total];
    d.probabilities.forEach((p, i) => expect(p).toBeCloseTo(expected[i], 12));
    expect(d.flags).toEqual(["imputed-letters"]);
    expect(d.failure).toBeUndefined();
  });

  it("shares the leftover mass when it is smaller than the least listed token", () => {
    const top = [
      { token: "A", logprob: lp(0.7) },
      { token: "B", logprob: lp(0.26) },
    ];
    const d = letterDistribution(top, optionLetters(4));
    // leftover .04 over 2 missing letters = .02 each (< smallest listed .26)
    const total = 0.7 + 0.26 + 0.04;
    expect(d.probabilities[0]).toBeCloseTo(0.7 / total, 12);
    expect(d.probabilities[2]).toBeCloseTo(0.02 / total, 12);
    expect(d.probabilities[3]).toBeCloseTo(0.02 / total, 12);
    expect(d.coverage).toBeCloseTo(0.96, 12);
  });

  it("folds lower case, markdown and look-alikes into the same letter", () => {
    const top = [
      { token: "**B", logprob: lp(0.3) },
      { token: "b", logprob: lp(0.1) },
      { token: "Β", logprob: lp(0.1) }, // Greek
      { token: "A.", logprob: lp(0.5) },
    ];
    const d = letterDistribution(top, ["A", "B"]);
    expect(d.probabilities[0]).toBeCloseTo(0.5 / 1.0, 12);
    expect(d.probabilities[1]).toBeCloseTo(0.5 / 1.0, 12);
    expect(d.coverage).toBeCloseTo(1, 12);
    expect(d.flags).toEqual([]);
  });

  it("does not count letters beyond the options towards coverage", () => {
    const d = letterDistribution(
      [
        { token: "A", logprob: lp(0.3) },
        { token: "B", logprob: lp(0.3) },
        { token: "Z", logprob: lp(0.4) },
      ],
      ["A", "B"],
    );
    expect(d.coverage).toBeCloseTo(0.6, 12);
    expect(d.probabilities).toEqual([0.5, 0.5]);
  });

  it("flags coverage under the threshold", () => {
    const d = letterDistribution(
      [
        { token: "**", logprob: lp(0.7) },
        { token: "A", logprob: lp(0.2) },
        { token: "B", logprob: lp(0.1) },
      ],
      ["A", "B"],
    );
    expect(d.coverage).toBeLessThan(LOW_COVERAGE_THRESHOLD);
    expect(d.flags).toContain("low-coverage");
    expect(d.probabilities[0]).toBeCloseTo(2 / 3, 12);
  });

  it("is a parsing failure, not a zero, when no option letter is listed", () => {
    const d = letterDistribution([{ token: "The", logprob: lp(0.9) }, { token: "**", logprob: lp(0.1) }], ["A", "B", "C"]);
    expect(d.failure).toMatch(/no option letter/);
    expect(d.probabilities).toEqual([]);
    expect(letterDistribution([], ["A", "B"]).failure).toBeDefined();
  });

  it("makes any missing letter a failure under the strict rule", () => {
    const d = letterDistribution([{ token: "A", logprob: lp(0.9) }], ["A", "B"], "fail");
    expect(d.failure).toMatch(/missing.*B/);
  });

  it("ignores non-finite and positive logprobs", () => {
    const d = letterDistribution(
      [
        { token: "A", logprob: Number.NaN },
        { token: "A", logprob: 0.5 },
        { token: "B", logprob: lp(0.5) },
      ],
      ["A", "B"],
    );
    expect(d.imputed).toEqual(["A"]);
    expect(d.coverage).toBeCloseTo(0.5, 12);
  });

  it("keeps the vLLM floor value -9999 as ~0 mass", () => {
    const d = letterDistribution(
      [
        { token: "A", logprob: 0 },
        { token: "B", logprob: -9999 },
      ],
      ["A", "B"],
    );
    expect(d.probabilities[0]).toBe(1);
    expect(d.probabilities[1]).toBe(0);
  });
});

describe("logSumExp", () => {
  it("adds probabilities in log space", () => {
    expect(Math.exp(logSumExp([lp(0.25), lp(0.5)]))).toBeCloseTo(0.75, 14);
    expect(logSumExp([-Infinity])).toBe(-Infinity);
    expect(logSumExp([-1000, -1000])).toBeCloseTo(-1000 + Math.log(2), 10);
  });
});

describe("letterOfReply (generation fallback)", () => {
  const letters = optionLetters(12);
  it.each([
    ["B", "B"],
    [" **C**", "C"],
    ["(d)", "D"],
    ["E. tiger", "E"],
    ["The answer is F", "F"],
    ["Answer: **G**", "G"],
  ])("%j → %s", (reply, letter) => expect(letterOfReply(reply, letters)).toBe(letter));

  it.each(["I'm not sure", "tiger", "Z", ""])("%j names no option", (reply) => expect(letterOfReply(reply, letters)).toBeNull());

  it("builds an empirical distribution with parse coverage", () => {
    const d = sampledDistribution(["A", "B", "A", "nonsense", "A."], ["A", "B", "C"]);
    expect(d.counts).toEqual([3, 1, 0]);
    expect(d.probabilities).toEqual([0.75, 0.25, 0]);
    expect(d.coverage).toBe(0.8);
    expect(sampledDistribution(["?", "??"], ["A", "B"]).failure).toBeDefined();
  });
});

describe("optionLetters", () => {
  it("labels up to 26 options and refuses fewer than 2", () => {
    expect(optionLetters(3)).toEqual(["A", "B", "C"]);
    expect(() => optionLetters(1)).toThrow(RangeError);
    expect(() => optionLetters(27)).toThrow(RangeError);
  });
});

describe("letterDistribution properties", () => {
  // Top lists of distinct tokens whose probabilities sum to at most 1, as a server would send.
  const tokens = ["A", " B", "C.", "▁D", "(E", "**", "The", "b", "x", " c"];
  const topLists = fc
    .uniqueArray(fc.constantFrom(...tokens), { minLength: 1, maxLength: tokens.length })
    .chain((chosen) =>
      fc.array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: chosen.length, maxLength: chosen.length }).map((weights) => {
        const total = weights.reduce((a, b) => a + b, 0) * 1.05; // leave some mass unlisted
        return chosen.map((token, i) => ({ token, logprob: Math.log(weights[i] / total) }));
      }),
    );

  it("is a distribution over the options, or a failure, with coverage in [0, 1]", () => {
    fc.assert(
      fc.property(topLists, fc.integer({ min: 2, max: 5 }), (top, n) => {
        const d = letterDistribution(top, optionLetters(n));
        expect(d.coverage).toBeGreaterThanOrEqual(0);
        expect(d.coverage).toBeLessThanOrEqual(1);
        if (d.failure) {
          expect(d.probabilities).toEqual([]);
          return;
        }
        expect(d.probabilities).toHaveLength(n);
        d.probabilities.forEach((p) => expect(p).toBeGreaterThanOrEqual(0));
        expect(d.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      }),
    );
  });

  it("gives the same answer when a letter's mass is split across variant tokens", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.9, noNaN: true }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), (pA, split) => {
        const rest = (1 - pA) / 2;
        const whole = letterDistribution(
          [
            { token: "A", logprob: Math.log(pA) },
            { token: "B", logprob: Math.log(rest) },
            { token: "C", logprob: Math.log(rest) },
          ],
          ["A", "B", "C"],
        );
        const parts = letterDistribution(
          [
            { token: "A", logprob: Math.log(pA * split) },
            { token: " A", logprob: Math.log(pA * (1 - split)) },
            { token: "B", logprob: Math.log(rest) },
            { token: "C", logprob: Math.log(rest) },
          ],
          ["A", "B", "C"],
        );
        parts.probabilities.forEach((p, i) => expect(p).toBeCloseTo(whole.probabilities[i], 12));
        expect(parts.coverage).toBeCloseTo(whole.coverage, 12);
      }),
    );
  });

  it("never gives an imputed letter more than a listed one", () => {
    fc.assert(
      fc.property(topLists, (top) => {
        const letters = optionLetters(5);
        const d = letterDistribution(top, letters);
        if (d.failure || d.imputed.length === 0) return;
        const listed = letters.map((l, i) => (d.imputed.includes(l) ? null : d.probabilities[i])).filter((p): p is number => p !== null);
        const imputed = d.imputed.map((l) => d.probabilities[letters.indexOf(l)]);
        for (const p of imputed) expect(p).toBeLessThanOrEqual(Math.min(...listed) + 1e-12);
      }),
    );
  });
});
