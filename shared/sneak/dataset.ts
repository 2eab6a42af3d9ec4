/** Benchmark instances from the dataset: pure, so the server, the runner and tests share it. */
import type { CategoryEntry, Dataset, Instance } from "./types";

export const DEFAULT_DECOYS = 5;

export interface InstanceOptions {
  /**
   * |W|: the top-K words of each category (default: all, at most 12). A category with fewer
   * words than K keeps all of its words (the metrics normalise by each instance's own |W|).
   */
  words?: number;
  /** |M| − 1: the first D stored decoys (default 5). */
  decoys?: number;
}

/** The largest K and D this dataset supports: most words of any category, fewest decoys of any category. */
export function datasetLimits(dataset: Dataset): { maxWords: number; maxDecoys: number } {
  return {
    maxWords: Math.max(0, ...dataset.categories.map((c) => c.words.length)),
    maxDecoys: dataset.categories.length === 0 ? 0 : Math.min(...dataset.categories.map((c) => c.decoys.length)),
  };
}

/** One instance per (category, word among its top K): id `${category}/${secret}`, in dataset order. */
export function instancesOf(dataset: Dataset, options: InstanceOptions = {}): Instance[] {
  const { maxWords, maxDecoys } = datasetLimits(dataset);
  const k = options.words ?? maxWords;
  const d = options.decoys ?? DEFAULT_DECOYS;
  if (!Number.isInteger(k) || k < 2 || k > maxWords) {
    throw new RangeError(`words must be an integer from 2 to ${maxWords} (got ${k})`);
  }
  if (!Number.isInteger(d) || d < 1 || d > maxDecoys) {
    throw new RangeError(`decoys must be an integer from 1 to ${maxDecoys} (got ${d})`);
  }
  const instances: Instance[] = [];
  for (const entry of dataset.categories) {
    const words = entry.words.slice(0, k);
    const decoys = entry.decoys.slice(0, d);
    for (const secret of words) {
      instances.push({ id: `${entry.category}/${secret}`, category: entry.category, words: words.slice(), secret, decoys: decoys.slice() });
    }
  }
  return instances;
}

/** A category by name, ignoring case and surrounding space; undefined when there is none. */
export function findCategory(dataset: Dataset, name: string): CategoryEntry | undefined {
  const wanted = name.trim().toLowerCase();
  return dataset.categories.find((c) => c.category === wanted);
}
