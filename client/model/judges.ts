/** Who scored the clues, in the words a player reads: the evaluator ids of the snapshot (`lexical`, `llm:MODEL@URL`). */
export function judgeName(evaluator: string): string {
  if (evaluator === "lexical" || evaluator === "lexical:combined") return "the built-in word model";
  if (evaluator === "lexical:wordnet") return "the built-in word model (WordNet only)";
  if (evaluator === "lexical:vectors") return "the built-in word model (word vectors only)";
  if (evaluator.startsWith("llm:")) return `the AI model ${evaluator.slice(4).split("@")[0]}`;
  return evaluator;
}

/** The one line under "How good was each clue?": who the judge is, and that it can be wrong. */
export function judgeLine(evaluators: readonly string[]): string {
  if (evaluators.length === 0) return "No judge scores the clues on this server.";
  const names = evaluators.map(judgeName);
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} (averaged)`;
  return `Judged by ${who}: a computer's guess at how people read each clue, and it can be wrong.`;
}
