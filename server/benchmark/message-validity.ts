import { clueViolation, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";

/**
 * The task's rules for a message (paper §2.1): at most five words and none of the grid words,
 * checked by the same function the game and the LLM generators use, so all reject the same clues.
 * Broken rules are recorded with the message, never silently fixed.
 */
export function invalidReasonOf(message: string, words: readonly string[]): string | undefined {
  const violation = clueViolation(message, words, MAX_CLUE_WORDS);
  return violation ? `${violation.code}: ${violation.message}` : undefined;
}
