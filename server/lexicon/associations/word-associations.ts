/**
 * What people say when they hear a word: the Edinburgh Associative Thesaurus (Kiss et al. 1973; 100
 * British students per stimulus word), shipped as data/lexicon/associations.txt (derived by
 * build-associations.ts). The lexical bot draws clues from it, since the associations people make
 * ("mane" for lion, "coffin" for funeral, "popeye" for spinach) are what neither WordNet's relations nor
 * the word vectors list as such.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ASSOCIATIONS_PATH = resolve(dirname(fileURLToPath(import.meta.url)), "../../../data/lexicon/associations.txt");

/** One response to a stimulus word: how many of the (about 100) people asked gave it. */
export interface Association {
  word: string;
  count: number;
}

export interface WordAssociations {
  /** Responses people gave to the word, most frequent first; empty when it was not a stimulus. */
  responsesTo(word: string): readonly Association[];
  /** Stimulus words to which people gave this word as a response, most frequent first. */
  stimuliOf(word: string): readonly Association[];
}

/** Parses the file's `stimulus<TAB>response:count<TAB>…` lines. */
export function parseAssociations(text: string): WordAssociations {
  const forward = new Map<string, Association[]>();
  const backward = new Map<string, Association[]>();
  for (const line of text.split("\n")) {
    const [stimulus, ...responses] = line.split("\t");
    if (!stimulus || responses.length === 0) continue;
    const list: Association[] = [];
    for (const field of responses) {
      const colon = field.lastIndexOf(":");
      const word = field.slice(0, colon);
      const count = Number(field.slice(colon + 1));
      list.push({ word, count });
      let back = backward.get(word);
      if (!back) backward.set(word, (back = []));
      back.push({ word: stimulus, count });
    }
    forward.set(stimulus, list);
  }
  for (const list of backward.values()) list.sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : 1));
  return {
    responsesTo: (word) => forward.get(word.toLowerCase()) ?? [],
    stimuliOf: (word) => backward.get(word.toLowerCase()) ?? [],
  };
}

let shared: WordAssociations | undefined;

/** The shipped associations, read on first use (about 1 MB). */
export function getWordAssociations(): WordAssociations {
  return (shared ??= parseAssociations(readFileSync(ASSOCIATIONS_PATH, "utf8")));
}
