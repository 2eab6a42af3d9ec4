/**
 * tradeoff.svg: each scored instance as a point (leakage on x, utility on y, both ×100), like the
 * paper's Figure 2, with the mean marked and SoftScore contours. Self-contained: no fonts, scripts or links.
 */
export interface TradeoffPoint {
  /** Fractions in [0, 1], as in results.jsonl. */
  utility: number;
  leakage: number;
}

export interface TradeoffChart {
  title: string;
  points: readonly TradeoffPoint[];
}

export const CHART = { width: 600, height: 480, left: 72, right: 32, top: 56, bottom: 64 } as const;
const PLOT_W = CHART.width - CHART.left - CHART.right;
const PLOT_H = CHART.height - CHART.top - CHART.bottom;

/** Pixel position of a percentage pair: x from leakage, y from utility (up is better). */
export function pixelOf(leakagePercent: number, utilityPercent: number): { x: number; y: number } {
  return { x: CHART.left + (leakagePercent / 100) * PLOT_W, y: CHART.top + PLOT_H - (utilityPercent / 100) * PLOT_H };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const r2 = (v: number) => Math.round(v * 100) / 100;

function axes(): string[] {
  const out: string[] = [];
  for (let t = 0; t <= 100; t += 20) {
    const a = pixelOf(t, 0);
    const b = pixelOf(0, t);
    out.push(`<line x1="${r2(a.x)}" y1="${CHART.top}" x2="${r2(a.x)}" y2="${CHART.top + PLOT_H}" stroke="#e5e7eb"/>`);
    out.push(`<line x1="${CHART.left}" y1="${r2(b.y)}" x2="${CHART.left + PLOT_W}" y2="${r2(b.y)}" stroke="#e5e7eb"/>`);
    out.push(`<text x="${r2(a.x)}" y="${CHART.top + PLOT_H + 18}" text-anchor="middle" class="tick">${t}</text>`);
    out.push(`<text x="${CHART.left - 8}" y="${r2(b.y) + 4}" text-anchor="end" class="tick">${t}</text>`);
  }
  out.push(`<rect x="${CHART.left}" y="${CHART.top}" width="${PLOT_W}" height="${PLOT_H}" fill="none" stroke="#374151"/>`);
  out.push(`<text x="${CHART.left + PLOT_W / 2}" y="${CHART.height - 20}" text-anchor="middle" class="label">Leakage (×100, lower is better)</text>`);
  out.push(`<text transform="translate(22 ${CHART.top + PLOT_H / 2}) rotate(-90)" text-anchor="middle" class="label">Utility (×100, higher is better)</text>`);
  return out;
}

/** Curves of constant SoftScore = U × (1 − L): where the trade-off is equally good. */
function contours(): string[] {
  return [25, 50, 75].map((s) => {
    const pts: string[] = [];
    for (let l = 0; l <= 100 - s; l += 2) {
      const u = (100 * s) / (100 - l);
      if (u > 100) continue;
      const p = pixelOf(l, u);
      pts.push(`${r2(p.x)},${r2(p.y)}`);
    }
    const end = pixelOf(0, s);
    return `<polyline points="${pts.join(" ")}" fill="none" stroke="#9ca3af" stroke-dasharray="4 4"/><text x="${r2(end.x) + 4}" y="${r2(end.y) - 4}" class="contour">S.S. ${s}</text>`;
  });
}

export function meanOf(points: readonly TradeoffPoint[]): TradeoffPoint | null {
  if (points.length === 0) return null;
  return {
    utility: points.reduce((s, p) => s + p.utility, 0) / points.length,
    leakage: points.reduce((s, p) => s + p.leakage, 0) / points.length,
  };
}

export function buildTradeoffSvg(chart: TradeoffChart): string {
  const mean = meanOf(chart.points);
  const dots = chart.points.map((p) => {
    const { x, y } = pixelOf(p.leakage * 100, p.utility * 100);
    return `<circle cx="${r2(x)}" cy="${r2(y)}" r="3.5" class="point"/>`;
  });
  const meanMark: string[] = [];
  if (mean) {
    const { x, y } = pixelOf(mean.leakage * 100, mean.utility * 100);
    const label = `mean: utility ${(mean.utility * 100).toFixed(1)}, leakage ${(mean.leakage * 100).toFixed(1)}`;
    meanMark.push(
      `<g class="mean"><path d="M ${r2(x) - 8} ${r2(y)} L ${r2(x)} ${r2(y) - 8} L ${r2(x) + 8} ${r2(y)} L ${r2(x)} ${r2(y) + 8} Z" fill="#dc2626" stroke="#ffffff" stroke-width="1.5"/>`,
      `<text x="${r2(Math.min(x + 12, CHART.left + PLOT_W - 190))}" y="${r2(Math.max(y - 10, CHART.top + 14))}" class="mean-label">${escapeXml(label)}</text></g>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART.width}" height="${CHART.height}" viewBox="0 0 ${CHART.width} ${CHART.height}" role="img" aria-label="${escapeXml(`Utility versus leakage per instance: ${chart.title}`)}">`,
    `<style>text{font-family:system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;fill:#111827}.tick{font-size:11px}.label{font-size:13px}.title{font-size:15px;font-weight:600}.contour{font-size:10px;fill:#6b7280}.point{fill:#2563eb;fill-opacity:0.3}.mean-label{font-size:12px;font-weight:600;fill:#dc2626;paint-order:stroke;stroke:#ffffff;stroke-width:3px}</style>`,
    `<rect width="${CHART.width}" height="${CHART.height}" fill="#ffffff"/>`,
    `<text x="${CHART.left}" y="24" class="title">${escapeXml(chart.title)}</text>`,
    `<text x="${CHART.left}" y="42" class="tick">${chart.points.length} scored instances; one dot each, the diamond is the mean</text>`,
    ...axes(),
    ...contours(),
    ...dots,
    ...meanMark,
    `</svg>`,
    "",
  ].join("\n");
}
