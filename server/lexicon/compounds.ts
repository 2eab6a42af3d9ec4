/**
 * WordNet's multi-word lemmas indexed by their tokens, to answer "is there a compound that holds
 * both the clue and the word?" ("ice cream cone", "top hat", "guide dog"). Built on first use.
 */
import { tokensOf } from "./text";
import type { PartOfSpeech, WordNet } from "./types";

const PARTS_OF_SPEECH: readonly PartOfSpeech[] = ["n", "v", "a", "r"];

export class Compounds {
  private index: Map<string, string[][]> | undefined;
  /** Token → every token it shares a compound with: answers the one-token case with a set lookup. */
  private readonly partners = new Map<string, ReadonlySet<string>>();

  constructor(private readonly wordNet: WordNet) {}

  /** True when some multi-word lemma contains one of `firstForms` and, elsewhere, one form of every token in `others`. */
  holdsBoth(firstForms: readonly string[], others: readonly (readonly string[])[]): boolean {
    const index = (this.index ??= this.build());
    if (others.length === 1) return firstForms.some((form) => others[0].some((other) => this.partnersOf(form, index).has(other)));
    for (const form of firstForms) {
      for (const lemma of index.get(form) ?? []) {
        const rest = lemma.slice();
        rest.splice(rest.indexOf(form), 1);
        if (others.every((forms) => forms.some((f) => rest.includes(f)))) return true;
      }
    }
    return false;
  }

  private partnersOf(form: string, index: Map<string, string[][]>): ReadonlySet<string> {
    let set = this.partners.get(form);
    if (!set) {
      const tokens = new Set<string>();
      for (const lemma of index.get(form) ?? []) {
        const rest = lemma.slice();
        rest.splice(rest.indexOf(form), 1);
        for (const token of rest) tokens.add(token);
      }
      set = tokens;
      this.partners.set(form, set);
    }
    return set;
  }

  private build(): Map<string, string[][]> {
    const index = new Map<string, string[][]>();
    const seen = new Set<string>();
    for (const pos of PARTS_OF_SPEECH) {
      for (const lemma of this.wordNet.lemmas(pos)) {
        if (!lemma.includes(" ") || seen.has(lemma)) continue;
        seen.add(lemma);
        const tokens = tokensOf(lemma);
        for (const token of new Set(tokens)) {
          let list = index.get(token);
          if (!list) index.set(token, (list = []));
          list.push(tokens);
        }
      }
    }
    return index;
  }
}
