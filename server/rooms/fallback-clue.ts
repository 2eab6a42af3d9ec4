import { clueViolation } from "../../shared/game/clue-validation";
import { seededRng } from "../../shared/random";

/**
 * The server checks a bot's clue with the same rule the reducer uses before sending it, and has a last
 * resort (a plain word that is not on the grid) so that a bot turn can never stall a round.
 */
const LAST_RESORT_WORDS = ["thing", "stuff", "object", "idea", "something", "item", "matter", "notion", "element", "kind"];

export const safeClue = {
  violation(text: string, words: readonly string[], maxWords: number): string | undefined {
    return clueViolation(text, words, maxWords)?.message;
  },
  lastResort(words: readonly string[], seed: string): string {
    const rng = seededRng(`${seed}/last-resort`);
    const start = rng.int(LAST_RESORT_WORDS.length);
    for (let i = 0; i < LAST_RESORT_WORDS.length; i++) {
      const word = LAST_RESORT_WORDS[(start + i) % LAST_RESORT_WORDS.length];
      if (!clueViolation(word, words, 1)) return word;
    }
    return "hmm";
  },
};
