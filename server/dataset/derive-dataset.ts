/**
 * The whole derivation, from the norms CSV's bytes to the Dataset: read rows, merge each
 * category's responses (merge-responses.ts), keep the top WORDS_PER_CATEGORY, build decoys
 * (decoys.ts). Deterministic: the same CSV and WordNet give the same bytes.
 */
import { createHash } from "node:crypto";
import type { WordNet } from "../lexicon/types";
import type { CategoryEntry, Dataset } from "../../shared/sneak/types";
import { decoysFor, STORED_DECOYS, type DecoyResult } from "./decoys";
import { byCodePoint, mergeResponses, type MergedResponse } from "./merge-responses";
import { isPerParticipant, readNormRows } from "./norms";

export const WORDS_PER_CATEGORY = 12;
export const DATASET_NAME = "sneak-category-production-osf-v1";

/** What the derivation decided per category, for the README and for inspection (`npm run dataset -- --report`). */
export interface CategoryDerivation {
  category: string;
  /** Every merged response, ranked; the first WORDS_PER_CATEGORY are the grid. */
  ranked: MergedResponse[];
  decoys: DecoyResult;
}

export interface Derivation {
  dataset: Dataset;
  categories: CategoryDerivation[];
  csvSha256: string;
  rowCount: number;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function deriveDataset(csvBytes: Uint8Array, wordNet: WordNet): Derivation {
  const csvSha256 = sha256Hex(csvBytes);
  const rows = readNormRows(Buffer.from(csvBytes).toString("utf8"));
  const perParticipant = isPerParticipant(rows);
  const byCategory = new Map<string, typeof rows>();
  for (const row of rows) byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row]);

  const categories: CategoryDerivation[] = [];
  const entries: CategoryEntry[] = [];
  for (const category of [...byCategory.keys()].sort(byCodePoint)) {
    const ranked = mergeResponses(byCategory.get(category)!, wordNet, { perParticipant });
    const words = ranked.slice(0, WORDS_PER_CATEGORY).map((m) => m.word);
    const decoys = decoysFor(category, words, wordNet, STORED_DECOYS);
    categories.push({ category, ranked, decoys });
    entries.push({ category, words, decoys: decoys.decoys });
  }

  const instances = entries.reduce((n, e) => n + e.words.length, 0);
  const dataset: Dataset = {
    name: DATASET_NAME,
    description:
      `SNEAK word sets from the category production norms of Banks & Connell (Behavior Research Methods, 2023; ` +
      `OSF release v1, CSV sha256 ${csvSha256}): ${entries.length} categories, the top ${WORDS_PER_CATEGORY} ` +
      `merged responses of each (${instances} words, each one instance), with ${STORED_DECOYS} WordNet decoys ` +
      `per category. See data/README.md.`,
    categories: entries,
  };
  return { dataset, categories, csvSha256, rowCount: rows.length };
}

/** The committed file's exact bytes: two-space JSON and a trailing newline. */
export function datasetJson(dataset: Dataset): string {
  return `${JSON.stringify(dataset, null, 2)}\n`;
}
