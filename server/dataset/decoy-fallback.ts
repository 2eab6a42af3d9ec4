/** Category-level decoy terms, for grids that propose too few shared terms (see data/README.md). */
import type { Synset, WordNet } from "../lexicon/types";
import { proposedTerms } from "./decoy-terms";
import { byCodePoint } from "./merge-responses";
import { categorySynsets, sharedAncestor } from "./word-senses";

/**
 * What a category with a generic head is about: X in "part of X" / "type of X", the noun
 * behind the modifier of "statistical term" (statistics).
 */
function categorySubject(category: string, wordNet: WordNet): Synset | undefined {
  const of = /^(?:part|type|kind|sort) of (?:an? |the )?(.+)$/.exec(category)?.[1];
  if (of) return wordNet.synsetsOf(of, "n")[0];
  const modifier = /^(\S+) (?:term|type|kind)$/.exec(category)?.[1];
  if (!modifier) return undefined;
  const noun = wordNet.synsetsOf(modifier, "n")[0];
  if (noun) return noun;
  // An adjective: follow its pertainym or derivation to a noun ("statistical" → statistics).
  for (const sense of wordNet.synsetsOf(modifier, "a")) {
    const link = sense.pointers.find((p) => (p.symbol === "\\" || p.symbol === "+") && p.target.startsWith("n:"));
    if (link) return wordNet.synset(link.target);
  }
  return undefined;
}

/**
 * Category-level terms, the documented fallback for a category whose grid proposes fewer than
 * the stored count of shared terms: the terms proposedTerms reads from the category's synset
 * (its subject's for a generic head; for a category WordNet lacks, the grid's shared hypernym)
 * and from its hypernyms up to six levels, each level weighing less. They describe the
 * category, not a word, so they cannot single out a grid word.
 */
export function categoryLevelTerms(category: string, senses: readonly (Synset | undefined)[], wordNet: WordNet): string[] {
  const terms = new Map<string, number>();
  // The category's first sense (for "part of X", X's), then its hypernyms up to six levels, each weighing less.
  let level = [categorySubject(category, wordNet) ?? categorySynsets(category, wordNet)[0]].filter((s): s is Synset => s !== undefined);
  // A category WordNet does not name ("natural landform"): what most grid words are.
  if (level.length === 0) level = [sharedAncestor(senses, wordNet)].filter((s): s is Synset => s !== undefined);
  for (let depth = 0; depth < 6 && level.length > 0; depth++) {
    const next: Synset[] = [];
    for (const sense of level) {
      for (const [term, proposal] of proposedTerms(sense, wordNet)) {
        const weight = proposal.weight / (depth + 1);
        if ((terms.get(term) ?? 0) < weight) terms.set(term, weight);
      }
      for (const p of sense.pointers) if (p.symbol === "@" || p.symbol === "@i") next.push(wordNet.synset(p.target));
    }
    level = next;
  }
  return [...terms].sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0])).map(([term]) => term);
}

