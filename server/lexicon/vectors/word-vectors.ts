/**
 * Reads the compact word-vector table (data/word-vectors.bin; built by `npm run vectors`, see
 * data/README.md) and answers cosines between words and short phrases. A phrase is the normalised
 * mean of its tokens' unit vectors; a token missing from the table is read through its first
 * stand-in that the table has (the process-wide table takes them from WordNet:
 * wordnet-stand-ins.ts), else skipped.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { STOPWORDS, tokensOf } from "../text";
import { VECTOR_FORMAT, VECTOR_FORMAT_VERSION, type VectorFileHeader } from "./format";
import { getWordNet } from "../wordnet";
import { wordNetStandIns } from "./wordnet-stand-ins";

export function defaultVectorPath(): string {
  return fileURLToPath(new URL("../../../data/word-vectors.bin", import.meta.url));
}

/** Phrase vectors kept at most (cleared, not evicted, when full: a flat memory profile for a long-running server). */
const MAX_CACHED_PHRASES = 50_000;

export class WordVectors {
  readonly dims: number;
  readonly count: number;
  readonly source: string;
  private readonly words: string[];
  private readonly components: Int8Array;
  private readonly scales: Float32Array;
  private readonly phrases = new Map<string, Float32Array | null>();
  /** Words to read a missing token as, best first; none by default. */
  private readonly standIns: (token: string) => readonly string[];

  constructor(bytes: Uint8Array, standIns: (token: string) => readonly string[] = () => []) {
    this.standIns = standIns;
    const newline = bytes.indexOf(0x0a);
    if (newline < 0) throw new Error("word vectors: no header line");
    let header: VectorFileHeader;
    try {
      header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline))) as VectorFileHeader;
    } catch {
      throw new Error("word vectors: the header line is not JSON");
    }
    if (header.format !== VECTOR_FORMAT || header.version !== VECTOR_FORMAT_VERSION) throw new Error(`word vectors: not a ${VECTOR_FORMAT} v${VECTOR_FORMAT_VERSION} file`);
    const { dims, count, wordsBytes } = header;
    const wordsStart = newline + 1;
    const scalesStart = wordsStart + wordsBytes;
    const componentsStart = scalesStart + 4 * count;
    if (bytes.length !== componentsStart + dims * count) throw new Error(`word vectors: expected ${componentsStart + dims * count} bytes, found ${bytes.length}`);
    const words = new TextDecoder().decode(bytes.subarray(wordsStart, scalesStart)).split("\n");
    if (words.length !== count) throw new Error(`word vectors: the header says ${count} words, the file lists ${words.length}`);
    this.words = words;
    // Copies, so that the typed arrays are aligned whatever the buffer's offset.
    this.scales = new Float32Array(new Uint8Array(bytes.subarray(scalesStart, componentsStart)).buffer);
    this.components = new Int8Array(bytes.buffer, bytes.byteOffset + componentsStart, dims * count);
    this.dims = dims;
    this.count = count;
    this.source = header.source;
  }

  static load(path: string = defaultVectorPath(), standIns?: (token: string) => readonly string[]): WordVectors {
    return new WordVectors(readFileSync(path), standIns);
  }

  has(word: string): boolean {
    return this.find(word) !== undefined;
  }

  /** The row of a word by binary search over the sorted list (no map to build at load time). */
  private find(word: string): number | undefined {
    let low = 0;
    let high = this.words.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const here = this.words[mid];
      if (here === word) return mid;
      if (here < word) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  }

  /** The row of a token, or of its singular when the table keeps only that ("parsnips" → parsnip). */
  private indexOf(token: string): number | undefined {
    const exact = this.find(token);
    if (exact !== undefined || token.length < 4 || !token.endsWith("s")) return exact;
    if (token.endsWith("ies")) return this.find(`${token.slice(0, -3)}y`);
    return this.find(token.slice(0, -1)) ?? (token.endsWith("es") ? this.find(token.slice(0, -2)) : undefined);
  }

  private standInIndexOf(token: string): number | undefined {
    for (const standIn of this.standIns(token)) {
      const i = this.indexOf(standIn);
      if (i !== undefined) return i;
    }
    return undefined;
  }

  /** A word's unit vector, or null when the table lacks it. */
  wordVector(word: string): Float32Array | null {
    const i = this.find(word);
    if (i === undefined) return null;
    const out = new Float32Array(this.dims);
    const scale = this.scales[i];
    const base = i * this.dims;
    for (let d = 0; d < this.dims; d++) out[d] = this.components[base + d] * scale;
    return out;
  }

  /** Adds weight × the unit vector of a single word (or its singular) to `sum`, without caching; false when the table lacks it. */
  addTo(sum: Float32Array, word: string, weight: number): boolean {
    const i = this.indexOf(word);
    if (i === undefined) return false;
    const scale = weight * this.scales[i];
    const base = i * this.dims;
    for (let d = 0; d < this.dims; d++) sum[d] += this.components[base + d] * scale;
    return true;
  }

  /** The unit-length mean of the phrase's known tokens' vectors, or null when none is known (cached). */
  phraseVector(text: string): Float32Array | null {
    const cached = this.phrases.get(text);
    if (cached !== undefined) return cached;
    const sum = new Float32Array(this.dims);
    let known = 0;
    // Function words and a possessive's "s" ("fourth of july", "valentine's") would pull every phrase
    // toward the same few frequent vectors; a phrase of nothing else keeps them.
    const tokens = tokensOf(text);
    const content = tokens.filter((t) => !STOPWORDS.has(t) && t !== "s");
    for (const token of content.length > 0 ? content : tokens) {
      const i = this.indexOf(token) ?? this.standInIndexOf(token);
      if (i === undefined) continue;
      known++;
      const scale = this.scales[i];
      const base = i * this.dims;
      for (let d = 0; d < this.dims; d++) sum[d] += this.components[base + d] * scale;
    }
    let vector: Float32Array | null = null;
    if (known > 0) {
      let norm = 0;
      for (let d = 0; d < this.dims; d++) norm += sum[d] * sum[d];
      norm = Math.sqrt(norm);
      if (norm > 0) {
        for (let d = 0; d < this.dims; d++) sum[d] /= norm;
        vector = sum;
      }
    }
    if (this.phrases.size >= MAX_CACHED_PHRASES) this.phrases.clear();
    this.phrases.set(text, vector);
    return vector;
  }

  /** Cosine of two words or phrases in [−1, 1]; null when either has no known token. */
  cosine(a: string, b: string): number | null {
    const u = this.phraseVector(a);
    const v = this.phraseVector(b);
    if (!u || !v) return null;
    // Rounded so that float summation order can never show in a result.
    return Math.round(dot(u, v) * 1e6) / 1e6;
  }
}

/** The dot product of two vectors of one table (for unit vectors, their cosine). */
export function dot(u: Float32Array, v: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < u.length; d++) sum += u[d] * v[d];
  return sum;
}

let shared: WordVectors | undefined;

/** The process-wide table from data/word-vectors.bin, loaded on first use, with WordNet's stand-ins for missing tokens. */
export function getWordVectors(): WordVectors {
  return (shared ??= WordVectors.load(defaultVectorPath(), wordNetStandIns(getWordNet)));
}
