/**
 * The dataset's categories split in two for fitting the lexical judge's dataset-level weights:
 * sorted by name, the 1st, 3rd, 5th … are the tuning categories, the others held out. The fit reads
 * tuning categories only; `npm run bench:paper` reports both halves so that over-fitting shows.
 * The split depends on category names alone, so rebuilding the words of a category keeps it.
 */
import type { Dataset } from "../../../shared/sneak/types";

export type CategorySplit = "tune" | "heldout";

export function categorySplitOf(dataset: Dataset): Map<string, CategorySplit> {
  const names = dataset.categories.map((c) => c.category).sort();
  return new Map(names.map((name, i) => [name, i % 2 === 0 ? "tune" : "heldout"]));
}
