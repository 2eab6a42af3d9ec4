/**
 * The two WordNet baselines of paper §3.1, as plain functions: a category-level message (a synonym
 * or close lexicalization of the category name) and a secret-level message (a synonym of the secret).
 * Each walks a fixed, documented list of sources (docs/LEXICAL.md) and returns the first usable
 * clue: plain words, at most three, never a grid word nor containing one, never the category itself.
 */
import { definitionWord, isUsableClue } from "./clue-candidates";
import type { Grid, Relatedness } from "./relatedness";
import { contentTokensOf, tokensOf } from "./text";
import type { Synset } from "./types";

export interface BaselineMessage {
  message: string;
  /** Which step of the documented order produced it. */
  source: string;
}

const HYPERNYMS = new Set(["@", "@i"]);
/** Relations that name the same thing another way (similar to, derivation, pertainym, participle). */
const CLOSE_LEXICALIZATIONS = new Set(["&", "+", "\\", "<"]);

/**
 * A synset's lemmas in the order a person would reach for them: single words before phrases
 * (which are often Latin binomials: "canis familiaris"), WordNet's order otherwise. Lemma tag
 * counts would mislead here: they sum every sense, so "fall" would outrank "twilight" for dusk.
 */
function byPreference(lemmas: readonly string[]): string[] {
  return lemmas
    .map((lemma, i) => ({ lemma, phrase: lemma.includes(" ") ? 1 : 0, i }))
    .sort((a, b) => a.phrase - b.phrase || a.i - b.i)
    .map((x) => x.lemma);
}

function hypernymsOf(r: Relatedness, synset: Synset): Synset[] {
  return synset.pointers.filter((p) => HYPERNYMS.has(p.symbol)).map((p) => r.wordNet.synset(p.target));
}

/** The noun sense of `phrase` that most grid words fall under (WordNet's first among ties), if any. */
function coveringSense(r: Relatedness, grid: Grid, phrase: string): Synset | undefined {
  let best: { synset: Synset; count: number } | undefined;
  for (const synset of r.wordNet.synsetsOf(phrase, "n")) {
    let count = 0;
    for (const word of grid.words) {
      const head = r.terms.of(word).at(-1);
      if (head?.senses.some((s) => r.links.ancestors(s, grid.throughParts).has(synset.id))) count++;
    }
    if (!best || count > best.count) best = { synset, count };
  }
  return best?.synset;
}

/** The word a category phrase is about: "boat" in "part of a boat", "animal" in "four-legged animal". */
export function categoryHead(category: string): string {
  const of = /^(.+?) of (?:a |an |the )?(.+)$/.exec(category.trim().toLowerCase());
  const tokens = tokensOf(of ? of[2] : category);
  return tokens[tokens.length - 1] ?? category;
}

/**
 * A synonym or close lexicalization of the category name, first usable of: (1) the other lemmas of
 * the category's covering WordNet sense, single words first; (2) for a phrase, its head word and
 * that word's synonyms; (3) the lemmas of the covering sense's hypernyms; (4) the category name
 * itself; (5) "something".
 */
export function categorySynonym(r: Relatedness, category: string, words: readonly string[]): BaselineMessage {
  const grid = r.grid(category, words);
  const usable = (text: string) => isUsableClue(text, category, words);
  const whole = coveringSense(r, grid, category);
  if (whole) for (const lemma of byPreference(whole.lemmas)) if (usable(lemma)) return { message: lemma, source: "synonym" };
  const head = categoryHead(category);
  if (head !== category.trim().toLowerCase()) {
    if (usable(head)) return { message: head, source: "head" };
    const headSense = coveringSense(r, grid, head);
    if (headSense) for (const lemma of byPreference(headSense.lemmas)) if (usable(lemma)) return { message: lemma, source: "head-synonym" };
  }
  const sense = whole ?? coveringSense(r, grid, head);
  if (sense) {
    for (const hypernym of hypernymsOf(r, sense)) {
      for (const lemma of byPreference(hypernym.lemmas)) if (usable(lemma)) return { message: lemma, source: "hypernym" };
    }
  }
  const name = category.trim().toLowerCase();
  if (isUsableClue(name, "", words)) return { message: name, source: "category" };
  return { message: "something", source: "none" };
}

/**
 * A synonym of the secret, first usable of: (1) the other lemmas of the secret's sense that fits the
 * category best, single words first; (2) the lemmas of its other senses that fit the category
 * (weight ≥ 0.5); (3) close lexicalizations of the best sense: similar-to, derivationally related,
 * pertainym and participle lemmas; (4) the lemmas of its nearest hypernym ("a kind of …");
 * (5) the first noun (else adjective) of its definition, in its base form; (6) the category's head word, else "something".
 */
export function secretSynonym(r: Relatedness, category: string, words: readonly string[], secret: string): BaselineMessage {
  const grid = r.grid(category, words);
  const usable = (text: string) => isUsableClue(text, category, words);
  const head = r.terms.of(secret).at(-1);
  const senses = head ? [...grid.weightsOf(head)].filter((s) => s.weight >= 0.5).sort((a, b) => b.weight - a.weight) : [];
  const best = senses[0]?.synset;
  if (best) {
    for (const lemma of byPreference(best.lemmas)) if (usable(lemma)) return { message: lemma, source: "synonym" };
    for (const { synset } of senses.slice(1)) {
      for (const lemma of byPreference(synset.lemmas)) if (usable(lemma)) return { message: lemma, source: "other-sense-synonym" };
    }
    for (const pointer of best.pointers) {
      if (!CLOSE_LEXICALIZATIONS.has(pointer.symbol)) continue;
      const target = r.wordNet.synset(pointer.target);
      const lemma = pointer.targetWord > 0 ? (target.lemmas[pointer.targetWord - 1] ?? target.lemmas[0]) : target.lemmas[0];
      if (usable(lemma)) return { message: lemma, source: `related:${pointer.symbol}` };
    }
    for (const hypernym of hypernymsOf(r, best)) {
      for (const lemma of byPreference(hypernym.lemmas)) if (usable(lemma)) return { message: lemma, source: "hypernym" };
    }
    for (const token of contentTokensOf(best.definition)) {
      const base = definitionWord(r, token);
      if (base && usable(base)) return { message: base, source: "definition" };
    }
  }
  const fallback = categoryHead(category);
  if (isUsableClue(fallback, "", words)) return { message: fallback, source: "category-head" };
  return { message: "something", source: "none" };
}
