/**
 * Whether a candidate clue is about the secret in the sense the category means, by a second signal
 * besides the one that proposed it. WordNet proposes neighbours of every sense that fits the grid
 * ("lawman" through the police lieutenant), the vectors neighbours of the word's commonest use
 * ("thought" for felt, through the verb feel); either alone mixes senses. Here the clue's word vector
 * is read against two vectors of the secret built from WordNet (each sense's lemmas and extended
 * gloss, as sense-vectors.ts builds the judge's, but split): the senses the bot clues (the fitting
 * ones) and the senses it does not. A clue nearer the senses it does not clue is about another
 * meaning of the word, and is refused.
 */
import type { Relatedness } from "./relatedness";
import type { Synset } from "./types";
import type { WordVectors } from "./vectors/word-vectors";

/** Synset vectors kept at most (cleared, not evicted, when full: flat memory in a long-running server). */
const MAX_CACHED_SYNSETS = 20_000;
/** Senses of the secret's other meanings read: the rare tail adds only noise. */
const MAX_OTHER_SENSES = 6;

/** How much nearer the other senses a clue must be, and below what cosine with the fitting ones, to be refused. */
const OTHER_SENSE_MARGIN = 0.1;
const CLOSE_TO_FITTING = 0.25;

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
   * The clue's cosine with the fitting senses' vector and with the other senses' vector (each sense
   * weighted by its order in WordNet, a proxy for how often it is meant); `other` is undefined when the
   * secret has no other sense, and both are 0 when the table lacks the clue.
   */
  cosines(clue: string, senses: SecretSenses): { fitting: number; other: number | undefined } {
    const u = this.vectors.phraseVector(clue.toLowerCase());
    const fitting = this.mix(senses.fitting.map(({ synset, weight }) => ({ synset, weight })));
    const others = senses.others.slice(0, MAX_OTHER_SENSES);
    const other = others.length > 0 ? this.mix(others.map((synset, rank) => ({ synset, weight: 1 / (1 + rank) }))) : null;
    if (!u) return { fitting: 0, other: others.length > 0 ? 0 : undefined };
    return { fitting: fitting ? dot(u, fitting) : 0, other: other ? dot(u, other) : others.length > 0 ? 0 : undefined };
  }

  /**
   * Whether the clue reads clearly nearer the secret's other senses than the ones the category means, and
   * is not close to those: "thought" for felt (0.20 with the fabric, 0.45 with the verb feel). Related
   * senses of one word share words ("sheep" is 0.33 with wool the fabric, 0.54 with wool the fleece), so
   * a clue close enough to the fitting senses stays. A clue from a source blind to senses (the vectors'
   * neighbours of the word, definitions that mention the word) has no WordNet link to the fitting sense
   * to vouch for it, so there nearer the other senses at all is enough ("soda" for the cosmetic cream).
   */
  prefersOtherSense(clue: string, senses: SecretSenses, senseBlind = false): boolean {
    const { fitting, other } = this.cosines(clue, senses);
    if (other === undefined) return false;
    if (senseBlind) return other > fitting;
    return other > fitting + OTHER_SENSE_MARGIN && fitting < CLOSE_TO_FITTING;
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
