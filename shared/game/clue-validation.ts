/**
 * Is a clue legal? One place for the rule (docs/GAME-RULES.md, "Clue validation": "a clue that contains the secret
 * or any grid word … is rejected"), shared by the game reducer, the bots, the benchmark's
 * generators and the LLM message parser, so that all of them reject the same clues.
 *
 * Matching works on tokens, not substrings: "category" does not contain "cat", but
 * "Cats", "CAT'S", "c\u200Bat", "ｃａｔ" and "ice-cream"/"icecreams" (for "ice cream") do.
 * The light stem folds plurals, possessives and -ing/-ed. Beyond that, a token that is a
 * form of a grid word is refused like the word itself (word-forms.ts: "unfriendly",
 * "helpfulness", "clawhammer"), with limits by the grid word's length so that "box" and
 * "peace" stay allowed beside "ox" and "pea". It errs towards rejecting ("news" is taken for
 * "new"), because a leaked grid word spoils a round while a rejected clue costs one retry.
 */

import { isOrdinalOfEachOther, leadsLargerNumber, spellNumbers } from "./number-words";
import { isCommonWord, isFormOf } from "./word-forms";

/** Longest clue, in characters after cleaning: generous for five long words, short enough for one line. */
export const MAX_CLUE_CHARS = 80;
/** The clue word limit allowed by the rules (⚙ 1 to 5; 5 is the benchmark's limit). */
export const MIN_CLUE_WORDS = 1;
export const MAX_CLUE_WORDS = 5;

/** Why a clue of emoji, symbols or punctuation alone is refused (under the code "clue_empty"). */
export const NO_LETTERS_MESSAGE = "The clue has no letters or digits: emoji and punctuation alone are not a clue, add a word.";

export type ClueViolationCode = "clue_empty" | "clue_too_many_words" | "clue_too_long" | "clue_contains_grid_word";

export interface ClueViolation {
  code: ClueViolationCode;
  /** One line for the player; never says whether the word found is the secret. */
  message: string;
  /** The grid word found, as written on the grid (for "clue_contains_grid_word"). */
  word?: string;
}

// Format characters (zero-width space/joiners, soft hyphen, bidi controls, BOM …): invisible, so they
// could smuggle a grid word past a naive check and are never meaningful in a clue.
const FORMAT_CHARS = /\p{Cf}/gu;
const COMBINING_MARKS = /\p{Mn}/gu;
// Letters and digits form separate tokens so that "apple1" still shows "apple".
const TOKEN = /\p{L}+|\p{N}+/gu;
// A token in plain letters, which the affix and compound rules of word-forms.ts read.
const LETTERS = /^[a-z]+$/;
// Scripts written without spaces between words: a grid word there is matched as a substring.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** What a clue or chat line is stored as: NFKC, invisible format and control characters removed, whitespace collapsed, trimmed. */
export function cleanText(text: string): string {
  return text.normalize("NFKC").replace(FORMAT_CHARS, "").replace(/\s+/gu, " ").replace(/\p{Cc}/gu, "").trim();
}

/**
 * The form two texts are compared in: cleaned, case-folded, accents stripped, every run of
 * punctuation or space turned into one space. `normalizeForComparison("Ice-Cream!") === "ice cream"`.
 */
export function normalizeForComparison(text: string): string {
  return foldCleaned(cleanText(text));
}

/** normalizeForComparison of a text already through cleanText. */
function foldCleaned(cleaned: string): string {
  const folded = cleaned
    .toLowerCase()
    .replace(/ß/gu, "ss")
    .replace(/ς/gu, "σ")
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .normalize("NFC");
  return (folded.match(TOKEN) ?? []).join(" ");
}

/** Words of a clue as the word limit counts them: whitespace-separated chunks holding a letter or digit ("ice-cream" is one). */
export function countClueWords(clue: string): number {
  return cleanText(clue)
    .split(" ")
    .filter((chunk) => /[\p{L}\p{N}]/u.test(chunk)).length;
}

// Module-level helpers, not closures inside lightStems: the server runs under tsx, whose esbuild keeps
// function names by calling Object.defineProperty on every closure it creates, and lightStems is hot.
function addStem(forms: Set<string>, base: string): void {
  if (base.length >= 3) forms.add(base);
}

/** "running" → "runn" → "run", "stopped" → "stopp" → "stop". */
function addUndoubled(forms: Set<string>, base: string): void {
  if (base.length >= 4 && base[base.length - 1] === base[base.length - 2] && !/[aeiouls]/.test(base[base.length - 1])) {
    addStem(forms, base.slice(0, -1));
  }
}

/**
 * The forms a token may stand for under the light stem: itself, and its base after removing a
 * plural, possessive, -ing or -ed ending. Two tokens match when their forms overlap.
 */
export function lightStems(token: string): string[] {
  const forms = new Set<string>([token]);
  if (token.length > 3) {
    if (token.endsWith("ies")) addStem(forms, token.slice(0, -3) + "y");
    if (token.endsWith("es")) addStem(forms, token.slice(0, -2));
    if (token.endsWith("s") && !token.endsWith("ss")) addStem(forms, token.slice(0, -1));
    if (token.endsWith("ied")) addStem(forms, token.slice(0, -3) + "y");
    if (token.endsWith("ed")) {
      const base = token.slice(0, -2);
      if (base.length >= 3) {
        addStem(forms, base);
        addStem(forms, base + "e");
        addUndoubled(forms, base);
      }
    }
    if (token.endsWith("ing")) {
      const base = token.slice(0, -3);
      if (base.length >= 3) {
        addStem(forms, base);
        addStem(forms, base + "e");
        addUndoubled(forms, base);
      }
    }
  }
  return [...forms];
}

/** A clue's or grid word's tokens, numerals spelled out first ("7" is "seven", "1/4" is "one quarter"). */
function tokensOf(text: string): string[] {
  const normalized = foldCleaned(spellNumbers(cleanText(text)));
  return normalized === "" ? [] : normalized.split(" ");
}

// Longest run of clue tokens glued together when looking for a grid word written solid ("ice cream" as "icecream", or the reverse).
const MAX_GLUED_TOKENS = 4;

/** A grid word as clues are matched against it: its tokens and its solid form, each with its light stems. */
interface GridWordForms {
  tokens: readonly string[];
  tokenStems: readonly (readonly string[])[];
  solid: string;
  solidStems: readonly string[];
  unspaced: boolean;
  /** Written in letters a–z, so word-forms.ts's affixes and compounds apply. */
  formsApply: boolean;
  /** Its solid form's inflection bases that are common words ("flats" → "flat"). */
  solidBases: readonly string[];
}

/** A token's inflection bases (light stems) that are common words: "helping" → "help". */
function commonBases(token: string): string[] {
  return lightStems(token).filter((stem) => stem !== token && isCommonWord(stem));
}

function gridWordForms(word: string): GridWordForms {
  const tokens = tokensOf(word);
  const solid = tokens.join("");
  return { tokens, tokenStems: tokens.map(lightStems), solid, solidStems: lightStems(solid), unspaced: UNSPACED_SCRIPT.test(solid), formsApply: LETTERS.test(solid), solidBases: commonBases(solid) };
}

/** Two tokens match when their light stems overlap (each token is among its own stems). */
function stemsOverlap(a: readonly string[], b: readonly string[]): boolean {
  return a.some((form) => b.includes(form));
}

/** A clue's tokens, and the light stems and common bases of its tokens and glued runs, each computed once per clue however many grid words it is checked against. */
interface ClueForms {
  tokens: readonly string[];
  stems: Map<string, readonly string[]>;
  bases: Map<string, readonly string[]>;
}

function stemsIn(clue: ClueForms, text: string): readonly string[] {
  let stems = clue.stems.get(text);
  if (!stems) clue.stems.set(text, (stems = lightStems(text)));
  return stems;
}

function basesIn(clue: ClueForms, token: string): readonly string[] {
  let bases = clue.bases.get(token);
  if (!bases) clue.bases.set(token, (bases = commonBases(token)));
  return bases;
}

function clueContains(clue: ClueForms, word: GridWordForms): boolean {
  const clueTokens = clue.tokens;
  if (word.tokens.length === 0) return false;
  if (word.unspaced) return clueTokens.join("").includes(word.solid);
  for (let start = 0; start < clueTokens.length; start++) {
    // A form of the grid word: affixed or in a compound ("unfriendly", "clawhammer"), or its root ("help" for "helpful").
    const token = clueTokens[start];
    if (word.formsApply && LETTERS.test(token) && isFormOf(token, word.solid, basesIn(clue, token), word.solidBases)) return true;
    // A number's ordinal is a form of it: "seventh" for "seven", "sevenths" or "seven" for "seventh"; not the
    // "five" of "twenty five" (25%) for "fifth".
    if (word.tokens.length === 1 && !leadsLargerNumber(clueTokens[start - 1]) && stemsIn(clue, token).some((stem) => word.solidStems.some((w) => isOrdinalOfEachOther(stem, w)))) return true;
    // The grid word's tokens in a row: "ice creams" for "ice cream".
    if (start + word.tokens.length <= clueTokens.length && word.tokenStems.every((stems, i) => stemsOverlap(stemsIn(clue, clueTokens[start + i]), stems))) {
      return true;
    }
    // The grid word written solid or split differently: "icecream", "ice-cream", "sun flower" for "sunflower".
    let glued = "";
    for (let end = start; end < Math.min(clueTokens.length, start + MAX_GLUED_TOKENS); end++) {
      glued += clueTokens[end];
      if (end > start || word.tokens.length > 1) {
        if (stemsOverlap(stemsIn(clue, glued), word.solidStems)) return true;
      }
    }
  }
  return false;
}

/**
 * Each grid word's forms, by grid: every clue of a round is checked against the same grid (and the dealt
 * cards are the library's, shared by every room), so each grid is normalized and stemmed once, not once
 * per clue (the stems, recomputed per pair of tokens, were a tenth of what the server allocated under load).
 */
const gridForms = new WeakMap<readonly string[], readonly GridWordForms[]>();
/** A mutable grid's forms, by its words' content (a caller may change its array, never a cached entry); cleared when full. */
const gridFormsByContent = new Map<string, readonly GridWordForms[]>();
export const MAX_GRIDS_BY_CONTENT = 1_000;

function formsOfGrid(words: readonly string[]): readonly GridWordForms[] {
  if (Object.isFrozen(words)) {
    let forms = gridForms.get(words);
    if (!forms) gridForms.set(words, (forms = words.map(gridWordForms)));
    return forms;
  }
  const key = words.join("\u0000");
  let forms = gridFormsByContent.get(key);
  if (!forms) {
    if (gridFormsByContent.size >= MAX_GRIDS_BY_CONTENT) gridFormsByContent.clear();
    gridFormsByContent.set(key, (forms = words.map(gridWordForms)));
  }
  return forms;
}

/** How many mutable grids' forms are cached: at most MAX_GRIDS_BY_CONTENT, however many custom cards a long-lived server sees. */
export function gridsCachedByContent(): number {
  return gridFormsByContent.size;
}

/** The first grid word (as written in `words`) that the clue contains after normalization and the light stem, if any. */
export function findGridWordIn(clue: string, words: readonly string[]): string | undefined {
  const clueTokens = tokensOf(clue);
  if (clueTokens.length === 0) return undefined;
  const forms = formsOfGrid(words);
  const clueForms: ClueForms = { tokens: clueTokens, stems: new Map(), bases: new Map() };
  for (let index = 0; index < words.length; index++) if (clueContains(clueForms, forms[index])) return words[index];
  return undefined;
}

/**
 * Why a clue is not allowed, or undefined when it is. Checks, in order: empty (nothing but
 * spaces, punctuation or invisible characters), more than `maxWords` words, longer than
 * MAX_CLUE_CHARS characters, holds a grid word or a form of one (the secret being one of them);
 * the refusal names the first such word in grid order, so it never singles out the secret.
 */
export function clueViolation(clue: string, words: readonly string[], maxWords: number): ClueViolation | undefined {
  const cleaned = cleanText(clue);
  if (normalizeForComparison(cleaned) === "") {
    // Same code either way; the message tells a clue of emoji or punctuation from a blank one.
    const message = cleaned === "" ? "The clue is empty: type at least one word." : NO_LETTERS_MESSAGE;
    return { code: "clue_empty", message };
  }
  const count = countClueWords(cleaned);
  if (count > maxWords) {
    const limit = maxWords === 1 ? "one word" : `${maxWords} words`;
    return { code: "clue_too_many_words", message: `The clue has ${count} words; the limit is ${limit}.` };
  }
  const length = [...cleaned].length;
  if (length > MAX_CLUE_CHARS) {
    return { code: "clue_too_long", message: `The clue is ${length} characters long; the limit is ${MAX_CLUE_CHARS}.` };
  }
  const word = findGridWordIn(cleaned, words);
  if (word !== undefined) {
    return { code: "clue_contains_grid_word", message: `The clue holds "${word}" or a form of it, a word on the grid: give a clue without it.`, word };
  }
  return undefined;
}
