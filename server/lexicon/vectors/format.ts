/**
 * The compact word-vector file (data/word-vectors.bin), shared by its builder and its reader:
 *   one JSON header line (UTF-8, ends with "\n"): {format, version, dims, count, wordsBytes, source}
 *   the words, "\n"-separated, UTF-8 (wordsBytes bytes), sorted by UTF-16 code units (binary search)
 *   count float32 little-endian scales: 1 / the L2 norm of each quantised vector
 *   count × dims int8 components
 * A vector times its scale has unit length, so a dot product of two such vectors is their cosine.
 */
export const VECTOR_FORMAT = "sneak-word-vectors";
export const VECTOR_FORMAT_VERSION = 1;

export interface VectorFileHeader {
  format: typeof VECTOR_FORMAT;
  version: number;
  dims: number;
  count: number;
  wordsBytes: number;
  source: string;
}
