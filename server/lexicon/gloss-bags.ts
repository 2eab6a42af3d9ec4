/**
 * Extended glosses (Banerjee & Pedersen): a synset's definition and examples, the lemmas of its
 * one-hop neighbours and their definitions, as a bag of word forms. An antonym gives its lemmas but not
 * its definition, which describes the opposite (tragedy "excites terror or pity"; comedy does not).
 * Used twice: "does the clue appear in the word's extended gloss?" and the IDF-weighted overlap of two bags.
 */
import type { RelatednessParams } from "./relatedness-params";
import { STOPWORDS, contentTokensOf, tokensOf } from "./text";
import type { Synset, WordNet } from "./types";
import type { WordForms } from "./word-forms";
import { LRUCache } from "lru-cache";

/** Most neighbours read per synset: "dog" has 18 hyponyms, "fish" dozens; the first ones are enough. */
const MAX_NEIGHBOURS = 48;
/** Texts whose forms are kept (cleared, not evicted, when full: a flat memory profile for a long-running server). */
const MAX_CACHED_TEXTS = 50_000;

export interface GlossBag {
  /** Word form → how close it sits to the synset (a params gloss weight). */
  readonly levels: ReadonlyMap<string, number>;
}

/** A bag as an IDF-weighted vector: level × idf per form, as interned form ids in increasing order with their values, for a fast cosine. */
interface GlossVector {
  readonly ids: Int32Array;
  readonly values: Float64Array;
  /** The vector's Euclidean norm. */
  readonly norm: number;
}

/** The vector is built on the first overlap that needs it: most bags are only asked whether a word is in them. */
interface CachedBag extends GlossBag {
  vector?: GlossVector;
}

export class GlossBags {
  private readonly cache = new LRUCache<string, CachedBag>({ max: 20_000 });
  private readonly formIds = new Map<string, number>();
  private readonly textForms = new Map<string, readonly string[]>();

  constructor(
    private readonly wordNet: WordNet,
    private readonly forms: WordForms,
    private readonly params: RelatednessParams,
  ) {}

  of(synset: Synset): GlossBag {
    return this.cached(synset);
  }

  private cached(synset: Synset): CachedBag {
    let bag = this.cache.get(synset.id);
    if (!bag) {
      bag = this.build(synset);
      this.cache.set(synset.id, bag);
    }
    return bag;
  }

  private vectorOf(synset: Synset): GlossVector {
    const bag = this.cached(synset);
    return (bag.vector ??= this.vectorize(bag.levels));
  }

  /** IDF-weighted cosine similarity of two synsets' extended glosses, in [0, 1]. */
  overlap(a: Synset, b: Synset): number {
    const bagA = this.vectorOf(a);
    const bagB = this.vectorOf(b);
    if (bagA.norm === 0 || bagB.norm === 0) return 0;
    const { ids: idsA, values: valuesA } = bagA;
    const { ids: idsB, values: valuesB } = bagB;
    let dot = 0;
    for (let i = 0, j = 0; i < idsA.length && j < idsB.length; ) {
      const a = idsA[i];
      const b = idsB[j];
      if (a === b) dot += valuesA[i++] * valuesB[j++];
      else if (a < b) i++;
      else j++;
    }
    return dot / (bagA.norm * bagB.norm);
  }

  /** The word forms a text contributes to a bag; a neighbour's definition recurs in many bags, so it is read once. */
  private formsOfText(text: string, all: boolean): readonly string[] {
    const key = all ? `*${text}` : text;
    let forms = this.textForms.get(key);
    if (!forms) {
      const out = new Set<string>();
      for (const token of all ? tokensOf(text) : contentTokensOf(text)) {
        for (const form of this.forms.of(token)) if (form.length >= 2 && !STOPWORDS.has(form)) out.add(form);
      }
      forms = [...out];
      if (this.textForms.size >= MAX_CACHED_TEXTS) this.textForms.clear();
      this.textForms.set(key, forms);
    }
    return forms;
  }

  private build(synset: Synset): CachedBag {
    const levels = new Map<string, number>();
    this.addForms(levels, synset.definition, this.params.glossDefinition, false);
    for (const example of synset.examples) this.addForms(levels, example, this.params.glossDefinition, false);
    const seen = new Set<string>();
    for (const pointer of synset.pointers) {
      if (seen.size >= MAX_NEIGHBOURS) break;
      if (seen.has(pointer.target) || pointer.target === synset.id) continue;
      seen.add(pointer.target);
      const neighbour = this.wordNet.synset(pointer.target);
      for (const lemma of neighbour.lemmas) this.addForms(levels, lemma, this.params.glossNeighbourLemma, true);
      if (pointer.symbol !== "!") this.addForms(levels, neighbour.definition, this.params.glossNeighbourDefinition, false);
    }
    // The synset's own lemmas are synonyms, scored elsewhere; keep them out of the overlap so that
    // "feline" and "cat" do not overlap merely by naming each other.
    return { levels };
  }

  /** A text's forms into a bag at `level`, where that is closer than the level they already have. */
  private addForms(levels: Map<string, number>, text: string, level: number, all: boolean): void {
    for (const form of this.formsOfText(text, all)) if (level > (levels.get(form) ?? 0)) levels.set(form, level);
  }

  private vectorize(levels: ReadonlyMap<string, number>): GlossVector {
    const entries = [...levels].map(([form, level]) => ({ id: this.idOf(form), value: level * this.forms.idf(form) }));
    entries.sort((a, b) => a.id - b.id);
    const ids = Int32Array.from(entries, (e) => e.id);
    const values = Float64Array.from(entries, (e) => e.value);
    const norm = Math.sqrt(entries.reduce((sum, e) => sum + e.value * e.value, 0));
    return { ids, values, norm };
  }

  private idOf(form: string): number {
    let id = this.formIds.get(form);
    if (id === undefined) this.formIds.set(form, (id = this.formIds.size));
    return id;
  }
}
