/**
 * Whether a candidate clue is about the secret in the sense the category means, by a second signal
 * besides the one that proposed it. The vectors' neighbours of a word ("thought" for felt, through the
 * verb feel) and the things whose definitions mention it are blind to its senses. Here the clue's word
 * vector is read against two vectors of the secret built from WordNet (each sense's lemmas and extended
 * gloss, sense-vectors.ts's synset vectors, but mixed apart): the senses the bot clues, and the
 * secret's other meanings. A clue nearer another meaning is about that meaning, and is refused.
 */
import { dotProduct as dot, unit, type SenseVectors } from "./sense-vectors";
import type { Synset } from "./types";
import type { WordVectors } from "./vectors/word-vectors";

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
  constructor(
    private readonly senseVectors: SenseVectors,
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
    return this.senseVectors.synsetVector(synset.id);
  }
}
