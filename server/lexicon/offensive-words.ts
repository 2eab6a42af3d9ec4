/**
 * Words a bot must never say at a table: obscenities, sexual terms and slurs. WordNet and the word
 * associations hold them as links like any other ("fucker" is a hyponym of sap's *fool* sense; people
 * answered "arse" to cheeks), and a spymaster that ranks by score would say them.
 *
 * Three sources, any one is enough:
 * - the English dataset of the `obscenity` package, matched as written (no look-alike transformers: a
 *   bot's candidate is a dictionary word, never an evasion), less a few innocent words it matches
 *   inside ("cockpit", "scat");
 * - WordNet's own usage labels: a word every sense of which is labelled an obscenity, a vulgarism, an
 *   ethnic slur or disparaging ("wop", "kraut", "honky"), which the package does not list. A word with an
 *   innocent sense too ("pansy" the flower, "paddy" the rice field, "bull") stays;
 * - a few slurs that neither labels, each named as one by the people it is said of or by a style guide
 *   (SLURS_NEITHER_LISTS). Lexical bots said "midget" for the bulldog and "eskimo" for the kayak.
 */
import { RegExpMatcher, englishDataset } from "obscenity";
import { tokensOf } from "./text";
import type { WordNet } from "./types";

/** Innocent words the package's patterns match inside, found by running it over every word said 25 times or more in SUBTLEX-US (data/lexicon/spoken-frequencies.txt) and over bird and clothing names. */
const INNOCENT_WORDS = ["cockpit", "assorted", "assortment", "scat", "pussycat", "cummerbund", "dickcissel", "moby dick"];

/**
 * Slurs the package does not list and WordNet does not label: "midget" (Little People of America), "spaz"
 * and "mongoloid" (disability and Down syndrome organisations), "tranny" (GLAAD Media Reference Guide),
 * "squaw" (US Department of the Interior, 2021) and "eskimo" (AP Stylebook: derogatory to many Inuit and Yupik).
 */
const SLURS_NEITHER_LISTS = new Set(["midget", "midgets", "spaz", "mongoloid", "mongoloids", "tranny", "trannies", "squaw", "squaws", "eskimo", "eskimos"]);

/** WordNet 3.1's usage domains that mark a sense as offensive. */
const OFFENSIVE_USAGE_DOMAINS = new Set(["obscenity", "vulgarism", "ethnic slur", "disparagement"]);

let matcher: RegExpMatcher | null = null;

function packageMatcher(): RegExpMatcher {
  if (!matcher) {
    const { blacklistedTerms, whitelistedTerms } = englishDataset.build();
    matcher = new RegExpMatcher({ blacklistedTerms, whitelistedTerms: [...(whitelistedTerms ?? []), ...INNOCENT_WORDS] });
  }
  return matcher;
}

/** Whether every WordNet sense of the word carries an offensive usage label. */
function offensiveInEverySense(wordNet: WordNet, word: string): boolean {
  const senses = wordNet.synsetsOf(word);
  return (
    senses.length > 0 &&
    senses.every((sense) =>
      sense.pointers.some((p) => p.symbol === ";u" && wordNet.synset(p.target).lemmas.some((lemma) => OFFENSIVE_USAGE_DOMAINS.has(lemma))),
    )
  );
}

/** Whether a clue (a word or short phrase, any case) is one a bot must not say. */
export function isOffensive(text: string, wordNet: WordNet): boolean {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return false;
  if (tokens.some((token) => SLURS_NEITHER_LISTS.has(token))) return true;
  if (packageMatcher().hasMatch(tokens.join(" "))) return true;
  return tokens.some((token) => offensiveInEverySense(wordNet, token)) || offensiveInEverySense(wordNet, tokens.join(" "));
}
