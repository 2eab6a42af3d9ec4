import { describe, expect, it } from "vitest";
import { pearsonOf } from "../../server/export/bootstrap";
import { bootstrapEstimate, fleissKappa, freeMarginalKappa, meanOf, pairwiseAgreement, pluralityOf, strictMajorityOf, tieBrokenAgreement, topOptionsOf } from "../../server/studies/statistics";

/**
 * Fleiss (1971), Table 1: 30 patients, each diagnosed by 6 psychiatrists into 5 categories (depression,
 * personality disorder, schizophrenia, neurosis, other); cell = how many of the six chose it. Transcribed
 * from the paper by the quadagree R package (data_raw/fleiss1971.csv) and shipped as `diagnoses` in R's irr,
 * whose kappam.fleiss gives κ = 0.430 and per-category κ 0.245, 0.245, 0.520, 0.471, 0.566 (the same
 * figures as the paper's own κ = .430).
 */
const FLEISS_1971 = `
,,,6,|,3,,,3|,1,4,,1|,,,,6|,3,,3,|2,,4,,|,,4,,2|2,,3,1,|2,,,4,|,,,,6|1,,,5,|1,1,,4,|,3,3,,|1,,,5,|,2,,3,1
,,5,,1|3,,,1,2|5,1,,,|,2,,4,|1,,2,,3|,,,,6|,1,,5,|,2,,1,3|2,,,4,|1,,,4,1|,5,,1,|4,,,,2|,2,,4,|1,,5,,|,,,,6`
  .trim()
  .split(/[|\n]/)
  .map((row) => row.split(",").map((cell) => (cell === "" ? 0 : Number(cell))));

/** The worked example of Wikipedia's "Fleiss' kappa" article: 10 subjects, 14 raters, 5 categories, P̄ = 0.378, P̄e = 0.213, κ = 0.210. */
const WIKIPEDIA_EXAMPLE = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
];

describe("Fleiss' kappa", () => {
  it("gives Fleiss (1971)'s own κ = 0.430 and per-category κ_j on his Table 1", () => {
    expect(FLEISS_1971).toHaveLength(30);
    for (const row of FLEISS_1971) expect(row.reduce((a, b) => a + b, 0)).toBe(6);
    const k = fleissKappa(FLEISS_1971);
    expect(k.kappa!).toBeCloseTo(0.43, 3);
    expect(k.items).toBe(30);
    expect(k.perCategory!.map((v) => Number(v!.toFixed(3)))).toEqual([0.245, 0.245, 0.52, 0.471, 0.566]);
  });

  it("gives the published worked example: P̄ 0.378, P̄e 0.213, κ 0.210", () => {
    const k = fleissKappa(WIKIPEDIA_EXAMPLE);
    expect(k.pBar!).toBeCloseTo(0.378, 3);
    expect(k.pE!).toBeCloseTo(0.213, 3);
    expect(k.kappa!).toBeCloseTo(0.21, 3);
  });

  it("matches hand-computed small cases", () => {
    // P_i = 1, 1, 0 → P̄ = 2/3; p = (1/2, 1/2) → P̄e = 1/2; κ = (2/3 − 1/2) / (1/2) = 1/3.
    expect(fleissKappa([[2, 0], [0, 2], [1, 1]]).kappa!).toBeCloseTo(1 / 3, 12);
    // Perfect agreement on varied categories: κ = 1.
    expect(fleissKappa([[5, 0, 0], [0, 5, 0], [0, 0, 5]]).kappa).toBe(1);
    // Everyone always picks the same category: chance agreement is 1, κ undefined (never shown as 0).
    expect(fleissKappa([[3, 0], [3, 0]]).kappa).toBeNull();
    // Items with one rating say nothing about agreement and are left out.
    expect(fleissKappa([[2, 0], [0, 2], [1, 1], [1, 0]])).toMatchObject({ items: 3 });
    expect(fleissKappa([[2, 0], [0, 2], [1, 1], [1, 0]]).kappa!).toBeCloseTo(1 / 3, 12);
    // Unequal raters: item 1 (3 raters: 2, 1) P = (4 + 1 − 3) / 6 = 1/3; item 2 (2 raters: 0, 2) P = 1.
    // P̄ = 2/3; pooled p = (2/5, 3/5); P̄e = 0.16 + 0.36 = 0.52; κ = (2/3 − 0.52) / 0.48.
    const mixed = fleissKappa([[2, 1], [0, 2]]);
    expect(mixed.kappa!).toBeCloseTo((2 / 3 - 0.52) / 0.48, 12);
    expect(mixed.perCategory).toBeNull();
    expect(fleissKappa([]).kappa).toBeNull();
  });
});

/**
 * Randolph's free-marginal multirater κ (Randolph 2005), checked against the figures of Randolph's own online
 * kappa calculator as statsmodels' test suite quotes them (statsmodels.stats.inter_rater.fleiss_kappa with
 * method="randolph": test_fleis_randolph), and against Fleiss (1971)'s published P̄ = .556 on his Table 1.
 */
describe("Randolph's free-marginal multirater kappa", () => {
  it("gives the online calculator's figures (statsmodels' test cases)", () => {
    expect(freeMarginalKappa([[7, 0], [7, 0]]).kappa).toBe(1);
    expect(freeMarginalKappa([[6.99, 0.01], [6.99, 0.01]]).kappa!).toBeCloseTo(0.993343, 5);
    expect(freeMarginalKappa([[7, 1], [3, 5]]).kappa!).toBeCloseTo(0.214286, 5);
    expect(freeMarginalKappa([[7, 0], [0, 7]]).kappa).toBe(1);
    expect(freeMarginalKappa([[6, 1, 0], [0, 7, 0]]).kappa!).toBeCloseTo(0.785714, 5);
    // Fleiss's κ on the same tables, as the same tests give them: the two differ where the marginals are lopsided.
    expect(fleissKappa([[7, 1], [3, 5]]).kappa!).toBeCloseTo(0.161905, 5);
    expect(fleissKappa([[6, 1, 0], [0, 7, 0]]).kappa!).toBeCloseTo(0.708333, 5);
  });

  it("on Fleiss (1971)'s Table 1 uses his P̄ = .556 with chance 1/5: κ_free = (.556 − .2) / .8 = .444", () => {
    const k = freeMarginalKappa(FLEISS_1971);
    expect(k.pObserved!).toBeCloseTo(0.556, 3);
    expect(k.pChance).toBeCloseTo(0.2, 12);
    expect(k.kappa!).toBeCloseTo((k.pObserved! - 0.2) / 0.8, 12);
    expect(k.kappa!).toBeCloseTo(0.444, 3);
  });

  it("is the paper's kind of agreement where Fleiss' κ is not: one right option on every item", () => {
    // Five raters, six options; on every item four pick option 0 (the right message) and one a decoy.
    const items = Array.from({ length: 40 }, (_, i) => [4, ...[1, 2, 3, 4, 5].map((d) => (d === (i % 5) + 1 ? 1 : 0))]);
    // P_i = (16 + 1 − 5) / 20 = 0.6; chance 1/6; κ_free = (0.6 − 1/6) / (5/6) = 0.52.
    expect(freeMarginalKappa(items).kappa!).toBeCloseTo(0.52, 12);
    // Fleiss' pooled marginals make option 0 carry 80% of all votes, so chance ≈ observed and κ ≈ 0 or below.
    expect(fleissKappa(items).kappa!).toBeLessThan(0);
  });

  it("takes each item's own k, and leaves out items with fewer than two ratings", () => {
    // Item 1: 2 of 2 agree among 2 options (P = 1, 1/k = 1/2); item 2: 3 raters split 2–1 among 4 options (P = 1/3, 1/k = 1/4).
    const k = freeMarginalKappa([[2, 0], [2, 1, 0, 0], [1, 0, 0]], [2, 4, 3]);
    expect(k.items).toBe(2);
    expect(k.pObserved!).toBeCloseTo((1 + 1 / 3) / 2, 12);
    expect(k.pChance!).toBeCloseTo((1 / 2 + 1 / 4) / 2, 12);
    expect(pairwiseAgreement([1])).toBeNull();
    expect(freeMarginalKappa([]).kappa).toBeNull();
  });
});

describe("plurality and strict majority", () => {
  it("finds the plurality, with ties", () => {
    expect(pluralityOf([1, 3, 1, 0])).toEqual([1]);
    expect(pluralityOf([2, 2, 1])).toEqual([0, 1]);
    expect(pluralityOf([0, 0, 0])).toEqual([]);
  });

  it("finds a strict majority only above half of the votes", () => {
    expect(strictMajorityOf([3, 2])).toBe(0); // 3 of 5
    expect(strictMajorityOf([2, 2, 1])).toBeNull(); // a plurality tie
    expect(strictMajorityOf([2, 1, 1, 1])).toBeNull(); // a clear plurality but 2 of 5 is no majority
    expect(strictMajorityOf([2, 2])).toBeNull(); // exactly half is not more than half
    expect(strictMajorityOf([1, 3])).toBe(1); // 3 of 4
    expect(strictMajorityOf([0, 0])).toBeNull();
  });

  it("scores agreement of two top picks with ties broken at random", () => {
    expect(tieBrokenAgreement([2], [2])).toBe(1);
    expect(tieBrokenAgreement([2], [1])).toBe(0);
    expect(tieBrokenAgreement([1, 2], [2])).toBe(0.5);
    expect(tieBrokenAgreement([1, 2], [1, 2])).toBe(0.5);
    expect(tieBrokenAgreement([], [1])).toBe(0);
    expect(topOptionsOf([0.2, 0.5, 0.3])).toEqual([1]);
    expect(topOptionsOf([0.4, 0.4, 0.2])).toEqual([0, 1]);
  });
});

describe("Pearson's r and bootstrap intervals", () => {
  it("gives r on known vectors", () => {
    expect(pearsonOf([1, 2, 3, 4, 5], [2, 4, 6, 8, 10])!).toBeCloseTo(1, 12);
    expect(pearsonOf([1, 2, 3, 4, 5], [5, 4, 3, 2, 1])!).toBeCloseTo(-1, 12);
    expect(pearsonOf([1, 2, 3], [1, 3, 2])!).toBeCloseTo(0.5, 12);
    // x = (1..4), y = (1, 3, 2, 4): sxy = 4, sxx = syy = 5 → r = 0.8.
    expect(pearsonOf([1, 2, 3, 4], [1, 3, 2, 4])!).toBeCloseTo(0.8, 12);
    expect(pearsonOf([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it("bootstraps any statistic over items, reproducibly, around its value", () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ correct: i % 4 !== 0 ? 1 : 0 }));
    const stat = (sample: readonly { correct: number }[]) => meanOf(sample.map((s) => s.correct));
    const e = bootstrapEstimate(items, stat, "seed");
    expect(e.mean).toBeCloseTo(0.75, 12);
    expect(e.low!).toBeLessThan(0.75);
    expect(e.high!).toBeGreaterThan(0.75);
    // About ±1.96·sqrt(0.75·0.25/120) = ±0.077.
    expect(e.high! - e.low!).toBeGreaterThan(0.1);
    expect(e.high! - e.low!).toBeLessThan(0.2);
    expect(bootstrapEstimate(items, stat, "seed")).toEqual(e);
    expect(bootstrapEstimate([], stat, "seed")).toEqual({ n: 0, mean: null, low: null, high: null });
    expect(bootstrapEstimate([{ correct: 1 }], stat, "seed")).toEqual({ n: 1, mean: 1, low: null, high: null });
  });
});

describe("edge cases a study's data reaches", () => {
  it("gives Fleiss' per-category κ as undefined for a category nobody chose, and reads a short row as zeros", () => {
    const k = fleissKappa([[2, 0, 0], [0, 2, 0], [1, 1, 0]]);
    expect(k.perCategory![2]).toBeNull();
    expect(k.perCategory![0]).toBeCloseTo(1 / 3, 12);
    // A row that stops early (an option added to the study later) counts its missing cells as no votes.
    expect(fleissKappa([[2], [0, 2], [1, 1]])).toEqual(fleissKappa([[2, 0], [0, 2], [1, 1]]));
    expect(fleissKappa([])).toEqual({ kappa: null, pBar: null, pE: null, items: 0, perCategory: null });
    expect(fleissKappa([[1, 0], [0, 1]])).toMatchObject({ kappa: null, items: 0 });
    // Everyone in one category: chance agreement is certain, and so is every per-category κ's 0/0.
    expect(fleissKappa([[3, 0], [3, 0]]).perCategory).toEqual([null, null]);
  });

  it("scores no agreement when either side has no top pick", () => {
    expect(tieBrokenAgreement([1], [])).toBe(0);
    expect(tieBrokenAgreement([], [])).toBe(0);
  });

  it("finds the top options with a relative tolerance, and none in an empty list", () => {
    expect(topOptionsOf([])).toEqual([]);
    expect(topOptionsOf([0.5, 0.5 - 1e-10, 0.2])).toEqual([0, 1]);
    expect(topOptionsOf([0.5, 0.5 - 1e-8, 0.2])).toEqual([0]);
    expect(topOptionsOf([0.5, 0.5 - 1e-9, 0.2])).toEqual([0]);
    expect(topOptionsOf([0, 0])).toEqual([0, 1]);
    expect(meanOf([])).toBeNull();
    expect(meanOf([1, 2, 6])).toBe(3);
  });

  it("reports the 2.5th and 97.5th percentiles of the resampled values, rounded outward", () => {
    // A statistic that returns 0, 1, 2, … on successive calls: the point value is 0, the resamples are 1..101.
    let calls = 0;
    const counter = () => calls++;
    const e = bootstrapEstimate([1, 2, 3], counter, "seed", 101);
    // Sorted resamples 1..101: index ⌊0.025 × 100⌋ = 2 holds 3, index ⌈0.975 × 100⌉ = 98 holds 99.
    expect(e).toEqual({ n: 3, mean: 0, low: 3, high: 99 });
    // With 40 resamples: index ⌊0.025 × 39⌋ = 0 and ⌈0.975 × 39⌉ = 39, the extremes.
    calls = 0;
    expect(bootstrapEstimate([1, 2, 3], counter, "seed", 40)).toEqual({ n: 3, mean: 0, low: 1, high: 40 });
  });

  it("resamples as many items as the data holds, gives two items an interval, and no items no value", () => {
    const size = (sample: readonly number[]) => sample.length;
    expect(bootstrapEstimate([4, 5, 6, 7], size, "seed", 50)).toEqual({ n: 4, mean: 4, low: 4, high: 4 });
    expect(bootstrapEstimate([0, 1], (sample) => meanOf(sample), "seed", 200)).toMatchObject({ n: 2, mean: 0.5, low: 0, high: 1 });
    expect(bootstrapEstimate([], () => 0, "seed")).toEqual({ n: 0, mean: null, low: null, high: null });
    // Undefined on the data itself (here: defined only when a value repeats): no value, so no interval either.
    const onRepeats = (sample: readonly number[]) => (new Set(sample).size < sample.length ? 1 : null);
    expect(bootstrapEstimate([1, 2, 3], onRepeats, "seed", 50)).toEqual({ n: 3, mean: null, low: null, high: null });
  });

  it("gives no interval when the statistic is undefined on most resamples, and leaves out the ones it cannot compute", () => {
    let calls = 0;
    const mostlyUndefined = () => (calls++ % 3 === 0 ? 0.5 : null);
    expect(bootstrapEstimate([1, 2, 3], mostlyUndefined, "seed", 100)).toEqual({ n: 3, mean: 0.5, low: null, high: null });
    let n = 0;
    // Every other resample is not a number: the interval is taken over the others (all 0.5).
    const halfNaN = () => (n++ % 2 === 0 ? 0.5 : Number.NaN);
    expect(bootstrapEstimate([1, 2, 3], halfNaN, "seed", 100)).toEqual({ n: 3, mean: 0.5, low: 0.5, high: 0.5 });
  });
});

