/**
 * The lexical bot as a message generator: of the WordNet neighbours of the secret, the clue with
 * the highest expected SoftScore under the lexical judge, weighed against the instance's own decoys.
 * Scored by that same judge this is self-evaluation (paper Appendix E.2): the runner's report says so.
 */
import type { Instance, MessageGenerator } from "../../shared/sneak/types";
import { fallbackClue, scoredLexicalClues } from "../lexicon/lexical-clue";

/** Candidates kept in the result's detail, for audit. */
const DETAIL_CANDIDATES = 5;

export function createLexicalGenerator(): MessageGenerator {
  return {
    id: "lexical",
    async generate(instance: Instance) {
      const scored = scoredLexicalClues({ category: instance.category, words: instance.words, secret: instance.secret, decoys: instance.decoys });
      const best = scored[0];
      if (!best) return { message: fallbackClue(instance.category, instance.words), detail: { source: "fallback", candidates: 0 } };
      return {
        message: best.text,
        detail: {
          source: best.source,
          expectedSoftScore: best.softScore,
          candidates: scored.length,
          top: scored.slice(0, DETAIL_CANDIDATES).map((c) => ({ clue: c.text, source: c.source, pAlly: c.pAlly, pCham: c.pCham, softScore: c.softScore })),
        },
      };
    },
  };
}
