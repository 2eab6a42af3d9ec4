/**
 * Whether a clue is about the secret in the sense its card means. "anchor" on a card of a boat's parts is the
 * ship's anchor, not the newsreader, so "reporter" is about the wrong anchor; "branch" among a tree's parts is
 * not an artery's branch. A word's vector mixes its senses; each WordNet sense has a vector of its own (its
 * lemmas and extended gloss: sense-vectors.ts), so a clue is read against each: it fits the card when it lies
 * about as near a sense the category means as near any sense the category does not.
 */
import type { Grid, Relatedness } from "./relatedness";
import type { Synset } from "./types";
import { sharedSenseVectors as senseVectors } from "./sense-vectors";
import { dot, getWordVectors } from "./vectors/word-vectors";

/** Senses whose vector lies this near the grid's topic as the nearest one does are the ones the card means. */
const MEANT_MARGIN = 0.05;
/** Senses whose vector lies this much further from the grid's topic are ones the card does not mean; those between are left out of the test. */
const NOT_MEANT_MARGIN = 0.1;
/** How much nearer another sense the clue may lie and still be taken in the card's sense. */
const SENSE_MARGIN = 0;
/** A clue this far from every other sense is not about any of them: GloVe's "joint" is mostly the joint venture, and nowhere near a mourning band. */
const OTHER_SENSE_COSINE = 0.3;

/**
 * The secret's senses with their vectors and how near each lies the grid's topic (the category's name and the
 * other grid words): WordNet's own order and the category's fit do not tell "hammer" the hand tool from the
 * gunlock's, nor "ginger" the hair from the root; the words it stands among do.
 */
function sensesByTopic(r: Relatedness, grid: Grid, secret: string): { vector: Float32Array; topic: number; verb: boolean }[] {
  const head = r.terms.of(secret).at(-1);
  if (!head || head.senses.length < 2) return [];
  const vectors = getWordVectors();
  const topic = new Float32Array(vectors.dims);
  for (const text of [grid.category, ...grid.words.filter((w) => w !== secret)]) {
    const v = vectors.phraseVector(text.toLowerCase());
    if (v) for (let d = 0; d < topic.length; d++) topic[d] += v[d];
  }
  const out: { vector: Float32Array; topic: number; verb: boolean }[] = [];
  const norm = Math.hypot(...topic) || 1;
  for (const synset of head.senses) {
    const vector = senseVectors(r).synsetVector(synset.id);
    if (vector) out.push({ vector, topic: dot(vector, topic) / norm, verb: synset.pos === "v" });
  }
  return out;
}

/**
 * True unless the clue's vector lies near (OTHER_SENSE_COSINE) a sense of the same part of speech the card does
 * not mean, and nearer it than every sense the card means (those nearest the grid's topic), by SENSE_MARGIN.
 * True too when the secret has one sense, or the table knows no vector to tell by.
 */
export function fitsCardSense(r: Relatedness, grid: Grid, secret: string, clue: string, clueSynset?: Synset): boolean {
  const senses = sensesByTopic(r, grid, secret);
  // A thing defined by the secret is read by its definition, which names the sense it means ("tuff: a rock formed
  // from volcanic ash" is the residue, not the tree); other clues by their own vector.
  const clueVector = clueSynset ? senseVectors(r).synsetVector(clueSynset.id) : getWordVectors().phraseVector(clue.toLowerCase());
  if (senses.length < 2 || !clueVector) return true;
  const best = Math.max(...senses.map((s) => s.topic));
  const meantSenses = senses.filter((s) => s.topic >= best - MEANT_MARGIN);
  // A verb sense beside a meant thing (or the reverse) is most often the same thing done ("to hammer" beside the hammer).
  const meantVerb = new Set(meantSenses.map((s) => s.verb));
  const meant = Math.max(...meantSenses.map((s) => dot(clueVector, s.vector)));
  let other = -Infinity;
  for (const sense of senses) if (sense.topic < best - NOT_MEANT_MARGIN && meantVerb.has(sense.verb)) other = Math.max(other, dot(clueVector, sense.vector));
  return other < OTHER_SENSE_COSINE || meant >= other - SENSE_MARGIN;
}
