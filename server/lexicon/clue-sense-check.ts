/**
 * Whether a candidate clue is about the secret in the sense the category means, by a second signal
 * besides the one that proposed it. The vectors' neighbours of a word ("thought" for felt, through the
 * verb feel) and the things whose definitions mention it are blind to its senses. Here the clue's word
 * vector is read against two vectors of the secret built from WordNet (each sense's lemmas and extended
 * gloss, as sense-vectors.ts builds the judge's, but kept apart): the senses the bot clues, and the
 * secret's other meanings. A clue nearer another meaning is about that meaning, and is refused.
 */
import type { Relatedness } from "./relatedness";
import type { Synset } from "./types";
import type { WordVectors } from "./vectors/word-vectors";

/** Synset vectors kept at most (cleared, not evicted, when full: flat memory in a long-running server). */
const MAX_CACHED_SYNSETS = 20_000;
/** Other senses read: the rare tail adds only noise. */
const MAX_OTHER_SENSES = 6;
/**
 * Cosine with the fitting senses below which another sense is another meaning (a homonym), not a facet of
 * the same one: felt's verb feel (0.18–0.34), lion the celebrity (0.40), Pisces (0.25) are; the drinking
 * glass beside glass the material (0.63), wool the fleece beside wool the fabric (0.66) are not, so that
 * "bottle" for glass and "sheep" for wool stay.
 */
const HOMONYM_COSINE = 0.45;

/** How much nearer another meaning a clue must be: "bottle" for glass is 0.23 with the material and 0.32 with its homonym, methamphetamine. */
const OTHER_MEANING_MARGIN = 0.1;

export interface SecretSenses {
  /** The senses the bot clues, with their category weights. */
  fitting: readonly { synset: Synset; weight: number }[];
  /** The secret's other senses, in WordNet's order (commonest first). */
  others: readonly Synset[];
}

export class ClueSenseCheck {
  private readonly bySynset = new Map<string, Float32Array | null>();

  constructor(
    private readonly relatedness: Relatedness,
    private readonly vectors: WordVectors,
  ) {}

  /**
   * The clue's cosine with the fitting senses' vector, and with the vector of the secret's other meanings
   * (the homonyms among its other senses, each weighted by its order in WordNet, a proxy for how often it is
   * meant); `other` is undefined when there is none. Both are 0 when the table lacks the clue.
   */
  cosines(clue: string, senses: SecretSenses): { fitting: number; other: number | undefined } {
    const fitting = this.mix(senses.fitting);
    const homonyms = this.homonyms(senses, fitting);
    const other = homonyms.length > 0 ? this.mix(homonyms.map((synset, rank) => ({ synset, weight: 1 / (1 + rank) }))) : null;
    const u = this.vectors.phraseVector(clue.toLowerCase());
    const read = (v: Float32Array | null) => (u && v ? dot(u, v) : 0);
    return { fitting: read(fitting), other: other ? read(other) : undefined };
  }

  /** Whether the clue reads clearly nearer another meaning of the secret's word than the one the category means ("thought" for felt: 0.20 and 0.49). */
  prefersOtherSense(clue: string, senses: SecretSenses): boolean {
    const { fitting, other } = this.cosines(clue, senses);
    return other !== undefined && other > fitting + OTHER_MEANING_MARGIN;
  }

  /** The other senses that are other meanings: far from the fitting senses' vector. */
  homonyms(senses: SecretSenses, fitting = this.mix(senses.fitting)): Synset[] {
    if (!fitting) return [];
    return senses.others.slice(0, MAX_OTHER_SENSES).filter((synset) => {
      const v = this.synsetVector(synset);
      return v !== null && dot(fitting, v) < HOMONYM_COSINE;
    });
  }

  private mix(senses: readonly { synset: Synset; weight: number }[]): Float32Array | null {
    const sum = new Float32Array(this.vectors.dims);
    for (const { synset, weight } of senses) {
      const v = this.synsetVector(synset);
      if (v) for (let d = 0; d < sum.length; d++) sum[d] += weight * v[d];
    }
    return unit(sum);
  }

  private synsetVector(synset: Synset): Float32Array | null {
    let vector = this.bySynset.get(synset.id);
    if (vector !== undefined) return vector;
    const sum = new Float32Array(this.vectors.dims);
    const r = this.relatedness;
    for (const lemma of synset.lemmas) {
      const v = this.vectors.phraseVector(lemma.replace(/_/g, " ").toLowerCase());
      if (v) for (let d = 0; d < sum.length; d++) sum[d] += r.params.glossDefinition * v[d];
    }
    for (const [form, level] of r.glosses.of(synset).levels) this.vectors.addTo(sum, form, level * r.forms.idf(form));
    vector = unit(sum);
    if (this.bySynset.size >= MAX_CACHED_SYNSETS) this.bySynset.clear();
    this.bySynset.set(synset.id, vector);
    return vector;
  }
}

function dot(u: Float32Array, v: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < u.length; d++) sum += u[d] * v[d];
  // Rounded so that float summation order can never show in a result.
  return Math.round(sum * 1e6) / 1e6;
}

function unit(v: Float32Array): Float32Array | null {
  let norm = 0;
  for (let d = 0; d < v.length; d++) norm += v[d] * v[d];
  if (norm === 0) return null;
  norm = Math.sqrt(norm);
  for (let d = 0; d < v.length; d++) v[d] /= norm;
  return v;
}
