/**
 * Extended glosses (Banerjee & Pedersen): a synset's definition and examples, the lemmas of its
 * one-hop neighbours and their definitions, as a bag of word forms. Used twice: "does the clue
 * appear in the word's extended gloss?" and the IDF-weighted overlap of two bags.
 */
import type { RelatednessParams } from "./relatedness-params";
import { STOPWORDS, contentTokensOf, tokensOf } from "./text";
import type { Synset, WordNet } from "./types";
import type { WordForms } from "./word-forms";

/** Most neighbours read per synset: "dog" has 18 hyponyms, "fish" dozens; the first ones are enough. */
const MAX_NEIGHBOURS = 48;

export interface GlossBag {
  /** Word form → how close it sits to the synset (a params gloss weight). */
  readonly levels: ReadonlyMap<string, number>;
  /** Form → level × idf, and the vector's Euclidean norm, for the cosine overlap. */
  readonly vector: ReadonlyMap<string, number>;
  readonly norm: number;
}

export class GlossBags {
  private readonly cache = new Map<string, GlossBag>();

  constructor(
    private readonly wordNet: WordNet,
    private readonly forms: WordForms,
    private readonly params: RelatednessParams,
  ) {}

  of(synset: Synset): GlossBag {
    let bag = this.cache.get(synset.id);
    if (!bag) {
      bag = this.build(synset);
      this.cache.set(synset.id, bag);
    }
    return bag;
  }

  /** IDF-weighted cosine similarity of two synsets' extended glosses, in [0, 1]. */
  overlap(a: Synset, b: Synset): number {
    const bagA = this.of(a);
    const bagB = this.of(b);
    if (bagA.norm === 0 || bagB.norm === 0) return 0;
    const [small, large] = bagA.vector.size <= bagB.vector.size ? [bagA, bagB] : [bagB, bagA];
    let dot = 0;
    for (const [form, value] of small.vector) {
      const other = large.vector.get(form);
      if (other !== undefined) dot += value * other;
    }
    return dot / (bagA.norm * bagB.norm);
  }

  private build(synset: Synset): GlossBag {
    const levels = new Map<string, number>();
    const add = (text: string, level: number, all: boolean) => {
      for (const token of all ? tokensOf(text) : contentTokensOf(text)) {
        for (const form of this.forms.of(token)) {
          if (form.length < 2 || STOPWORDS.has(form)) continue;
          if (level > (levels.get(form) ?? 0)) levels.set(form, level);
        }
      }
    };
    add(synset.definition, this.params.glossDefinition, false);
    for (const example of synset.examples) add(example, this.params.glossDefinition, false);
    const seen = new Set<string>();
    for (const pointer of synset.pointers) {
      if (seen.size >= MAX_NEIGHBOURS) break;
      if (seen.has(pointer.target) || pointer.target === synset.id) continue;
      seen.add(pointer.target);
      const neighbour = this.wordNet.synset(pointer.target);
      for (const lemma of neighbour.lemmas) add(lemma, this.params.glossNeighbourLemma, true);
      add(neighbour.definition, this.params.glossNeighbourDefinition, false);
    }
    // The synset's own lemmas are synonyms, scored elsewhere; keep them out of the overlap so that
    // "feline" and "cat" do not overlap merely by naming each other.
    const vector = new Map<string, number>();
    let squares = 0;
    for (const [form, level] of levels) {
      const value = level * this.forms.idf(form);
      vector.set(form, value);
      squares += value * value;
    }
    return { levels, vector, norm: Math.sqrt(squares) };
  }
}
