/**
 * Appendix E.2's concern: a generator scored by a judge that is the same model (or, for the lexical
 * bot, the very scorer it optimises against). Returns the evaluator ids that judge their own kind.
 */
/** The model named by a spec: `llm:MODEL[+METHOD][@URL]` (docs/LLM.md; the method may also end it) → `llm:MODEL`. */
export function modelOf(spec: string): string | null {
  if (spec === "lexical") return "lexical";
  if (!spec.startsWith("llm:")) return null;
  const model = spec
    .slice("llm:".length)
    .replace(/\+(plain|cot|sets|rmr)$/, "")
    .replace(/@https?:\/\/.*$/, "")
    .replace(/\+(plain|cot|sets|rmr)$/, "");
  return model ? `llm:${model}` : null;
}

export function selfEvaluatorsOf(generatorId: string, evaluatorIds: readonly string[]): string[] {
  const generatorModel = modelOf(generatorId);
  if (!generatorModel) return [];
  return evaluatorIds.filter((id) => modelOf(id) === generatorModel);
}

export function selfEvaluationNote(generatorId: string, evaluators: readonly string[]): string {
  if (generatorId === "lexical")
    return `self-evaluation: the lexical bot picks its clue by its expected SoftScore under a reading of the lexical evaluator that scores it (${evaluators.join(", ")}; the bot's reading leaves out the ally's category term and the word-association signal), so its scores are not independent; the paper's Appendix E.2 studies this bias for LLM judges. Score it with an independent judge (llm:…) for a fair comparison.`;
  return `self-evaluation: ${evaluators.join(", ")} judges messages written by the same model (the paper's Appendix E.2 measures this bias as small but it is not excluded); compare with the other judges' columns.`;
}
