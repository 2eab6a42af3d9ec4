/**
 * What the lexical judge reads a clue with, and the weights it was fitted with (docs/LEXICAL.md):
 *   sim(m, w) = wordNet · rel(m, w) + vectors · cos(m, w)
 * rel is WordNet relatedness (server/lexicon/relatedness.ts), cos the GloVe cosine of the two
 * phrases (server/lexicon/vectors/word-vectors.ts).
 *   chameleon  P(w | clues) ∝ exp(β_c · Σ_clues sim(clue, w))
 *   ally       P(m | s)     ∝ exp(β_a · (sim(m, s) − centring · mean_w sim(m, w)))
 * centring < 1 keeps part of what a message says about the whole grid: a category-level message
 * is weak evidence that its author knows the topic, as it is for the paper's LLM allies.
 */
export const JUDGE_SIGNALS = ["combined", "wordnet", "vectors"] as const;
export type JudgeSignals = (typeof JUDGE_SIGNALS)[number];

export interface JudgeWeights {
  /** Weight of WordNet relatedness rel(m, w) ∈ [0, 1]. */
  wordNet: number;
  /** Weight of the vectors' cosine cos(m, w) ∈ [−1, 1]. */
  vectors: number;
  /** Share of the grid-wide mean the ally subtracts (1: fully centred; 0: not at all). */
  centring: number;
  /** Inverse temperature of the chameleon. */
  chameleonBeta: number;
  /** Inverse temperature of the ally. */
  allyBeta: number;
}

/**
 * Fitted by `npm run bench:paper -- --fit` (server/evaluators/lexical/fit-judge.ts): the
 * relative weight of the two signals on the clue fixtures' tuning split, the centring and the two
 * temperatures on the tuning categories of the dataset (docs/LEXICAL.md says which).
 */
export const FITTED_WEIGHTS: Record<JudgeSignals, JudgeWeights> = {
  combined: { wordNet: 1, vectors: 1, centring: 1, chameleonBeta: 8, allyBeta: 6 },
  wordnet: { wordNet: 1, vectors: 0, centring: 1, chameleonBeta: 8, allyBeta: 6 },
  vectors: { wordNet: 0, vectors: 1, centring: 1, chameleonBeta: 8, allyBeta: 6 },
};

/** The evaluator id of each variant: the default judge keeps the plain `lexical`. */
export const JUDGE_IDS: Record<JudgeSignals, string> = {
  combined: "lexical",
  wordnet: "lexical:wordnet",
  vectors: "lexical:vectors",
};

/** `lexical`, `lexical:combined`, `lexical:wordnet`, `lexical:vectors` → the variant; null for anything else. */
export function signalsOfSpec(spec: string): JudgeSignals | null {
  if (spec === "lexical") return "combined";
  const match = /^lexical:(combined|wordnet|vectors)$/.exec(spec);
  return match ? (match[1] as JudgeSignals) : null;
}
