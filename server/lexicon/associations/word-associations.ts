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
  /** People who linked the two words, in either direction: the larger of the two counts; 0 when none (or one). */
  count(a: string, b: string): number;
}

/** People (of about 100) at which an association counts fully in associationStrength: half of those asked. */
const FULL_STRENGTH_COUNT = 50;

/**
 * How strongly people link two words, in [0, 1]: √(people / 50), capped at 1. The square root, because the
 * share of people who give an answer falls off fast ("mane" for lion 5, "tiger" 16): a link a few people make
 * is still a link.
 */
export function associationStrength(people: number): number {
  return Math.sqrt(Math.min(1, people / FULL_STRENGTH_COUNT));
}

/** Parses the file's `stimulus<TAB>response:count<TAB>…` lines. */
export function parseAssociations(text: string): WordAssociations {
  const forward = new Map<string, Association[]>();
  const pairs = new Map<string, Map<string, number>>();
  const link = (a: string, b: string, count: number) => {
    let row = pairs.get(a);
    if (!row) pairs.set(a, (row = new Map()));
    row.set(b, Math.max(row.get(b) ?? 0, count));
  };
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
      link(stimulus, word, count);
      link(word, stimulus, count);
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
    count: (a, b) => pairs.get(a.toLowerCase())?.get(b.toLowerCase()) ?? 0,
  };
}

let shared: WordAssociations | undefined;

/** The shipped associations, read on first use (about 1 MB). */
export function getWordAssociations(): WordAssociations {
  return (shared ??= parseAssociations(readFileSync(ASSOCIATIONS_PATH, "utf8")));
}
