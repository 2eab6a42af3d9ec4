/**
 * "A form of a grid word" for clue legality, like Codenames' "no form of a visible word": a
 * clue token that is a grid word with affixes ("unfriendly", "helpfulness", "fortnightly",
 * "silky") or in a compound ("clawhammer", "foursquare"), or a grid word that is the clue
 * token with affixes ("help" for "helpful"). Pure code, two short affix lists and a generated
 * list of common words (compound-parts.ts), so that the client runs the same check.
 *
 * Where the line is (short words are where accidental look-alikes live):
 *  - a grid word of 1–2 letters ("ox"): only the word itself ("box" and "oxen" are fine);
 *  - 3 letters ("pea", "cat"): listed prefixes, suffixes that always make a new word from the
 *    whole one ("catlike", "sunless", "sadness"), and compounds whose other part is a common
 *    word of 4 letters or more ("catfish", "seaside"); "peace", "category", "carry", "early",
 *    "carpet" and "season" stay allowed;
 *  - 4 letters ("silk", "rain"): every listed affix except the short suffixes that mostly end
 *    unrelated words ("corner", "mother"), and compounds with a common word of 3 letters or more
 *    ("raincoat");
 *  - 5 letters or more: every listed affix and compounds with a common word ("timetable").
 * A token is judged on its inflection base ("thinking" as "think": no "king" in it); a token
 * that is a form of another common word that cuts the grid word in two is not a compound of it
 * ("rebellion" is rebel + -ion, not a compound of "lion"); and a grid word that is also a suffix
 * is not found where it ends a token as that suffix ("leadership" for "ship", "assistant" for
 * "ant").
 */
import { COMPOUND_PARTS_TEXT } from "./compound-parts";

/** Prefixes that keep the word they attach to visible ("unfriendly", "midafternoon", "superneurology"). */
const PREFIXES = [
  "un", "non", "dis", "mis", "pre", "mid", "sub", "super", "over", "under", "anti", "semi", "mini",
  "micro", "mega", "multi", "inter", "post", "self", "counter", "hyper", "ultra", "pseudo", "neo",
  "proto", "trans", "fore", "out", "extra", "half",
] as const;

/** Suffixes that make a new word from the whole word before them, even a 3-letter one. */
const WHOLE_WORD_SUFFIXES = ["ness", "less", "ful", "like", "hood", "ship", "dom", "wise"] as const;
/** Short suffixes that a 4-letter word ends in by accident more often than by derivation ("corner", "mother"). */
const SHORT_SUFFIXES = ["er", "en", "al", "ic", "ry"] as const;
const DERIVATIONAL_SUFFIXES: readonly string[] = [
  ...WHOLE_WORD_SUFFIXES, ...SHORT_SUFFIXES,
  "ly", "ish", "ism", "ist", "ity", "ment", "able", "ible", "ous", "ery", "let", "ling", "y",
  "ette", "ess", "ance", "ence", "ation", "ion", "ive", "ize", "ise", "ify", "ward", "wards", "some",
  // Learned endings that make a field or its practitioner of a word ("oceanography", "musicology").
  "ology", "ologist", "ography", "ographer",
];
/** Inflections end a chain: nothing derives from "-s" or "-ing" ("envision" is not envy + s + ion). */
const INFLECTIONAL_SUFFIXES: readonly string[] = ["s", "es", "ed", "ing", "est"];
const MAX_SUFFIXES = 3;
/**
 * Endings that are suffixes, not words, at the end of a longer word: a grid word like these
 * ("ship", "ant") at a token's end is that suffix ("leadership", "assistant"), and a compound's
 * other part like these ("peas|ant", "cap|able") is a suffix, judged as one.
 */
const SUFFIX_LIKE: ReadonlySet<string> = new Set([
  ...DERIVATIONAL_SUFFIXES, ...INFLECTIONAL_SUFFIXES, "ant", "ent", "ate", "age", "ure", "ine", "ian", "ial", "ual", "ability", "ibility", "ition",
]);
const VOWEL = /[aeiouy]/;

let commonWords: ReadonlySet<string> | undefined;
/** One of the common words a compound's other part must be (compound-parts.ts; the set is built on first use). */
export function isCommonWord(part: string): boolean {
  commonWords ??= new Set(COMPOUND_PARTS_TEXT.split(" "));
  return commonWords.has(part);
}

/** The suffixes that may come first after a grid word of each length, then any derivational one; inflections anywhere, last. */
const FIRST_AFTER_3 = [...WHOLE_WORD_SUFFIXES, ...INFLECTIONAL_SUFFIXES];
const FIRST_AFTER_4 = [...DERIVATIONAL_SUFFIXES.filter((s) => !(SHORT_SUFFIXES as readonly string[]).includes(s)), ...INFLECTIONAL_SUFFIXES];
const ANY_SUFFIX = [...DERIVATIONAL_SUFFIXES, ...INFLECTIONAL_SUFFIXES];

function firstSuffixes(wordLength: number): readonly string[] {
  if (wordLength <= 3) return FIRST_AFTER_3;
  return wordLength === 4 ? FIRST_AFTER_4 : ANY_SUFFIX;
}

/** Whether `rest` is a chain of 1–3 suffixes, the first drawn from `first`, with y → i and a dropped e between them. */
function isSuffixChain(rest: string, first: readonly string[], depth = 0): boolean {
  if (rest === "") return depth > 0;
  if (depth === MAX_SUFFIXES) return false;
  for (const suffix of depth === 0 ? first : ANY_SUFFIX) {
    const spellings = [suffix];
    if (suffix.endsWith("y")) spellings.push(`${suffix.slice(0, -1)}i`); // friend-li-ness
    if (suffix.endsWith("e")) spellings.push(suffix.slice(0, -1)); // fashion-abl-y
    for (const spelling of spellings) {
      if (!rest.startsWith(spelling)) continue;
      const after = rest.slice(spelling.length);
      if (INFLECTIONAL_SUFFIXES.includes(suffix)) {
        if (after === "") return true;
        continue;
      }
      // a respelled suffix needs another after it: an i before any, a dropped e before a vowel
      if (spelling !== suffix && (after === "" || (!spelling.endsWith("i") && !VOWEL.test(after[0])))) continue;
      if (isSuffixChain(after, ANY_SUFFIX, depth + 1)) return true;
    }
  }
  return false;
}

/** Whether `rest` is a chain of listed prefixes (or empty, when `allowEmpty`). */
function isPrefixChain(rest: string, allowEmpty: boolean): boolean {
  if (rest === "") return allowEmpty;
  return PREFIXES.some((prefix) => rest.startsWith(prefix) && isPrefixChain(rest.slice(prefix.length), true));
}


/** Suffixes after which a final o is dropped ("pian-ist", "cell-ist", "volcan-ic"); before others it stays ("radio" is not "radi-al"). */
const AFTER_DROPPED_O = ["ist", "ic"] as const;

interface StemSpelling {
  stem: string;
  /** Whether a suffix starting with a vowel must follow. */
  beforeVowel: boolean;
  /** The suffixes that may come first after this spelling, when fewer than the word's length allows. */
  first?: readonly string[];
}

/**
 * The ways `word` may be written at the start of a longer form: itself; its final y as i
 * ("happi-ness"); its final e dropped ("bak-ery"); its final consonant doubled ("fog-gy"); its final
 * o dropped before -ist or -ic ("pian-ist").
 */
function stemSpellings(word: string): StemSpelling[] {
  const spellings: StemSpelling[] = [{ stem: word, beforeVowel: false }];
  // not in a 3-letter word ("sky" is not "ski-ing"), nor after a vowel ("day")
  if (word.length >= 4 && /[^aeiou]y$/.test(word)) spellings.push({ stem: `${word.slice(0, -1)}i`, beforeVowel: false });
  // not after a vowel ("bee" is not "be-ing") nor in -le ("apple" is not "appl-ication")
  if (/[^aeioul]e$/.test(word)) spellings.push({ stem: word.slice(0, -1), beforeVowel: true });
  // A doubled final consonant is a derivation's own spelling, so after it even a short suffix counts ("drum-mer");
  // not after a 3-letter word, whose short suffixes stay allowed ("foggy", "sunny").
  if (/[^aeiouy][aeiou][bdgklmnprt]$/.test(word)) spellings.push({ stem: word + word[word.length - 1], beforeVowel: true, first: word.length >= 4 ? ANY_SUFFIX : undefined });
  if (word.length >= 5 && /[^aeiou]o$/.test(word)) spellings.push({ stem: word.slice(0, -1), beforeVowel: true, first: AFTER_DROPPED_O });
  return spellings;
}

/** Whether `longer` is `word` with listed prefixes and/or suffixes (at least one affix). Lower-case a–z only. */
export function isAffixedForm(longer: string, word: string): boolean {
  if (word.length < 3 || longer.length <= word.length) return false;
  for (const { stem, beforeVowel, first: firstHere } of stemSpellings(word)) {
    for (let at = longer.indexOf(stem); at !== -1; at = longer.indexOf(stem, at + 1)) {
      const before = longer.slice(0, at);
      const after = longer.slice(at + stem.length);
      const first = firstHere ?? firstSuffixes(word.length);
      const suffixOk = after === "" ? stem === word : (!beforeVowel || VOWEL.test(after[0])) && isSuffixChain(after, first);
      if (suffixOk && isPrefixChain(before, true)) return true;
    }
  }
  return false;
}

/** The shortest common word that may stand beside a grid word of this length in a compound. */
function minCompoundPart(wordLength: number): number {
  return wordLength <= 3 ? 4 : 3;
}

/** Whether `token` reads as a form of a common word that ends inside [start, end), or at start: "rebel|lion" is rebel + -ion. */
function cutByAnotherWord(token: string, start: number, end: number, word: string): boolean {
  for (let cut = Math.max(start, 1); cut < end; cut++) {
    const other = token.slice(0, cut);
    if (other !== word && isCommonWord(other) && isAffixedForm(token, other)) return true;
  }
  return false;
}

/** Grid words this long are refused at a token's start or end beside any other syllable (isCompoundWith). */
const LONG_WORD = 6;
/** Letters the rest of such a token needs: "hammers" and "hammered" are inflections, judged as such. */
const MIN_LONG_WORD_REST = 3;
/** Suffix-like endings (SUFFIX_LIKE) of 3+ letters: they end a long grid word as they end many unrelated words ("ration", "nation"). */
const SHARED_ENDINGS: readonly string[] = [...SUFFIX_LIKE].filter((ending) => ending.length >= 3);

function isLongWord(word: string): boolean {
  return word.length >= LONG_WORD && !SHARED_ENDINGS.some((ending) => word.endsWith(ending));
}

/**
 * Whether `part` is a common word of at least `minLength` letters with suffixes: "breaker" (break), "keeper"
 * (keep), "maker" (make), so that "icebreaker" and "beekeeper" are compounds of "ice" and "bee".
 */
function isDerivedCommonWord(part: string, minLength: number): boolean {
  for (let cut = Math.max(1, minLength - 1); cut < part.length; cut++) {
    const rest = part.slice(cut);
    if (!isSuffixChain(rest, ANY_SUFFIX)) continue;
    const written = part.slice(0, cut);
    // The base as written, with its final e dropped before a vowel ("mak-er"), or with its consonant doubled ("run-ner").
    const bases = [written];
    if (VOWEL.test(rest[0])) bases.push(`${written}e`);
    if (written.length >= 2 && written.at(-1) === written.at(-2)) bases.push(written.slice(0, -1));
    if (bases.some((base) => base.length >= minLength && !SUFFIX_LIKE.has(base) && isCommonWord(base))) return true;
  }
  return false;
}

/** Whether `part` may stand beside a grid word in a compound: a common word, or one with suffixes, not a suffix itself. */
function isCompoundPart(part: string, minPart: number): boolean {
  return part.length >= minPart && !SUFFIX_LIKE.has(part) && (isCommonWord(part) || isDerivedCommonWord(part, minPart));
}

/**
 * Whether `token` is a compound holding `word` ("clawhammer", "raincoat", "foursquare"): on
 * one side of the word a common word, on the other nothing, affixes or another common word.
 */
export function isCompoundWith(token: string, word: string): boolean {
  if (word.length < 3 || token.length <= word.length) return false;
  const minPart = minCompoundPart(word.length);
  // A long grid word at a token's start or end is seldom there by accident ("sledgehammer", "salmonella"),
  // unless it ends in a suffix that other words end in too ("generation" is not a compound of "ration").
  if (isLongWord(word)) {
    const rest = token.startsWith(word) ? token.slice(word.length) : token.endsWith(word) ? token.slice(0, -word.length) : "";
    if (rest.length >= MIN_LONG_WORD_REST && VOWEL.test(rest)) return true;
  }
  for (let at = token.indexOf(word); at !== -1; at = token.indexOf(word, at + 1)) {
    const before = token.slice(0, at);
    const after = token.slice(at + word.length);
    const beforePart = isCompoundPart(before, minPart);
    const afterPart = isCompoundPart(after, minPart);
    if (!beforePart && !afterPart) continue;
    const beforeOk = before === "" || beforePart || isPrefixChain(before, false);
    const afterOk = after === "" || afterPart || isSuffixChain(after, firstSuffixes(word.length));
    if (beforeOk && afterOk && !cutByAnotherWord(token, at, at + word.length, word)) return true;
  }
  return false;
}

/** Whether a form holds the word with affixes or in a compound (a grid word that is a suffix does not count at its end). */
function holdsWord(form: string, word: string): boolean {
  return !(SUFFIX_LIKE.has(word) && form.endsWith(word)) && (isAffixedForm(form, word) || isCompoundWith(form, word));
}

/**
 * Whether a clue token is a form of a grid word in either direction (the rule above). Both are
 * normalized (lower case a–z); `tokenBases` and `wordBases` are their inflection bases that are
 * common words ("helping" → "help", "flats" → "flat"), for the root direction ("help" for "helpful").
 */
export function isFormOf(token: string, word: string, tokenBases: readonly string[] = [], wordBases: readonly string[] = []): boolean {
  const words = [word, ...wordBases];
  // Judged on the token's base when it is a common word: "thinking" as "think", "missing" as "miss".
  const forms = tokenBases.length > 0 ? tokenBases : [token];
  if (forms.some((form) => words.some((w) => holdsWord(form, w)))) return true;
  return [token, ...tokenBases].some((t) => words.some((w) => isAffixedForm(w, t)));
}
