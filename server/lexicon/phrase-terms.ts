/**
 * Splits a clue or a grid word into WordNet terms: the longest runs of tokens that WordNet lists
 * as one lemma ("looking glass", "ice cream", "twenty-five", "red breast" → redbreast), then single
 * content words, which may be unknown to WordNet ("narnia") and still match glosses.
 */
import { STOPWORDS, tokensOf } from "./text";
import type { Synset, WordNet } from "./types";
import type { WordForms } from "./word-forms";
import { LRUCache } from "lru-cache";

/** Longest run of tokens tried as one lemma ("bird of prey" is 3, "jack in the box" 4). */
const MAX_LEMMA_TOKENS = 4;
/** A closed-up compound is tried split only from this length, each part at least MIN_COMPOUND_PART letters ("co" + "worker"). */
const MIN_CLOSED_COMPOUND_LENGTH = 6;
const MIN_COMPOUND_PART = 2;

export interface Term {
  /** The term as written, lower case, tokens joined by spaces. */
  readonly text: string;
  readonly tokens: readonly string[];
  /** Word forms of a single-token term (for gloss matching); a multi-token term has none. */
  readonly forms: readonly string[];
  /** WordNet senses, all parts of speech, in WordNet's order; empty for a word WordNet lacks. */
  readonly senses: readonly Synset[];
}

export class PhraseTerms {
  private readonly cache = new LRUCache<string, readonly Term[]>({ max: 20_000 });

  constructor(
    private readonly wordNet: WordNet,
    private readonly forms: WordForms,
  ) {}

  of(phrase: string): readonly Term[] {
    const key = phrase.trim().toLowerCase();
    let terms = this.cache.get(key);
    if (!terms) {
      terms = this.segment(key);
      this.cache.set(key, terms);
    }
    return terms;
  }

  private segment(phrase: string): Term[] {
    const typed = tokensOf(phrase);
    // A possessive's "s" ("valentine's") is no word of its own; read as one, it would hide "valentine".
    const tokens = typed.length > 1 ? typed.filter((t) => t !== "s") : typed;
    const terms: Term[] = [];
    // The phrase as typed first: WordNet spells some lemmas with hyphens ("break-in").
    if (typed.length > 1 && typed.length <= MAX_LEMMA_TOKENS) {
      const whole = this.wordNet.synsetsOf(phrase);
      if (whole.length > 0) return [{ text: typed.join(" "), tokens: typed, forms: [], senses: whole }];
    }
    for (let start = 0; start < tokens.length; ) {
      let taken = 0;
      for (let length = Math.min(MAX_LEMMA_TOKENS, tokens.length - start); length >= 2; length--) {
        const run = tokens.slice(start, start + length);
        const senses = this.sensesOfRun(run);
        if (senses.length > 0) {
          terms.push({ text: run.join(" "), tokens: run, forms: [], senses });
          taken = length;
          break;
        }
      }
      if (taken === 0) {
        const token = tokens[start];
        taken = 1;
        // Single letters are noise, but a single digit is a number ("7" is WordNet's seven).
        if (!STOPWORDS.has(token) && (token.length > 1 || /\d/.test(token))) {
          const senses = this.wordNet.synsetsOf(token);
          terms.push({ text: token, tokens: [token], forms: this.forms.of(token), senses: senses.length > 0 ? senses : this.sensesOfClosedCompound(token) });
        }
      }
      start += taken;
    }
    return terms;
  }

  /**
   * A word WordNet lacks that it lists split in two: players close up what WordNet spells with a space or a
   * hyphen ("coworker" → co-worker, "firetruck" → fire truck). The term keeps the word as typed, so that
   * gloss matching still reads its forms.
   */
  private sensesOfClosedCompound(token: string): Synset[] {
    if (token.length < MIN_CLOSED_COMPOUND_LENGTH) return [];
    for (let cut = MIN_COMPOUND_PART; cut <= token.length - MIN_COMPOUND_PART; cut++) {
      // Spaced or hyphenated only: written solid, it is the token WordNet already lacks.
      for (const joiner of [" ", "-"]) {
        const senses = this.wordNet.synsetsOf(`${token.slice(0, cut)}${joiner}${token.slice(cut)}`);
        if (senses.length > 0) return senses;
      }
    }
    return [];
  }

  private sensesOfRun(run: readonly string[]): Synset[] {
    for (const spelling of [run.join(" "), run.join("-"), run.join("")]) {
      const senses = this.wordNet.synsetsOf(spelling);
      if (senses.length > 0) return senses;
    }
    return [];
  }
}
