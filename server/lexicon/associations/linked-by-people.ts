/**
 * How many people linked a clue with a grid word in the word-association norms: the clue as written, as
 * people wrote their answers, and the grid word as written or in its singular, since the norms asked most
 * nouns in the singular ("eye", not "eyes"). Also whether people asked a clue answered a word at all.
 */
import type { Relatedness } from "../relatedness";
import { getWordAssociations, type WordAssociations } from "./word-associations";

/** Grid words' forms kept at most (cleared, not evicted, when full): the judge asks for the same few words over and over. */
const MAX_CACHED_FORMS = 10_000;
const formsCache = new WeakMap<Relatedness, Map<string, readonly string[]>>();

/** A word as the norms may have asked it: as written (lower case) and in its singular ("eyes" → eye). */
export function askedForms(r: Relatedness, word: string): readonly string[] {
  let cache = formsCache.get(r);
  if (!cache) formsCache.set(r, (cache = new Map()));
  let forms = cache.get(word);
  if (!forms) {
    forms = [...new Set([word, ...r.wordNet.baseForms(word, "n")])];
    if (cache.size >= MAX_CACHED_FORMS) cache.clear();
    cache.set(word, forms);
  }
  return forms;
}

/** A word or clue as the norms write it: lower case, single spaces, nothing around it (" Fetch\n" is "fetch"). */
function asWritten(text: string): string {
  return text.toLowerCase().trim().replace(/\s+/g, " ");
}

export function peopleLinking(r: Relatedness, gridWord: string, clue: string, associations: WordAssociations = getWordAssociations()): number {
  const said = asWritten(clue);
  let most = 0;
  for (const form of askedForms(r, asWritten(gridWord))) most = Math.max(most, associations.count(form, said));
  return most;
}

/**
 * Whether people asked the clue (as written or in its singular) answered the word, in any of its asked
 * forms or an answer's singular ("ears" for ear); undefined when the norms never asked the clue, which says
 * nothing either way.
 */
export function answeredWhenAsked(r: Relatedness, clue: string, word: string, associations: WordAssociations = getWordAssociations()): boolean | undefined {
  const answers = askedForms(r, asWritten(clue)).flatMap((form) => associations.responsesTo(form));
  if (answers.length === 0) return undefined;
  const wordForms = new Set(askedForms(r, asWritten(word)));
  return answers.some((answer) => wordForms.has(answer.word) || r.wordNet.baseForms(answer.word, "n").some((base) => wordForms.has(base)));
}
