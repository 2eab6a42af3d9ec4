/**
 * Decoy messages (paper §2.2): words related to the category as a whole, built from the grid
 * without knowing any secret. Each grid word's WordNet neighbourhood (hypernyms, attributes,
 * parts and wholes, similar-to and derivation links, content words of its definition) proposes
 * terms; a term is kept when several grid words propose it, it is a common noun or adjective,
 * and it neither names the category or a grid word nor singles out one grid word.
 */
import type { Synset, WordNet } from "../lexicon/types";
import { inflectionBases, byCodePoint } from "./merge-responses";
import { spellingKey } from "./spelling";
import { categorySenses, categorySynsets, sharedAncestor } from "./word-senses";

export const STORED_DECOYS = 10;
/** The benchmark's default |M| − 1; every category must reach it. */
export const MIN_DECOYS = 5;

/** How strongly each relation ties a term to the grid word that proposes it. */
const RELATION_WEIGHT = {
  hypernym: 1,
  attribute: 1,
  similar: 0.8,
  derivation: 0.8,
  part: 0.8,
  grandHypernym: 0.6,
  definition: 0.5,
} as const;

/** A term one word holds more than this share of the total weight for singles that word out. */
const MAX_SHARE = 0.5;
/**
 * SemCor tag counts are sparse ("felony" and "intoxicant" are never tagged), so a term counts as
 * common when it is tagged at all as a noun or adjective, or has several noun/adjective senses.
 */
const MIN_TAG_COUNT = 1;
const MIN_SENSES = 3;

/** Function words and the boilerplate of WordNet definitions ("any of various…", "a member of the genus…"). */
const STOP_WORDS = new Set(
  (
    "a an the of or and to in on at by for with from as into onto that which who whom whose this these those " +
    "is are be been being was were has have had its it their them they one ones two any some all each every " +
    "other another such than then more most less least very often usually especially typically commonly " +
    "sometimes also esp etc e.g. i.e. not no without within between among about around over under " +
    "used using use made make makes something someone somebody thing things kind kinds sort sorts type types " +
    "form forms member members genus family families species order class various several many much " +
    "having characterized consisting containing called known found native especially like similar " +
    "part parts way ways act process state quality condition group set number amount piece unit " +
    "person people object objects item items showing marked played considered removed following preceding " +
    "after above below through across along toward towards upon whether while where when how what out up down " +
    "off back own well will can may might must shall should would could also just only even still ever " +
    "plural singular related based derived shaped applied authorized handled supporting driven feeding falling " +
    "observed equipped terms times modified naturalized resembling including containing surrounded " +
    // WordNet's top-level nodes: true of everything, so no clue at all.
    "entity abstraction abstract artifact artefact instrumentality instrumentation relation existence physical " +
    "whole stuff matter substance attribute measure quantity " +
    // Definition filler with no meaning of its own.
    "main respect example common general particular specific certain distinct distinguished essential concerned"
  ).split(" "),
);

export interface DecoyCandidate {
  term: string;
  /** Grid words that propose the term (from at least two derivation families). */
  support: string[];
  /** Total relation weight over those words. */
  weight: number;
}

export interface DecoyResult {
  decoys: string[];
  /** Ranked candidates before the cut, for the README's examples and the tests. */
  candidates: DecoyCandidate[];
  /** How many of the stored decoys came from the relaxed (less common) pass. */
  relaxed: number;
  /** How many came from the category-level fallback (the grid proposed too few). */
  categoryLevel: number;
}

function lemmasOf(synset: Synset): string[] {
  return synset.lemmas;
}

/** Content words of a definition, as WordNet noun or adjective lemmas. */
function definitionTerms(definition: string, wordNet: WordNet): string[] {
  const out: string[] = [];
  for (const token of definition.toLowerCase().split(/[^a-z]+/)) {
    if (token.length < 3 || STOP_WORDS.has(token)) continue;
    const base = wordNet.baseForms(token, "n")[0] ?? wordNet.baseForms(token, "a")[0];
    if (base !== undefined) out.push(base);
  }
  return out;
}

interface Proposal {
  weight: number;
  /** Synsets the term was read from (empty for definition words): terms sharing one are synonyms. */
  synsets: Set<string>;
}

/** Terms proposed by one grid word's sense, each with its strongest relation weight. */
function proposedTerms(sense: Synset, wordNet: WordNet): Map<string, Proposal> {
  const terms = new Map<string, Proposal>();
  const add = (term: string, weight: number, synset?: string) => {
    if (!/^[a-z]{3,}$/.test(term)) return;
    const proposal = terms.get(term) ?? { weight: 0, synsets: new Set<string>() };
    proposal.weight = Math.max(proposal.weight, weight);
    if (synset) proposal.synsets.add(synset);
    terms.set(term, proposal);
  };
  for (const p of sense.pointers) {
    const target = () => wordNet.synset(p.target);
    switch (p.symbol) {
      case "@":
      case "@i": {
        const hypernym = target();
        for (const lemma of lemmasOf(hypernym)) add(lemma, RELATION_WEIGHT.hypernym, hypernym.id);
        for (const q of hypernym.pointers) {
          if (q.symbol === "@" || q.symbol === "@i") for (const lemma of lemmasOf(wordNet.synset(q.target))) add(lemma, RELATION_WEIGHT.grandHypernym, q.target);
        }
        break;
      }
      case "=":
        for (const lemma of lemmasOf(target())) add(lemma, RELATION_WEIGHT.attribute, p.target);
        break;
      case "&":
        for (const lemma of lemmasOf(target())) add(lemma, RELATION_WEIGHT.similar, p.target);
        break;
      case "+": {
        const lemmas = lemmasOf(target());
        add(p.targetWord > 0 ? lemmas[p.targetWord - 1] : lemmas[0], RELATION_WEIGHT.derivation, p.target);
        break;
      }
      case "%p":
      case "%m":
      case "%s":
      case "#p":
      case "#m":
      case "#s":
        for (const lemma of lemmasOf(target())) add(lemma, RELATION_WEIGHT.part, p.target);
        break;
    }
  }
  for (const term of definitionTerms(sense.definition, wordNet)) add(term, RELATION_WEIGHT.definition);
  return terms;
}

/** Spelling keys a term must not match: the category, its words, the grid words, and all their inflections. */
function forbiddenKeys(category: string, words: readonly string[], wordNet: WordNet): Set<string> {
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

function violates(term: string, forbidden: Set<string>, names: readonly string[], wordNet: WordNet): boolean {
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
function isMostlyVerbOrAdverb(term: string, wordNet: WordNet): boolean {
  const nounAdj = wordNet.tagCount(term, "n") + wordNet.tagCount(term, "a");
  return wordNet.tagCount(term, "v") + wordNet.tagCount(term, "r") > nounAdj;
}

function isCommon(term: string, wordNet: WordNet): boolean {
  if (wordNet.tagCount(term, "n") + wordNet.tagCount(term, "a") >= MIN_TAG_COUNT) return true;
  return wordNet.synsetsOf(term, "n").length + wordNet.synsetsOf(term, "a").length >= MIN_SENSES;
}

/**
 * Category-level terms, the documented fallback for a category whose grid proposes fewer than
 * `count` shared terms: the terms proposedTerms reads from the category's synset (for "part of X",
 * X's; for a category WordNet lacks, the grid's shared hypernym) and from its hypernyms.
 * They describe the category, not a word, so they cannot single out a grid word.
 */
/**
 * What a category with a generic head is about: X in "part of X" / "type of X", the noun
 * behind the modifier of "statistical term" (statistics).
 */
function categorySubject(category: string, wordNet: WordNet): Synset | undefined {
  const of = /^(?:part|type|kind|sort) of (?:an? |the )?(.+)$/.exec(category)?.[1];
  if (of) return wordNet.synsetsOf(of, "n")[0];
  const modifier = /^(\S+) (?:term|type|kind)$/.exec(category)?.[1];
  if (!modifier) return undefined;
  const noun = wordNet.synsetsOf(modifier, "n")[0];
  if (noun) return noun;
  // An adjective: follow its pertainym or derivation to a noun ("statistical" → statistics).
  for (const sense of wordNet.synsetsOf(modifier, "a")) {
    const link = sense.pointers.find((p) => (p.symbol === "\\" || p.symbol === "+") && p.target.startsWith("n:"));
    if (link) return wordNet.synset(link.target);
  }
  return undefined;
}

function categoryLevelTerms(category: string, senses: readonly (Synset | undefined)[], wordNet: WordNet): string[] {
  const terms = new Map<string, number>();
  // The category's first sense (for "part of X", X's), then its hypernyms up to six levels, each weighing less.
  let level = [categorySubject(category, wordNet) ?? categorySynsets(category, wordNet)[0]].filter((s): s is Synset => s !== undefined);
  // A category WordNet does not name ("natural landform"): what most grid words are.
  if (level.length === 0) level = [sharedAncestor(senses, wordNet)].filter((s): s is Synset => s !== undefined);
  for (let depth = 0; depth < 6 && level.length > 0; depth++) {
    const next: Synset[] = [];
    for (const sense of level) {
      for (const [term, proposal] of proposedTerms(sense, wordNet)) {
        const weight = proposal.weight / (depth + 1);
        if ((terms.get(term) ?? 0) < weight) terms.set(term, weight);
      }
      for (const p of sense.pointers) if (p.symbol === "@" || p.symbol === "@i") next.push(wordNet.synset(p.target));
    }
    level = next;
  }
  return [...terms].sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0])).map(([term]) => term);
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

/** Ranked decoys for one category: see the module comment. */
export function decoysFor(category: string, words: readonly string[], wordNet: WordNet, count = STORED_DECOYS): DecoyResult {
  const senses = categorySenses(category, words, wordNet);
  // term → (grid word → strongest weight), and the synsets each term was read from
  const proposals = new Map<string, Map<string, number>>();
  const sourceSynsets = new Map<string, Set<string>>();
  senses.forEach((sense, i) => {
    if (!sense) return;
    for (const [term, proposal] of proposedTerms(sense, wordNet)) {
      const byWord = proposals.get(term) ?? new Map<string, number>();
      byWord.set(words[i], proposal.weight);
      proposals.set(term, byWord);
      const sources = sourceSynsets.get(term) ?? new Set<string>();
      for (const id of proposal.synsets) sources.add(id);
      sourceSynsets.set(term, sources);
    }
  });

  // Synonyms of a grid word (lemmas of its chosen sense) point straight at it.
  const synonyms = new Set(senses.flatMap((s) => s?.lemmas ?? []));
  const forbidden = forbiddenKeys(category, words, wordNet);
  const names = [category, ...words];
  const acceptable = (term: string) =>
    !STOP_WORDS.has(term) &&
    !synonyms.has(term) &&
    (wordNet.synsetsOf(term, "n").length > 0 || wordNet.synsetsOf(term, "a").length > 0) &&
    !isMostlyVerbOrAdverb(term, wordNet) &&
    !violates(term, forbidden, names, wordNet);

  const families = derivationFamilies(words, wordNet, senses);
  const candidates: DecoyCandidate[] = [];
  for (const [term, byWord] of proposals) {
    if (new Set([...byWord.keys()].map((w) => families.get(w))).size < 2 || !acceptable(term)) continue;
    const weights = [...byWord.values()];
    const weight = weights.reduce((a, b) => a + b, 0);
    if (Math.max(...weights) / weight > MAX_SHARE) continue;
    candidates.push({ term, support: [...byWord.keys()], weight });
  }
  const commonness = (term: string) => wordNet.tagCount(term, "n") + wordNet.tagCount(term, "a");
  candidates.sort(
    (a, b) =>
      b.support.length - a.support.length ||
      b.weight - a.weight ||
      commonness(b.term) - commonness(a.term) ||
      byCodePoint(a.term, b.term),
  );

  // Common terms first, one per synset (not "liquor" and "booze"); rarer ones only to fill up.
  const chosen: string[] = [];
  const usedSynsets = new Set<string>();
  const take = (term: string) => {
    const sources = sourceSynsets.get(term) ?? new Set<string>();
    if (chosen.length >= count || chosen.includes(term) || [...sources].some((id) => usedSynsets.has(id))) return;
    chosen.push(term);
    for (const id of sources) usedSynsets.add(id);
  };
  for (const c of candidates) if (isCommon(c.term, wordNet)) take(c.term);
  const commonCount = chosen.length;
  for (const c of candidates) take(c.term);
  const relaxed = chosen.length - commonCount;
  const gridCount = chosen.length;
  // Fill up to `count` from the category itself (always after every grid-proposed term).
  const categoryTerms = categoryLevelTerms(category, senses, wordNet).filter(acceptable);
  for (const term of categoryTerms) if (isCommon(term, wordNet)) take(term);
  for (const term of categoryTerms) take(term);
  return { decoys: chosen, candidates, relaxed, categoryLevel: chosen.length - gridCount };
}
