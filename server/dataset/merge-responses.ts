/**
 * The merge rule. Two responses of one category are the same word, and are merged, when
 *  - they are spelled the same up to British/American spelling and hyphen/space/joined
 *    ("grey" = "gray", "non-fiction" = "nonfiction", "ice-skating" = "ice skating"), or
 *  - one is an inflection of the other by WordNet's morphology, as a noun or a verb
 *    ("lakes" → "lake", "mice" → "mouse", "leaves" → "leaf", "coughing" → "cough",
 *    "tent pegs" → "tent peg": multi-word responses inflect on their last word), or
 *  - both inflect to the same base form ("raining" and "rains"), or
 *  - they are one derivational family: one is the other in another part of speech, naming
 *    the same thing ("sad" / "sadness", "angry" / "anger", "fear" / "fearful",
 *    "frustrated" / "frustration"; the rule is in derivation-families.ts).
 * Everything else stays apart, however close in meaning: clippings and abbreviations
 * ("maths" / "mathematics", "bike" / "bicycle", "plane" / "aeroplane"), synonyms
 * ("couch" / "sofa"), agent nouns ("psychiatrist" / "psychiatry"), diminutives ("aunt" /
 * "aunty") and prefixed forms ("happy" / "unhappy") are different words that participants
 * chose between, and both may appear on a grid.
 * Adjective comparison ("better" → "good") is not used: it turns one word into another.
 */
import type { WordNet } from "../lexicon/types";
import type { NormRow } from "./norms";
import { sameDerivationalFamily } from "./derivation-families";
import { inflectionBases } from "./inflection";
import { spellingKey } from "./spelling";

export { inflectionBases };

export interface MergedResponse {
  /** The display form: the most frequently produced variant (ties: the inflection base, then the shorter, then code-point order). */
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

  // Derivational families (derivation-families.ts): pairwise, as a category has at most a few dozen responses.
  responses.forEach((a, i) => {
    for (const b of responses.slice(i + 1)) {
      if (find(a) !== find(b) && sameDerivationalFamily(a, b, wordNet)) parent.set(find(b), find(a));
    }
  });

  const groups = new Map<string, string[]>();
  for (const response of responses) {
    const root = find(response);
    groups.set(root, [...(groups.get(root) ?? []), response]);
  }

  const merged: MergedResponse[] = [];
  for (const members of groups.values()) {
    // A frequency tie goes to a variant that others inflect to ("lake" for "lakes"), then to
    // the shorter variant, which in a derivational family is the root ("jealous" for "jealousy").
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
