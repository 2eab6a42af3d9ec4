/**
 * WordNet's multi-word lemmas indexed by their constituents, to answer "is there a compound that
 * holds both the clue and the word?" ("ice cream cone", "top hat", "guide dog"). A compound is read
 * as its longest WordNet terms, as a reader parses it: "ice cream cone" is ice cream + cone, so it
 * links cone to ice cream and not to cream. Built on first use.
 */
import { tokensOf } from "./text";
import type { PartOfSpeech, WordNet } from "./types";

const PARTS_OF_SPEECH: readonly PartOfSpeech[] = ["n", "v", "a", "r"];
/** Longest run of tokens tried as one constituent (as phrase-terms.ts reads phrases). */
const MAX_CONSTITUENT_TOKENS = 4;

export class Compounds {
  private index: Map<string, string[][]> | undefined;
  private multiWord: ReadonlySet<string> | undefined;
  /** Constituent → every constituent it shares a compound with (built per constituent on first ask). */
  private readonly partners = new Map<string, ReadonlySet<string>>();

  constructor(private readonly wordNet: WordNet) {}

  /** True when some compound has one of `firstForms` as a constituent and one of `otherForms` as another. */
  holdsBoth(firstForms: readonly string[], otherForms: readonly string[]): boolean {
    const index = (this.index ??= this.build());
    return firstForms.some((form) => otherForms.some((other) => this.partnersOf(form, index).has(other)));
  }

  /** The constituents of a multi-word lemma: longest runs that are lemmas themselves, else single tokens. */
  constituentsOf(lemma: string): string[] {
    const multiWord = this.multiWordLemmas();
    const tokens = tokensOf(lemma);
    const out: string[] = [];
    for (let start = 0; start < tokens.length; ) {
      let taken = 1;
      // Runs shorter than the whole: the whole is the compound itself.
      for (let length = Math.min(MAX_CONSTITUENT_TOKENS, tokens.length - start, tokens.length - 1); length >= 2; length--) {
        const run = tokens.slice(start, start + length).join(" ");
        if (multiWord.has(run)) {
          taken = length;
          break;
        }
      }
      out.push(tokens.slice(start, start + taken).join(" "));
      start += taken;
    }
    return out;
  }

  private partnersOf(form: string, index: Map<string, string[][]>): ReadonlySet<string> {
    let set = this.partners.get(form);
    if (!set) {
      const constituents = new Set<string>();
      for (const compound of index.get(form) ?? []) {
        const rest = compound.slice();
        rest.splice(rest.indexOf(form), 1);
        for (const constituent of rest) constituents.add(constituent);
      }
      set = constituents;
      this.partners.set(form, set);
    }
    return set;
  }

  /** Lemmas are base forms, so a constituent is looked up as written: a set, not WordNet's morphology. */
  private multiWordLemmas(): ReadonlySet<string> {
    if (!this.multiWord) {
      const set = new Set<string>();
      for (const pos of PARTS_OF_SPEECH) for (const lemma of this.wordNet.lemmas(pos)) if (lemma.includes(" ")) set.add(lemma);
      this.multiWord = set;
    }
    return this.multiWord;
  }

  private build(): Map<string, string[][]> {
    const index = new Map<string, string[][]>();
    for (const lemma of this.multiWordLemmas()) {
      const constituents = this.constituentsOf(lemma);
      if (constituents.length < 2) continue;
      for (const constituent of new Set(constituents)) {
        let list = index.get(constituent);
        if (!list) index.set(constituent, (list = []));
        list.push(constituents);
      }
    }
    return index;
  }
}
