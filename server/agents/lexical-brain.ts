import { bestLexicalClue, guessSecret, plausibleChameleonClue, rankSuspects } from "../lexicon/lexical-clue";
import { seededRng } from "../../shared/random";
import type { LexicalBrain } from "./lexical-agent";

/**
 * The lexical bot's decisions are server/lexicon/lexical-clue.ts's (WordNet relatedness and the lexical
 * judge); this adapter feeds them a bot's own view and keeps the table's clue limit.
 */
export function createLexicalBrain(): LexicalBrain {
  return {
    informedClue(view, avoid) {
      return bestLexicalClue({
        category: view.category,
        words: view.words,
        secret: view.secret,
        avoid: [...avoid, ...view.clues.map((c) => c.text)],
        decoys: view.decoys,
      });
    },
    chameleonClue(view, avoid) {
      const rng = seededRng(`${view.seed}/bluff/${avoid.length}`);
      const earlierClues = view.clues.filter((c) => c.playerId !== view.playerId).map((c) => c.text);
      return plausibleChameleonClue({ category: view.category, words: view.words, earlierClues: [...earlierClues, ...avoid] }, rng);
    },
    suspects(view) {
      if (view.words.length === 0) return [];
      return rankSuspects({
        category: view.category,
        words: view.words,
        secret: view.secret ?? undefined,
        clues: view.clues.map((c) => ({ playerId: c.playerId, clue: c.text })),
        self: view.playerId,
      }).map((s) => s.playerId);
    },
    guess(view, options) {
      if (options.length === 0) return view.category;
      const clues = view.clues.filter((c) => c.playerId !== view.playerId).map((c) => c.text);
      return guessSecret({ category: view.category, words: options, clues });
    },
  };
}
