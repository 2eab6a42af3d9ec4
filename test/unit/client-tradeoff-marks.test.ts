import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { labelBox, markBox, tradeoffMarks } from "../../client/charts/tradeoff-points";
import type { ClueScoreRow } from "../../client/model/scores";

const row = (index: number, utility: number, leakage: number, byChameleon = false): ClueScoreRow => ({
  index,
  playerId: `p${index}`,
  clue: `clue${index}`,
  byChameleon,
  fallback: false,
  utility,
  leakage,
  softScore: null,
  cumulativeLeakage: null,
  leakageMeaningless: byChameleon,
  utilityAvailable: true,
  failures: [],
  scored: true,
  byEvaluator: [],
});

const overlap = (a: ReturnType<typeof labelBox>, b: ReturnType<typeof labelBox>) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

describe("the clue scatter's labels", () => {
  it("names every clue once, and clues at one place share a mark", () => {
    const marks = tradeoffMarks([row(0, 0, 0), row(1, 0, 0), row(2, 80, 10), row(3, 0, 0, true)], (id) => id);
    expect(marks.map((m) => [m.label, m.chameleon])).toEqual([
      ["1, 2", false],
      ["3", false],
      ["4", true],
    ]);
  });

  it("never lets two labels overprint, nor a label cover another mark, wherever eight clues fall", () => {
    const point = fc.record({ u: fc.integer({ min: 0, max: 100 }), l: fc.integer({ min: 0, max: 100 }), cham: fc.boolean() });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 8 }), (points) => {
        const marks = tradeoffMarks(points.map((p, i) => row(i, p.u, p.l, p.cham)), (id) => id);
        const numbers = marks.flatMap((m) => m.label.split(", ").map(Number)).sort((a, b) => a - b);
        expect(numbers).toEqual(points.map((_, i) => i + 1));
        const boxes = marks.map((m) => labelBox(m, m.side));
        for (const [i, a] of boxes.entries()) {
          for (const [j, b] of boxes.entries()) if (i < j) expect(overlap(a, b)).toBe(false);
          for (const [j, m] of marks.entries()) if (i !== j) expect(overlap(a, markBox(m))).toBe(false);
        }
      }),
      { numRuns: 300, seed: 32 },
    );
  });
});
