/**
 * The forms a token may stand for when a clue is matched against a gloss: the token and its
 * WordNet base forms in any part of speech ("stripes" → stripe, "striped" → striped, stripe).
 */
import type { WordNet } from "./types";
import { LRUCache } from "lru-cache";

export class WordForms {
  private readonly cache = new LRUCache<string, readonly string[]>({ max: 50_000 });
  private readonly idfCache = new LRUCache<string, number>({ max: 50_000 });

  constructor(private readonly wordNet: WordNet) {}

  /** The token first, then its base forms; never empty. */
  of(token: string): readonly string[] {
    let forms = this.cache.get(token);
    if (!forms) {
      const set = new Set<string>([token]);
      for (const base of this.wordNet.baseForms(token)) if (!base.includes(" ")) set.add(base);
      forms = [...set];
      this.cache.set(token, forms);
    }
    return forms;
  }

  /** Inverse document frequency stand-in in (0, 1]: WordNet ships no corpus counts but SemCor tag counts, so frequent words score low. */
  idf(form: string): number {
    let idf = this.idfCache.get(form);
    if (idf === undefined) {
      idf = 1 / (1 + Math.log1p(this.wordNet.tagCount(form)) / 3);
      this.idfCache.set(form, idf);
    }
    return idf;
  }
}
