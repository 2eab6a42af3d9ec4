/**
 * The lexical bot as a message generator: the clue an informed bot at normal level gives as the round's first,
 * the candidate with the best expected outcome under the table's listeners (WordNet, the vectors, and both with
 * people's associations: server/lexicon/table-listeners.ts). It sees what the paper's generator sees (no
 * decoys). Scored by the lexical judges, whose signals it reads, this is self-evaluation (paper Appendix E.2):
 * the runner's report says so.
 */
import type { Instance, MessageGenerator } from "../../shared/sneak/types";
import { fallbackClue, scoredLexicalClues } from "../lexicon/lexical-clue";

/** Candidates kept in the result's detail, for audit. */
const DETAIL_CANDIDATES = 5;

export function createLexicalGenerator(): MessageGenerator {
  return {
    id: "lexical",
    async generate(instance: Instance) {
      const scored = scoredLexicalClues({ category: instance.category, words: instance.words, secret: instance.secret });
      const best = scored[0];
      if (!best) return { message: fallbackClue(instance.category, instance.words), detail: { source: "fallback", candidates: 0 } };
      return {
        message: best.text,
        detail: {
          source: best.source,
          expectedSoftScore: best.softScore,
          candidates: scored.length,
          top: scored.slice(0, DETAIL_CANDIDATES).map((c) => ({
            clue: c.text,
            source: c.source,
            ...(c.sharedWith ? { sharedWith: c.sharedWith } : {}),
            expectedSoftScore: c.softScore,
            listeners: Object.fromEntries(c.readings.map((reading) => [reading.listener, { utility: reading.utility, leakage: reading.leakage }])),
          })),
        },
      };
    },
  };
}
