/**
 * The words people say whose GloVe vectors lie nearest a word's: associations WordNet does not encode
 * ("jaws" for shark, "vote" for democracy). The vocabulary is the common spoken words
 * (spoken-frequency.ts) that the vector table knows, laid out once as one matrix so that a query
 * is a single pass of dot products (about 20,000 × 100).
 */
import { LRUCache } from "lru-cache";
import { getWordVectors, type WordVectors } from "./vectors/word-vectors";
import { getSpokenFrequency } from "./spoken-frequency";
import { readFileSync } from "node:fs";
import { SPOKEN_FREQUENCIES_PATH } from "./spoken-frequency";
import { getWordNet } from "./wordnet";

/** Spoken at least this often to be offered (the same floor as a single-word clue, clue-candidates.ts). */
const MIN_COUNT = 25;

export interface VectorNeighbour {
  word: string;
  cosine: number;
}

/** Queries remembered: the bots of one table ask for the same secret's neighbours over and over, and each query scans the whole vocabulary. */
const CACHED_QUERIES = 500;

export class VectorNeighbours {
  private readonly words: string[] = [];
  private readonly matrix: Float32Array;
  private readonly answers = new LRUCache<string, readonly VectorNeighbour[]>({ max: CACHED_QUERIES });

  constructor(
    private readonly vectors: WordVectors,
    vocabulary: readonly string[],
  ) {
    const rows: Float32Array[] = [];
    for (const word of vocabulary) {
      const vector = vectors.wordVector(word);
      if (!vector) continue;
      this.words.push(word);
      rows.push(vector);
    }
    this.matrix = new Float32Array(rows.length * vectors.dims);
    rows.forEach((row, i) => this.matrix.set(row, i * vectors.dims));
  }

  /** The `count` vocabulary words nearest the phrase, nearest first (ties alphabetical); empty when the table lacks it. */
  nearest(phrase: string, count: number): VectorNeighbour[] {
    const key = `${count}\u0001${phrase.toLowerCase()}`;
    let answer = this.answers.get(key);
    if (!answer) this.answers.set(key, (answer = this.scan(phrase, count)));
    return answer.slice();
  }

  private scan(phrase: string, count: number): VectorNeighbour[] {
    const query = this.vectors.phraseVector(phrase.toLowerCase());
    if (!query || count <= 0) return [];
    const dims = this.vectors.dims;
    const best: VectorNeighbour[] = [];
    for (let i = 0; i < this.words.length; i++) {
      let dot = 0;
      const base = i * dims;
      for (let d = 0; d < dims; d++) dot += this.matrix[base + d] * query[d];
      if (best.length === count && dot < best[count - 1].cosine - 1e-6) continue;
      const cosine = Math.round(dot * 1e6) / 1e6;
      if (best.length === count && cosine <= best[count - 1].cosine) continue;
      best.push({ word: this.words[i], cosine });
      best.sort((a, b) => b.cosine - a.cosine || (a.word < b.word ? -1 : 1));
      if (best.length > count) best.pop();
    }
    return best;
  }
}

let shared: VectorNeighbours | undefined;

/** Over the common spoken words that WordNet lists as nouns or adjectives (clues name things or qualities), in frequency order; built on first use. */
export function getVectorNeighbours(): VectorNeighbours {
  if (shared) return shared;
  const frequency = getSpokenFrequency();
  const wordNet = getWordNet();
  const vocabulary: string[] = [];
  for (const line of readFileSync(SPOKEN_FREQUENCIES_PATH, "utf8").split("\n")) {
    const word = line.slice(0, line.indexOf("\t"));
    if (word.length < 3 || frequency.count(word) < MIN_COUNT) continue;
    if (wordNet.baseForms(word, "n").length > 0 || wordNet.baseForms(word, "a").length > 0) vocabulary.push(word);
  }
  return (shared = new VectorNeighbours(getWordVectors(), vocabulary));
}
