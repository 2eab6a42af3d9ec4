/**
 * Words the dataset holds that the game never deals: a party table is not asked to clue sexual violence
 * (people answered "rape" for crime and violent crime; lexical bots clued it "intercourse" and "girl").
 * The benchmark keeps them, since the dataset follows the paper's procedure. Both cards keep 10 words
 * or more, so they stay in the default pool.
 */
export const WORDS_NOT_DEALT: ReadonlySet<string> = new Set(["rape"]);

/** A card's words as the game deals them: in order, less those never dealt. */
export function dealtWords(words: readonly string[]): string[] {
  return words.filter((word) => !WORDS_NOT_DEALT.has(word));
}
