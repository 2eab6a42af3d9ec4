/** The tests a decoy term must pass: not the category or a grid word, not singling one out, common. */
import type { Synset, WordNet } from "../lexicon/types";
import { STOP_WORDS } from "./decoy-terms";
import { inflectionBases } from "./merge-responses";
import { spellingKey } from "./spelling";

/**
 * SemCor tag counts are sparse ("felony" and "intoxicant" are never tagged), so a term counts as
 * common when it is tagged at all as a noun or adjective, or has several noun/adjective senses.
 */
const MIN_TAG_COUNT = 1;
const MIN_SENSES = 3;

/** Spelling keys a term must not match: the category, its words, the grid words, and all their inflections. */
export function forbiddenKeys(category: string, words: readonly string[], wordNet: WordNet): Set<string> {
  const keys = new Set<string>();
  const addWithInflections = (text: string) => {
    keys.add(spellingKey(text));
    for (const base of inflectionBases(text, wordNet)) keys.add(spellingKey(base));
    for (const pos of ["n", "v", "a"] as const) for (const base of wordNet.baseForms(text, pos)) keys.add(spellingKey(base));
  };
  addWithInflections(category);
  for (const token of category.split(/[\s-]+/)) if (!STOP_WORDS.has(token)) addWithInflections(token.replace(/'s$/, ""));
  for (const word of words) {
    addWithInflections(word);
    for (const token of word.split(/[\s-]+/)) addWithInflections(token);
  }
  return keys;
}

/** A test for terms that name the category or a grid word, inflect to one, or contain / are contained in one. */
export function forbiddenDecoyTest(category: string, words: readonly string[], wordNet: WordNet): (term: string) => boolean {
  const forbidden = forbiddenKeys(category, words, wordNet);
  const names = [category, ...words];
  return (term) => violates(term, forbidden, names, wordNet);
}

/** forbiddenDecoyTest for a single term. */
export function isForbiddenDecoy(term: string, category: string, words: readonly string[], wordNet: WordNet): boolean {
  return forbiddenDecoyTest(category, words, wordNet)(term);
}

export function violates(term: string, forbidden: Set<string>, names: readonly string[], wordNet: WordNet): boolean {
  if (forbidden.has(spellingKey(term))) return true;
  for (const pos of ["n", "v", "a"] as const) for (const base of wordNet.baseForms(term, pos)) if (forbidden.has(spellingKey(base))) return true;
  const joinedTerm = spellingKey(term);
  for (const name of names) {
    for (const token of [spellingKey(name), ...name.split(/[\s-]+/).map(spellingKey)]) {
      if (token.length >= 3 && (joinedTerm.includes(token) || (joinedTerm.length >= 3 && token.includes(joinedTerm)))) return true;
    }
  }
  return false;
}

/** Mostly a verb or an adverb ("showing", "above"): not a noun/adjective decoy. */
export function isMostlyVerbOrAdverb(term: string, wordNet: WordNet): boolean {
  const nounAdj = wordNet.tagCount(term, "n") + wordNet.tagCount(term, "a");
  return wordNet.tagCount(term, "v") + wordNet.tagCount(term, "r") > nounAdj;
}

/** Tagged in SemCor as a noun or adjective, or with several noun/adjective senses. */
export function isCommon(term: string, wordNet: WordNet): boolean {
  if (wordNet.tagCount(term, "n") + wordNet.tagCount(term, "a") >= MIN_TAG_COUNT) return true;
  return wordNet.synsetsOf(term, "n").length + wordNet.synsetsOf(term, "a").length >= MIN_SENSES;
}

/**
 * Grid words that are one word in two parts of speech ("happy" / "happiness", "angry" / "anger"),
 * linked by a WordNet derivation pointer, or two names of the chosen synset ("plane" /
 * "aeroplane"). A term proposed only by such a family singles it out.
 * Returns each word's family representative.
 */
export function derivationFamilies(words: readonly string[], wordNet: WordNet, senses: readonly (Synset | undefined)[] = []): Map<string, string> {
  const family = new Map(words.map((w) => [w, w]));
  const find = (w: string): string => (family.get(w) === w ? w : find(family.get(w)!));
  // Two grid words that name the same synset ("plane" and "aeroplane") are one word here too.
  words.forEach((word, i) => {
    const j = senses.findIndex((s) => s !== undefined && s.id === senses[i]?.id);
    if (j >= 0 && j !== i) family.set(find(word), find(words[j]));
  });
  for (const word of words) {
    const related = new Set<string>();
    for (const sense of wordNet.synsetsOf(word)) {
      for (const p of sense.pointers) if (p.symbol === "+") for (const lemma of wordNet.synset(p.target).lemmas) related.add(lemma);
    }
    for (const other of words) if (other !== word && related.has(other)) family.set(find(other), find(word));
  }
  return new Map(words.map((w) => [w, find(w)]));
}

