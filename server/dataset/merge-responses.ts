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
   * Participants who named it. From a per-participant file: distinct participants over all
   * variants (saying "lake" and "lakes" counts once). The OSF v1 CSV only has per-response
   * totals, so there it is the sum over variants: an upper bound that counts such a participant twice.
   */
  frequency: number;
  /**
   * Mean output rank. Per-participant: the mean over participants of their earliest variant.
   * From totals: the frequency-weighted mean of the variants' mean ranks.
   */
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

/** Participant → earliest rank, over some rows of a per-participant file. */
function participantRanks(rows: readonly NormRow[]): Map<string, number> {
  const ranks = new Map<string, number>();
  rows.forEach((row, i) => {
    const who = row.participant ?? `row ${i}`;
    const rank = row.rank ?? row.meanRank;
    ranks.set(who, Math.min(ranks.get(who) ?? Infinity, rank));
  });
  return ranks;
}

function meanOf(values: Iterable<number>): number {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    sum += v;
    n += 1;
  }
  return sum / n;
}

export interface MergeOptions {
  /** Rows are single participants' responses (see isPerParticipant); default: per-response totals. */
  perParticipant?: boolean;
}

/** Merges one category's responses into words (the rule above), ranked by compareByProduction. */
export function mergeResponses(rows: readonly NormRow[], wordNet: WordNet, options: MergeOptions = {}): MergedResponse[] {
  const rowsOf = new Map<string, NormRow[]>();
  for (const row of rows) rowsOf.set(row.response, [...(rowsOf.get(row.response) ?? []), row]);
  // frequency and mean rank of any set of responses, in the file's format
  const tally = (responses: readonly string[]): { frequency: number; meanRank: number } => {
    const group = responses.flatMap((r) => rowsOf.get(r)!);
    if (options.perParticipant) {
      const ranks = participantRanks(group);
      return { frequency: ranks.size, meanRank: meanOf(ranks.values()) };
    }
    const frequency = group.reduce((sum, row) => sum + row.frequency, 0);
    return { frequency, meanRank: group.reduce((sum, row) => sum + row.meanRank * row.frequency, 0) / frequency };
  };
  const totals = new Map([...rowsOf.keys()].map((r) => [r, tally([r])]));
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
    merged.push({ word: variants[0], variants, ...tally(variants) });
  }
  return merged.sort(compareByProduction);
}
