/**
 * A grid word's meaning as a vector, read through WordNet: for each of its senses that fits the
 * grid, the mean word vector of the sense's lemmas and its extended gloss (definition, examples,
 * neighbours' lemmas and definitions; gloss-bags.ts), weighted as the gloss match weighs them and
 * by IDF; the senses summed by their category weight. So "ocean" carries sea and salt water, and
 * "psychology" carries "the science of mental life", where its own GloVe vector carries mostly
 * the newswire contexts of the word. The judge compares a clue's vector with it.
 */
import type { Grid, Relatedness } from "./relatedness";
import { dot, getWordVectors, type WordVectors } from "./vectors/word-vectors";

/** Senses read per word, and the lowest category weight read (as relatedness reads them). */
const MAX_SENSES = 6;
const MIN_SENSE_WEIGHT = 0.1;
/** Synset vectors kept at most (cleared, not evicted, when full: a flat memory profile for a long-running server). */
const MAX_CACHED_SYNSETS = 20_000;

export class SenseVectors {
  private readonly bySynset = new Map<string, Float32Array | null>();
  private readonly byGrid = new WeakMap<Grid, Map<string, Float32Array | null>>();

  constructor(
    private readonly relatedness: Relatedness,
    private readonly vectors: WordVectors,
  ) {}

  /** The cosine of the clue's vector with the word's sense vector in this grid; 0 when either is unknown. */
  cosine(clue: string, word: string, grid: Grid): number {
    const u = this.vectors.phraseVector(clue.toLowerCase());
    const v = this.of(word.toLowerCase(), grid);
    if (!u || !v) return 0;
    // Rounded so that float summation order can never show in a result.
    return Math.round(dot(u, v) * 1e6) / 1e6;
  }

  /** The word's unit sense vector in this grid (cached per grid), or null when WordNet or the table lacks it. */
  of(word: string, grid: Grid): Float32Array | null {
    let cache = this.byGrid.get(grid);
    if (!cache) this.byGrid.set(grid, (cache = new Map()));
    let vector = cache.get(word);
    if (vector === undefined) {
      vector = this.build(word, grid);
      cache.set(word, vector);
    }
    return vector;
  }

  private build(word: string, grid: Grid): Float32Array | null {
    const terms = this.relatedness.terms.of(word);
    // The head term carries a multi-word word's meaning ("english literature" → literature).
    const head = terms[terms.length - 1];
    if (!head) return null;
    const sum = new Float32Array(this.vectors.dims);
    const senses = grid.bestSenses(head, MAX_SENSES, MIN_SENSE_WEIGHT);
    for (const { synset, weight } of senses) {
      const v = this.synsetVector(synset.id);
      if (v) for (let d = 0; d < sum.length; d++) sum[d] += weight * v[d];
    }
    return unit(sum);
  }

  /** A synset's unit vector: its lemmas and extended gloss (cached per synset), or null when the table knows none of them. */
  synsetVector(id: string): Float32Array | null {
    let vector = this.bySynset.get(id);
    if (vector !== undefined) return vector;
    const synset = this.relatedness.wordNet.synset(id);
    const sum = new Float32Array(this.vectors.dims);
    for (const lemma of synset.lemmas) {
      const v = this.vectors.phraseVector(lemma.replace(/_/g, " ").toLowerCase());
      if (v) for (let d = 0; d < sum.length; d++) sum[d] += this.relatedness.params.glossDefinition * v[d];
    }
    // Gloss forms are single words: added straight from the table (no phrase cache to fill).
    for (const [form, level] of this.relatedness.glosses.of(synset).levels) this.vectors.addTo(sum, form, level * this.relatedness.forms.idf(form));
    vector = unit(sum);
    if (this.bySynset.size >= MAX_CACHED_SYNSETS) this.bySynset.clear();
    this.bySynset.set(id, vector);
    return vector;
  }
}

function unit(v: Float32Array): Float32Array | null {
  let norm = 0;
  for (let d = 0; d < v.length; d++) norm += v[d] * v[d];
  if (norm === 0) return null;
  norm = Math.sqrt(norm);
  for (let d = 0; d < v.length; d++) v[d] /= norm;
  return v;
}

let shared: { r: Relatedness; model: SenseVectors } | undefined;

/** The bots' one sense-vector model over `r` and the table's word vectors: every reader shares its caches. */
export function sharedSenseVectors(r: Relatedness): SenseVectors {
  if (shared?.r !== r) shared = { r, model: new SenseVectors(r, getWordVectors()) };
  return shared.model;
}
