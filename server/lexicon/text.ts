/**
 * Tokens of clues, grid words and glosses. One tokenizer for all three so that a word written
 * in a clue and the same word in a WordNet definition compare equal.
 */

/** Function words and gloss boilerplate ("usually", "especially", "any") that carry no topic. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but nor of to in on at by for with from into onto upon about above below over under " +
    "between among through during before after since until than then as so such that this these those " +
    "there here where when which who whom whose what why how it its itself they them their theirs he him " +
    "his she her hers we us our you your i me my mine one ones is are was were be been being am do does " +
    "did done doing have has had having can could may might must shall should will would not no yes " +
    "very more most much many some any all each every other another both either neither few less least " +
    "also only just even still yet too often usually especially typically sometimes generally mostly " +
    "various certain something someone somebody anything anyone thing things kind kinds type types sort " +
    "form forms way ways part used use uses using make made makes like etc e g ie eg esp"
  ).split(" "),
);

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Lower-case word tokens (letters and digits; hyphens and apostrophes split words), accents folded as
 * the game compares clues: WordNet and the vectors spell "café" and "naïve" without them.
 */
export function tokensOf(text: string): string[] {
  // Most texts (WordNet's glosses, typed clues) are plain ASCII, which has no accents to fold.
  if (ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return text.toLowerCase().normalize("NFKD").replace(/\p{Mn}/gu, "").normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Tokens that are not stopwords and not single letters. */
export function contentTokensOf(text: string): string[] {
  return tokensOf(text).filter((token) => token.length > 1 && !STOPWORDS.has(token));
}

/** A clue or word as the relatedness model keys it: lower case, single spaces, no edge punctuation. */
export function normalizePhrase(text: string): string {
  return tokensOf(text).join(" ");
}
