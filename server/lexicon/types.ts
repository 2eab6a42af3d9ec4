/** The WordNet contract shared by the lexical evaluator, the lexical bot, the baselines and the decoy builder. */

/** WordNet's parts of speech; adjective satellites ("s") are reported as "a". */
export type PartOfSpeech = "n" | "v" | "a" | "r";

export interface Pointer {
  /** WordNet's pointer symbol: "@" hypernym, "~" hyponym, "#p" part holonym, "%p" part meronym, "=" attribute, "&" similar to, "+" derivation, … */
  symbol: string;
  /** Target synset id. */
  target: string;
  /** 0 for a semantic pointer (synset to synset); otherwise the 1-based word numbers of a lexical pointer. */
  sourceWord: number;
  targetWord: number;
}

export interface Synset {
  /** `${pos}:${offset}`, e.g. "n:02084071". */
  id: string;
  pos: PartOfSpeech;
  /** Lexicographer file, e.g. "noun.animal". */
  lexFile: string;
  /** Lower-case lemmas with spaces for underscores, e.g. ["ice cream", "icecream"]. */
  lemmas: string[];
  definition: string;
  examples: string[];
  pointers: Pointer[];
}

export interface WordNet {
  /** Synsets of a word in WordNet's sense order (most frequent first); inflected forms ("lakes", "ran") resolve through baseForms. */
  synsetsOf(word: string, pos?: PartOfSpeech): Synset[];
  /** One synset by id; throws on an unknown id. */
  synset(id: string): Synset;
  /** Base forms of a word that WordNet lists (morphological detachment rules plus irregular forms we ship), the word itself first when listed. */
  baseForms(word: string, pos?: PartOfSpeech): string[];
  /** Sum of the tagged-sense counts of a lemma (SemCor frequencies from the index files): a commonness signal, 0 when unseen. */
  tagCount(lemma: string, pos?: PartOfSpeech): number;
  /** Every lemma of one part of speech, in file order (for sampling). */
  lemmas(pos: PartOfSpeech): readonly string[];
}
