import type { Estimate } from "../../shared/leaderboard";
import { seededRng } from "../../shared/random";

/**
 * Means with 95% percentile-bootstrap intervals. Bootstrap rather than t because BinaryScore is 0/1 and the
 * other metrics pile up at 0 and 1 (clipping), where a t interval can leave [0, 1]. Seeded: the same data
 * always prints the same interval.
 */

export type { Estimate };

export const BOOTSTRAP_RESAMPLES = 1000;

export function estimateOf(values: readonly number[], seed: string, resamples = BOOTSTRAP_RESAMPLES): Estimate {
  const n = values.length;
  if (n === 0) return { n, mean: null, low: null, high: null };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  if (n < 2) return { n, mean, low: null, high: null };
  const rng = seededRng(seed);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[rng.int(n)];
    means[b] = sum / n;
  }
  means.sort();
  return { n, mean, low: means[Math.floor(0.025 * (resamples - 1))], high: means[Math.ceil(0.975 * (resamples - 1))] };
}

/** Pearson's r; null when fewer than 3 pairs or a constant side. */
export function pearsonOf(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 3 || ys.length !== n) return null;
  const mx = xs.reduce((s, v) => s + v, 0) / n;
  const my = ys.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}
