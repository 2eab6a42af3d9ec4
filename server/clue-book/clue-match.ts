/**
 * When two clues are "the same clue" for the bots' reading of the clue book: the game's own form rule
 * (shared/game/clue-validation.ts), so that "stripe" heard at the table finds the book's "stripes", "Ice-Cream"
 * finds "ice cream", and a bot never says a form of a clue already said.
 */
import { findGridWordIn, lightStems, normalizeForComparison } from "../../shared/game/clue-validation";
import { STOPWORDS } from "../lexicon/text";

/** A clue as the matcher reads it: its tokens' light-stem forms, with function words left out ("the mind" is "mind"). */
export interface ClueForms {
  key: string;
  /** Per content token, the forms it may stand for (lightStems). */
  tokens: string[][];
}

export function clueForms(text: string): ClueForms {
  const key = normalizeForComparison(text);
  const all = key === "" ? [] : key.split(" ");
  const content = all.filter((token) => !STOPWORDS.has(token));
  // A clue of function words alone ("the who") keeps them: they are all it says.
  const tokens = (content.length > 0 ? content : all).map((token) => lightStems(token));
  return { key, tokens };
}

function sameToken(a: readonly string[], b: readonly string[]): boolean {
  return a.some((form) => b.includes(form));
}

/** The same clue up to case, punctuation, function words and the light stem ("Stripes!" and "stripe"). */
export function sameClue(a: ClueForms, b: ClueForms): boolean {
  if (a.key === b.key) return true;
  return a.tokens.length === b.tokens.length && a.tokens.length > 0 && a.tokens.every((forms, i) => sameToken(forms, b.tokens[i]));
}

/** The shortest content token that counts as shared between two clues: "spiky crown" and "crown" share one, "a" and "an" nothing. */
const MIN_SHARED_TOKEN = 3;

/** Whether two clues share a content word (up to the light stem): "crown" is close to the book's "spiky crown". */
export function sharesWord(a: ClueForms, b: ClueForms): boolean {
  return a.tokens.some((forms) => forms[0].length >= MIN_SHARED_TOKEN && b.tokens.some((other) => other[0].length >= MIN_SHARED_TOKEN && sameToken(forms, other)));
}

/**
 * Whether `candidate` repeats a clue said already, or is a form of one, or holds one, by the game's form rule read
 * both ways ("coat" after "lab coat", "stripy" after "stripes"): a player who says it again adds nothing and looks odd.
 */
export function repeatsSaid(candidate: string, said: readonly string[]): boolean {
  if (said.length === 0) return false;
  const forms = clueForms(candidate);
  for (const text of said) {
    if (sameClue(forms, clueForms(text))) return true;
    if (findGridWordIn(text, [candidate]) !== undefined) return true;
  }
  return findGridWordIn(candidate, said) !== undefined;
}
