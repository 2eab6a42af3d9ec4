/**
 * What people say when they hear a word: the Edinburgh Associative Thesaurus (Kiss et al. 1973; 100
 * British students per stimulus word), shipped as data/lexicon/associations.txt (derived by
 * build-associations.ts). The lexical judge reads it as a signal and the lexical bot draws clues from it,
 * since the associations people make ("mane" for lion, "coffin" for funeral, "popeye" for spinach) are what
 * neither WordNet's relations nor the word vectors list as such.
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

/**
 * Reads the file's `stimulus<TAB>response:count<TAB>…` lines. A stimulus's answers are parsed on first use
 * and the reverse index (stimuliOf) is built on first use: the judge only ever asks count(), for a few
 * hundred words, and a server should not pay for the whole thesaurus at its first clue.
 */
export function parseAssociations(text: string): WordAssociations {
  const lines = new Map<string, string>();
  for (const line of text.split("\n")) {
    const tab = line.indexOf("\t");
    if (tab > 0) lines.set(line.slice(0, tab), line.slice(tab + 1));
  }
  const parsed = new Map<string, Map<string, number>>();
  const answersTo = (stimulus: string): Map<string, number> | undefined => {
    let answers = parsed.get(stimulus);
    if (answers) return answers;
    const rest = lines.get(stimulus);
    if (rest === undefined) return undefined;
    answers = new Map();
    for (const field of rest.split("\t")) {
      const colon = field.lastIndexOf(":");
      answers.set(field.slice(0, colon), Number(field.slice(colon + 1)));
    }
    parsed.set(stimulus, answers);
    return answers;
  };
  let backward: Map<string, Association[]> | undefined;
  const reverseIndex = () => {
    if (backward) return backward;
    backward = new Map();
    for (const stimulus of lines.keys()) {
      for (const [word, count] of answersTo(stimulus)!) {
        let back = backward.get(word);
        if (!back) backward.set(word, (back = []));
        back.push({ word: stimulus, count });
      }
    }
    for (const list of backward.values()) list.sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : 1));
    return backward;
  };
  return {
    responsesTo: (word) => [...(answersTo(word.toLowerCase()) ?? [])].map(([answer, count]) => ({ word: answer, count })),
    stimuliOf: (word) => reverseIndex().get(word.toLowerCase()) ?? [],
    count: (a, b) => {
      const x = a.toLowerCase();
      const y = b.toLowerCase();
      return Math.max(answersTo(x)?.get(y) ?? 0, answersTo(y)?.get(x) ?? 0);
    },
  };
}

let shared: WordAssociations | undefined;

/** The shipped associations, read on first use (about 1 MB). */
export function getWordAssociations(): WordAssociations {
  return (shared ??= parseAssociations(readFileSync(ASSOCIATIONS_PATH, "utf8")));
}
