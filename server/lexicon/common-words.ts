/**
 * Common single-word lemmas for the random baseline: WordNet's SemCor tag counts are the
 * only frequency signal shipped with the data, so "common" means tagged often enough.
 */
import type { PartOfSpeech, WordNet } from "./types";
import { getWordNet } from "./wordnet";

/** A lemma tagged at least this often (summed over its senses of one part of speech) counts as common. */
export const DEFAULT_MIN_TAG_COUNT = 10;

const caches = new WeakMap<WordNet, Map<string, readonly string[]>>();

/**
 * Alphabetic single-word lemmas of three letters or more whose tag count for `pos` is at least
 * `minTagCount`, in WordNet's index (alphabetical) order: deterministic for a given WordNet.
 * About 1,750 nouns, 1,000 verbs, 660 adjectives and 250 adverbs at the default threshold.
 */
export function commonWords(
  pos: PartOfSpeech,
  minTagCount: number = DEFAULT_MIN_TAG_COUNT,
  wordNet: WordNet = getWordNet(),
): readonly string[] {
  let cache = caches.get(wordNet);
  if (!cache) caches.set(wordNet, (cache = new Map()));
  const key = `${pos}:${minTagCount}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const words = Object.freeze(
    wordNet.lemmas(pos).filter((lemma) => /^[a-z]{3,}$/.test(lemma) && wordNet.tagCount(lemma, pos) >= minTagCount),
  );
  cache.set(key, words);
  return words;
}
