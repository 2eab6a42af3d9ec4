/**
 * The forms a token may stand for when a clue is matched against a gloss: the token and its
 * WordNet base forms in any part of speech ("stripes" → stripe, "striped" → striped, stripe).
 */
import type { WordNet } from "./types";

/**
 * Entries kept per cache, cleared (not evicted) when full: both are pure functions of a word, asked for
 * thousands of times a clue, where an LRU's bookkeeping on every hit cost more than the lookups themselves.
 */
const MAX_CACHED_WORDS = 50_000;

export class WordForms {
  private readonly cache = new Map<string, readonly string[]>();
  private readonly idfCache = new Map<string, number>();

  constructor(private readonly wordNet: WordNet) {}

  /** The token first, then its base forms; never empty. */
  of(token: string): readonly string[] {
    let forms = this.cache.get(token);
    if (!forms) {
      const set = new Set<string>([token]);
      for (const base of this.wordNet.baseForms(token)) if (!base.includes(" ")) set.add(base);
      forms = [...set];
      if (this.cache.size >= MAX_CACHED_WORDS) this.cache.clear();
      this.cache.set(token, forms);
    }
    return forms;
  }

  /** Inverse document frequency stand-in in (0, 1]: WordNet ships no corpus counts but SemCor tag counts, so frequent words score low. */
  idf(form: string): number {
    let idf = this.idfCache.get(form);
    if (idf === undefined) {
      idf = 1 / (1 + Math.log1p(this.wordNet.tagCount(form)) / 3);
      if (this.idfCache.size >= MAX_CACHED_WORDS) this.idfCache.clear();
      this.idfCache.set(form, idf);
    }
    return idf;
  }
}
