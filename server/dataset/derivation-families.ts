/**
 * Derivational families: two responses are one word for the dataset when one is the other
 * turned into another part of speech, naming the same thing: a quality or state noun from its
 * adjective ("sad" / "sadness", "jealous" / "jealousy"), an adjective from its noun ("fear" /
 * "fearful", "rain" / "rainy"), an action or state noun from its verb ("frustrated" /
 * "frustration", "excited" / "excitement"). Either of two tests finds them:
 *
 *  1. WordNet links a sense of one to a sense of the other by a derivation pointer ("+"),
 *     across parts of speech, and neither sense names a person (noun.person): an agent noun
 *     names someone else than its root ("psychiatrist" / "psychiatry", "friend" / "friendship",
 *     "buddhist" / "buddhism").
 *  2. WordNet's derivation pointers are incomplete ("jealous" has none), so also: one word is
 *     the other plus one of the meaning-keeping suffixes below, with the usual spelling
 *     changes (happy → happiness, fog → foggy, frustrate → frustration), the root is a WordNet
 *     word, the two are listed in different parts of speech, and WordNet defines one with the
 *     other ("jealousy": "a feeling of jealous envy"; "fearful": "experiencing or showing
 *     fear"). The part-of-speech condition leaves out diminutives ("aunt" / "aunty", both
 *     nouns); the definition condition leaves out look-alikes ("bus" / "busy", "lot" / "lotion").
 *
 * Both words are taken with their inflection bases ("frustrated" → "frustrate"). Never merged:
 * prefixed forms, which change the meaning ("happy" / "unhappy"), and suffixes that do
 * ("fear" / "fearless", "art" / "artist", "friend" / "friendly", "book" / "booklet").
 */
import type { PartOfSpeech, WordNet } from "../lexicon/types";
import { inflectionBases } from "./inflection";
import { spellingKey } from "./spelling";

/**
 * Suffixes that make a quality/state noun (-ness, -ity, -y, -ment, -ion, -ation, -ism) or an
 * adjective "having X" (-ful, -ous, -y) from the same root.
 */
export const FAMILY_SUFFIXES = ["ness", "ity", "y", "ful", "ous", "ment", "ation", "ion", "ism"] as const;
/** A root shorter than this is too short to be sure of ("ox" + "y"). */
const MIN_ROOT_LENGTH = 3;
const PARTS_OF_SPEECH: readonly PartOfSpeech[] = ["n", "v", "a", "r"];

/** The roots a single word could be derived from by one suffix, before any lexicon check. */
export function suffixRoots(word: string): string[] {
  if (/[\s-]/.test(word)) return [];
  const roots: string[] = [];
  for (const suffix of FAMILY_SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (stem.length < MIN_ROOT_LENGTH) continue;
    roots.push(stem, `${stem}e`); // jealous+y, frustrat(e)+ion
    if (stem.endsWith("i")) roots.push(`${stem.slice(0, -1)}y`); // happi+ness
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) roots.push(stem.slice(0, -1)); // fogg+y
  }
  return roots;
}

function partsOfSpeech(word: string, wordNet: WordNet): string {
  return PARTS_OF_SPEECH.filter((pos) => wordNet.synsetsOf(word, pos).some((s) => s.lemmas.includes(word))).join("");
}

function formsOf(word: string, wordNet: WordNet): string[] {
  return [word, ...inflectionBases(word, wordNet)];
}

/** Test 1: a WordNet derivation pointer from a sense of `from` to a lemma spelled like one of `toKeys`. */
function linkedByPointer(from: string, toKeys: ReadonlySet<string>, wordNet: WordNet): boolean {
  for (const form of formsOf(from, wordNet)) {
    for (const sense of wordNet.synsetsOf(form)) {
      const wordNumber = sense.lemmas.indexOf(form) + 1;
      if (wordNumber === 0 || sense.lexFile === "noun.person") continue;
      for (const pointer of sense.pointers) {
        if (pointer.symbol !== "+" || pointer.sourceWord !== wordNumber) continue;
        const target = wordNet.synset(pointer.target);
        if (target.pos === sense.pos || target.lexFile === "noun.person") continue;
        if (toKeys.has(spellingKey(target.lemmas[pointer.targetWord - 1]))) return true;
      }
    }
  }
  return false;
}

/** Whether a definition of `word` uses `other` or an inflection of it ("jealousy": "a feeling of jealous envy"). */
function definedBy(word: string, other: string, wordNet: WordNet): boolean {
  for (const sense of wordNet.synsetsOf(word)) {
    if (!sense.lemmas.includes(word)) continue;
    for (const token of sense.definition.toLowerCase().split(/[^a-z]+/)) {
      if (token === other || (token.startsWith(other) && formsOf(token, wordNet).includes(other))) return true;
    }
  }
  return false;
}

/** Test 2: `derived` (or an inflection base of it) is a root among `rootKeys` plus a family suffix, in another part of speech. */
function linkedBySuffix(derived: string, rootKeys: ReadonlySet<string>, wordNet: WordNet): boolean {
  for (const form of formsOf(derived, wordNet)) {
    for (const root of suffixRoots(form)) {
      if (!rootKeys.has(spellingKey(root))) continue;
      const rootPos = partsOfSpeech(root, wordNet);
      if (rootPos === "" || rootPos === partsOfSpeech(form, wordNet)) continue;
      if (definedBy(form, root, wordNet) || definedBy(root, form, wordNet)) return true;
    }
  }
  return false;
}

/** Whether two responses are one derivational family (the rule above). Symmetric. */
export function sameDerivationalFamily(a: string, b: string, wordNet: WordNet): boolean {
  const keysA = new Set(formsOf(a, wordNet).map(spellingKey));
  const keysB = new Set(formsOf(b, wordNet).map(spellingKey));
  if ([...keysA].some((k) => keysB.has(k))) return false; // the same word: the inflection rule's business
  return (
    linkedByPointer(a, keysB, wordNet) ||
    linkedByPointer(b, keysA, wordNet) ||
    linkedBySuffix(b, keysA, wordNet) ||
    linkedBySuffix(a, keysB, wordNet)
  );
}
