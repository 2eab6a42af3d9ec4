import { describe, expect, it } from "vitest";
import { buildTradeoffSvg, CHART, meanOf, pixelOf } from "../../server/benchmark/tradeoff-svg";

const plotW = CHART.width - CHART.left - CHART.right;
const plotH = CHART.height - CHART.top - CHART.bottom;

describe("tradeoff.svg", () => {
  it("maps leakage to x and utility to y over 0–100", () => {
    expect(pixelOf(0, 0)).toEqual({ x: CHART.left, y: CHART.top + plotH });
    expect(pixelOf(100, 100)).toEqual({ x: CHART.left + plotW, y: CHART.top });
    expect(pixelOf(50, 25)).toEqual({ x: CHART.left + plotW / 2, y: CHART.top + plotH * 0.75 });
  });

  it("draws one dot per point and the mean where it belongs", () => {
    const points = [
      { utility: 1, leakage: 0 },
      { utility: 0.5, leakage: 0.5 },
      { utility: 0, leakage: 0.25 },
    ];
    // mean utility 0.5, leakage 0.25
    expect(meanOf(points)).toEqual({ utility: 0.5, leakage: 0.25 });
    const svg = buildTradeoffSvg({ title: "a <b> & c", points });
    expect(svg.match(/<circle /g)).toHaveLength(3);
    const { x, y } = pixelOf(25, 50);
    expect(svg).toContain(`<circle cx="${CHART.left}" cy="${CHART.top}" r="3.5"`);
    expect(svg).toContain(`M ${x - 8} ${y} L ${x} ${y - 8}`);
    expect(svg).toContain("mean: utility 50.0, leakage 25.0");
    expect(svg).toContain("a &lt;b&gt; &amp; c");
  });

  it("labels both axes with ticks 0 to 100", () => {
    const svg = buildTradeoffSvg({ title: "t", points: [] });
    expect(svg).toContain("Leakage (×100");
    expect(svg).toContain("Utility (×100");
    for (const t of [0, 20, 40, 60, 80, 100]) expect(svg.match(new RegExp(`class="tick">${t}<`, "g"))).toHaveLength(2);
    expect(svg).not.toContain("<circle");
    expect(svg).not.toContain('class="mean"');
  });

  it("is self-contained", () => {
    const svg = buildTradeoffSvg({ title: "t", points: [{ utility: 0.3, leakage: 0.3 }] });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/href|<script|@import|url\(/);
  });
});
