/**
 * The merge rule. Two responses of one category are the same word, and are merged, when
 *  - they are spelled the same up to British/American spelling and hyphen/space/joined
 *    ("grey" = "gray", "non-fiction" = "nonfiction", "ice-skating" = "ice skating"), or
 *  - one is an inflection of the other by WordNet's morphology, as a noun or a verb
 *    ("lakes" → "lake", "mice" → "mouse", "leaves" → "leaf", "coughing" → "cough",
 *    "tent pegs" → "tent peg": multi-word responses inflect on their last word), or
 *  - both inflect to the same base form ("raining" and "rains").
 * Everything else stays apart, however close in meaning: clippings and abbreviations
 * ("maths" / "mathematics", "bike" / "bicycle", "plane" / "aeroplane"), synonyms
 * ("couch" / "sofa") and derivations ("anger" / "angry", "happy" / "happiness") are
 * different words that participants chose between, and both may appear on a grid.
 * Adjective comparison ("better" → "good") is not used: it turns one word into another.
 */
import type { WordNet } from "../lexicon/types";
import type { NormRow } from "./norms";
import { spellingKey } from "./spelling";

export interface MergedResponse {
  /** The display form: the most frequently produced variant. */
  word: string;
  /** Every response merged into this one, most frequent first. */
  variants: string[];
  /**
   * Participants who named it. The OSF v1 CSV only has per-response totals, so a merged count is
   * the sum over variants: an upper bound that counts twice anyone who said both "lake" and "lakes".
   */
  frequency: number;
  /** Mean output rank over those productions (frequency-weighted mean of the variants' mean ranks). */
  meanRank: number;
}

/** WordNet base forms of a response as a noun or a verb, inflecting the head of a phrase WordNet does not list. */
export function inflectionBases(response: string, wordNet: WordNet): string[] {
  const bases = new Set<string>();
  for (const pos of ["n", "v"] as const) {
    for (const base of wordNet.baseForms(response, pos)) bases.add(base);
  }
  const tokens = response.split(" ");
  if (tokens.length > 1) {
    const head = tokens[tokens.length - 1];
    for (const base of wordNet.baseForms(head, "n")) bases.add([...tokens.slice(0, -1), base].join(" "));
  }
  bases.delete(response);
  return [...bases];
}

/** Deterministic string order, independent of the locale. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Most produced first, then named earlier on average, then alphabetical. */
export function compareByProduction(a: MergedResponse, b: MergedResponse): number {
  return b.frequency - a.frequency || a.meanRank - b.meanRank || byCodePoint(a.word, b.word);
}

/** Merges one category's responses into words (the rule above), ranked by compareByProduction. */
export function mergeResponses(rows: readonly NormRow[], wordNet: WordNet): MergedResponse[] {
  // Totals per exact response (the CSV has one row per response; tolerate repeats).
  const totals = new Map<string, { frequency: number; rankSum: number }>();
  for (const row of rows) {
    const total = totals.get(row.response) ?? { frequency: 0, rankSum: 0 };
    total.frequency += row.frequency;
    total.rankSum += row.meanRank * row.frequency;
    totals.set(row.response, total);
  }
  const responses = [...totals.keys()].sort(byCodePoint);
  const baseKeys = new Map(responses.map((r) => [r, new Set(inflectionBases(r, wordNet).map(spellingKey))]));
  const keysOf = (r: string) => new Set([spellingKey(r), ...baseKeys.get(r)!]);

  // Union-find over responses that share a key.
  const parent = new Map(responses.map((r) => [r, r]));
  const find = (r: string): string => {
    let root = r;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(r, root);
    return root;
  };
  const owner = new Map<string, string>();
  for (const response of responses) {
    for (const key of keysOf(response)) {
      const other = owner.get(key);
      if (other === undefined) owner.set(key, response);
      else parent.set(find(response), find(other));
    }
  }

  const groups = new Map<string, string[]>();
  for (const response of responses) {
    const root = find(response);
    groups.set(root, [...(groups.get(root) ?? []), response]);
  }

  const merged: MergedResponse[] = [];
  for (const members of groups.values()) {
    // A variant that others inflect to ("lake" for "lakes") wins a frequency tie.
    const isBase = (v: string) => members.some((u) => u !== v && baseKeys.get(u)!.has(spellingKey(v)));
    const variants = members.slice().sort(
      (a, b) =>
        totals.get(b)!.frequency - totals.get(a)!.frequency ||
        Number(isBase(b)) - Number(isBase(a)) ||
        a.length - b.length ||
        byCodePoint(a, b),
    );
    const frequency = variants.reduce((sum, v) => sum + totals.get(v)!.frequency, 0);
    const rankSum = variants.reduce((sum, v) => sum + totals.get(v)!.rankSum, 0);
    merged.push({ word: variants[0], variants, frequency, meanRank: rankSum / frequency });
  }
  return merged.sort(compareByProduction);
}
