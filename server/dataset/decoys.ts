/**
 * Decoy messages (paper §2.2): words related to the category as a whole, built from the grid
 * without knowing any secret. Each grid word's WordNet neighbourhood (hypernyms, attributes,
 * parts and wholes, similar-to and derivation links, content words of its definition) proposes
 * terms; a term is kept when several grid words propose it, it is a common noun or adjective,
 * and it neither names the category or a grid word nor singles out one grid word.
 */
import type { WordNet } from "../lexicon/types";
import { categoryLevelTerms } from "./decoy-fallback";
import { derivationFamilies, forbiddenKeys, isCommon, isMostlyVerbOrAdverb, violates } from "./decoy-exclusions";
import { proposedTerms, STOP_WORDS } from "./decoy-terms";
import { byCodePoint } from "./merge-responses";
import { categorySenses } from "./word-senses";

export { forbiddenDecoyTest, isForbiddenDecoy, derivationFamilies } from "./decoy-exclusions";

export const STORED_DECOYS = 10;
/** The benchmark's default |M| − 1; every category must reach it. */
export const MIN_DECOYS = 5;

/** A term one word holds more than this share of the total weight for singles that word out. */
const MAX_SHARE = 0.5;

export interface DecoyCandidate {
  term: string;
  /** Grid words that propose the term (from at least two derivation families). */
  support: string[];
  /** Total relation weight over those words. */
  weight: number;
}

export interface DecoyResult {
  decoys: string[];
  /** Ranked candidates before the cut, for the README's examples and the tests. */
  candidates: DecoyCandidate[];
  /** How many of the stored decoys came from the relaxed (less common) pass. */
  relaxed: number;
  /** How many came from the category-level fallback (the grid proposed too few). */
  categoryLevel: number;
}

/** Ranked decoys for one category: see the module comment. */
export function decoysFor(category: string, words: readonly string[], wordNet: WordNet, count = STORED_DECOYS): DecoyResult {
  const senses = categorySenses(category, words, wordNet);
  // term → (grid word → strongest weight), and the synsets each term was read from
  const proposals = new Map<string, Map<string, number>>();
  const sourceSynsets = new Map<string, Set<string>>();
  senses.forEach((sense, i) => {
    if (!sense) return;
    for (const [term, proposal] of proposedTerms(sense, wordNet)) {
      const byWord = proposals.get(term) ?? new Map<string, number>();
      byWord.set(words[i], proposal.weight);
      proposals.set(term, byWord);
      const sources = sourceSynsets.get(term) ?? new Set<string>();
      for (const id of proposal.synsets) sources.add(id);
      sourceSynsets.set(term, sources);
    }
  });

  // Synonyms of a grid word (lemmas of its chosen sense) point straight at it.
  const synonyms = new Set(senses.flatMap((s) => s?.lemmas ?? []));
  const forbidden = forbiddenKeys(category, words, wordNet);
  const names = [category, ...words];
  const acceptable = (term: string) =>
    !STOP_WORDS.has(term) &&
    !synonyms.has(term) &&
    (wordNet.synsetsOf(term, "n").length > 0 || wordNet.synsetsOf(term, "a").length > 0) &&
    !isMostlyVerbOrAdverb(term, wordNet) &&
    !violates(term, forbidden, names, wordNet);

  const families = derivationFamilies(words, wordNet, senses);
  const candidates: DecoyCandidate[] = [];
  for (const [term, byWord] of proposals) {
    if (new Set([...byWord.keys()].map((w) => families.get(w))).size < 2 || !acceptable(term)) continue;
    const weights = [...byWord.values()];
    const weight = weights.reduce((a, b) => a + b, 0);
    if (Math.max(...weights) / weight > MAX_SHARE) continue;
    candidates.push({ term, support: [...byWord.keys()], weight });
  }
  const commonness = (term: string) => wordNet.tagCount(term, "n") + wordNet.tagCount(term, "a");
  candidates.sort(
    (a, b) =>
      b.support.length - a.support.length ||
      b.weight - a.weight ||
      commonness(b.term) - commonness(a.term) ||
      byCodePoint(a.term, b.term),
  );

  // Common terms first, one per synset (not "liquor" and "booze"); rarer ones only to fill up.
  const chosen: string[] = [];
  const usedSynsets = new Set<string>();
  const take = (term: string) => {
    const sources = sourceSynsets.get(term) ?? new Set<string>();
    if (chosen.length >= count || chosen.includes(term) || [...sources].some((id) => usedSynsets.has(id))) return;
    chosen.push(term);
    for (const id of sources) usedSynsets.add(id);
  };
  for (const c of candidates) if (isCommon(c.term, wordNet)) take(c.term);
  const commonCount = chosen.length;
  for (const c of candidates) take(c.term);
  const relaxed = chosen.length - commonCount;
  const gridCount = chosen.length;
  // Fill up to `count` from the category itself (always after every grid-proposed term).
  const categoryTerms = categoryLevelTerms(category, senses, wordNet).filter(acceptable);
  for (const term of categoryTerms) if (isCommon(term, wordNet)) take(term);
  for (const term of categoryTerms) take(term);
  return { decoys: chosen, candidates, relaxed, categoryLevel: chosen.length - gridCount };
}
