import { seededRng } from "../../shared/random";
import { BOOTSTRAP_RESAMPLES, type Estimate } from "../export/bootstrap";

/**
 * The statistics of the paper's human studies (Appendix B), on vote counts: one row per item, one cell per
 * option (an option's canonical index, not where it was shown). Pure functions; the tests check them on
 * hand-computed cases and on Fleiss (1971)'s table.
 */

/** Fleiss' κ with its parts. `perCategory` is Fleiss (1971)'s κ_j, given when every counted item has the same number of raters. */
export interface FleissKappa {
  kappa: number | null;
  /** Mean observed agreement P̄ and chance agreement P̄e. */
  pBar: number | null;
  pE: number | null;
  /** Items with at least two ratings (the others cannot show agreement and are left out). */
  items: number;
  perCategory: (number | null)[] | null;
}

/**
 * Fleiss' κ over a table of counts (items × categories). Items rated by fewer than two people are left out;
 * items with different numbers of raters are allowed: P_i uses each item's own n_i and p_j pools every rating,
 * which is Fleiss's formula when every n_i is equal. null when undefined (no item, or P̄e = 1).
 */
export function fleissKappa(counts: readonly (readonly number[])[]): FleissKappa {
  const rows = counts.filter((row) => sum(row) >= 2);
  const categories = Math.max(0, ...counts.map((row) => row.length));
  if (rows.length === 0 || categories === 0) return { kappa: null, pBar: null, pE: null, items: rows.length, perCategory: null };
  const totals = new Array<number>(categories).fill(0);
  let ratings = 0;
  let pSum = 0;
  for (const row of rows) {
    const n = sum(row);
    ratings += n;
    let squares = 0;
    row.forEach((c, j) => {
      totals[j] += c;
      squares += c * c;
    });
    pSum += (squares - n) / (n * (n - 1));
  }
  const pBar = pSum / rows.length;
  const shares = totals.map((t) => t / ratings);
  const pE = shares.reduce((s, p) => s + p * p, 0);
  const kappa = pE >= 1 ? null : (pBar - pE) / (1 - pE);
  const n = sum(rows[0]);
  const constant = rows.every((row) => sum(row) === n);
  const perCategory = constant
    ? shares.map((p, j) => {
        const q = 1 - p;
        if (p === 0 || q === 0) return null;
        const disagreement = rows.reduce((s, row) => s + (row[j] ?? 0) * (n - (row[j] ?? 0)), 0);
        return 1 - disagreement / (rows.length * n * (n - 1) * p * q);
      })
    : null;
  return { kappa, pBar, pE, items: rows.length, perCategory };
}

/** Randolph's free-marginal multirater κ with its parts. */
export interface FreeMarginalKappa {
  kappa: number | null;
  /** Mean observed agreement P̄o (the share of agreeing pairs of raters, per item, averaged). */
  pObserved: number | null;
  /** Chance agreement P̄e: 1/k, averaged over the items when k differs between them. */
  pChance: number | null;
  items: number;
}

/**
 * Randolph (2005)'s free-marginal multirater κ: κ = (P̄o − 1/k) / (1 − 1/k), chance being a rater who picks
 * one of the k options an item offered uniformly. `options[i]` is item i's k (the options its raters saw); when
 * the k differ (a chameleon item on a category of 10 words beside one of 12) P̄e is the mean of the items' 1/k,
 * which is Randolph's formula when every k is equal. P_i uses each item's own number of raters; items with
 * fewer than two are left out. It does not count an option by its identity across items, so one option that is
 * right on every item (the ally's real message) does not inflate chance agreement as it does Fleiss' κ.
 */
export function freeMarginalKappa(counts: readonly (readonly number[])[], options: readonly number[] = counts.map((row) => row.length)): FreeMarginalKappa {
  let pSum = 0;
  let chanceSum = 0;
  let items = 0;
  counts.forEach((row, i) => {
    const p = pairwiseAgreement(row);
    if (p === null) return;
    pSum += p;
    chanceSum += 1 / options[i];
    items++;
  });
  if (items === 0) return { kappa: null, pObserved: null, pChance: null, items };
  const pObserved = pSum / items;
  const pChance = chanceSum / items;
  return { kappa: pChance >= 1 ? null : (pObserved - pChance) / (1 - pChance), pObserved, pChance, items };
}

/** One item's agreement P_i: the share of pairs of its raters who chose the same option; null under two raters. */
export function pairwiseAgreement(row: readonly number[]): number | null {
  const n = sum(row);
  if (n < 2) return null;
  let squares = 0;
  for (const c of row) squares += c * c;
  return (squares - n) / (n * (n - 1));
}

/** The options with the most votes (all of them when tied); empty when nobody voted. */
export function pluralityOf(votes: readonly number[]): number[] {
  const best = Math.max(0, ...votes);
  if (best === 0) return [];
  return votes.flatMap((v, i) => (v === best ? [i] : []));
}

/** The option with more than half of the votes, or null (a tie, or only a plurality). */
export function strictMajorityOf(votes: readonly number[]): number | null {
  const total = sum(votes);
  const i = votes.findIndex((v) => v * 2 > total);
  return total > 0 && i >= 0 ? i : null;
}

/**
 * How often two top picks agree when each side's ties are broken uniformly at random: |A ∩ B| / (|A| · |B|).
 * 1 for the same single pick, 0 for disjoint ones, 1/2 for a two-way tie that includes the other's pick.
 */
export function tieBrokenAgreement(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const shared = a.filter((x) => b.includes(x)).length;
  return shared / (a.length * b.length);
}

/** The options holding the highest probability (ties within 1e-9 relative count for each). */
export function topOptionsOf(probabilities: readonly number[]): number[] {
  if (probabilities.length === 0) return [];
  const best = Math.max(...probabilities);
  return probabilities.flatMap((p, i) => (best - p <= 1e-9 * Math.max(best, 1e-12) ? [i] : []));
}

/**
 * A statistic over items with a 95% percentile-bootstrap interval: items are resampled with replacement
 * (the answers of one item stay together), the statistic recomputed, and the 2.5th and 97.5th percentiles
 * of the resamples where it is defined reported. Seeded: the same data gives the same interval.
 */
export function bootstrapEstimate<T>(items: readonly T[], statistic: (sample: readonly T[]) => number | null, seed: string, resamples = BOOTSTRAP_RESAMPLES): Estimate {
  const n = items.length;
  const mean = n === 0 ? null : statistic(items);
  if (mean === null || n < 2) return { n, mean, low: null, high: null };
  const rng = seededRng(seed);
  const values: number[] = [];
  const sample = new Array<T>(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) sample[i] = items[rng.int(n)];
    const value = statistic(sample);
    if (value !== null && Number.isFinite(value)) values.push(value);
  }
  if (values.length < resamples / 2) return { n, mean, low: null, high: null };
  values.sort((a, b) => a - b);
  return { n, mean, low: values[Math.floor(0.025 * (values.length - 1))], high: values[Math.ceil(0.975 * (values.length - 1))] };
}

export function meanOf(values: readonly number[]): number | null {
  return values.length === 0 ? null : sum(values) / values.length;
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
