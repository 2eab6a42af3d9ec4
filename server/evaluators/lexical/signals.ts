/**
 * What the lexical judge reads a clue with, and the weights it was fitted with (docs/LEXICAL.md):
 *   sim(m, w) = wordNet · rel(m, w) + vectors · cos(m, w) + senseVectors · scos(m, w) + associations · assoc(m, w)
 * rel is WordNet relatedness (server/lexicon/relatedness.ts), cos the GloVe cosine of the two
 * phrases (server/lexicon/vectors/word-vectors.ts), scos the cosine of the clue's vector with the
 * word's WordNet sense vector in this grid (server/lexicon/sense-vectors.ts), assoc how strongly
 * people link the two in the Edinburgh Associative Thesaurus, √(people / 50) capped at 1
 * (server/lexicon/associations).
 *   chameleon  score(w) = Σ_clues sim(clue, w)
 *   ally       score(m) = (sim(m, s) − mean_w sim(m, w)) / (sd_w sim(m, w) + spreadFloor)
 *                       + category · sim(m, category)
 *   P ∝ exp(β · z), z = the scores standardised over the options shown (mean 0, s.d. 1)
 * The ally's first term says how far a message singles the secret out among the grid's words (a
 * broad decoy close to every word scores about 0); the second keeps a share of what it says about
 * the topic: a category-level message is weak evidence that its author knows the topic, as it is
 * for the paper's LLM allies. Standardising makes the judges commit as the paper's LLM judges do: an LLM
 * chameleon shown a random word still names some word with confidence (Table 2: Leakage 7.9 for a
 * random word, where a uniform guess gives 0), so the shape of the softmax may not depend on how
 * much evidence a clue carries in absolute terms, only on how it sets the options apart.
 */
export const JUDGE_SIGNALS = ["combined", "wordnet", "vectors"] as const;
export type JudgeSignals = (typeof JUDGE_SIGNALS)[number];

export interface JudgeWeights {
  /** Weight of WordNet relatedness rel(m, w) ∈ [0, 1]. */
  wordNet: number;
  /** Weight of the vectors' cosine cos(m, w) ∈ [−1, 1]. */
  vectors: number;
  /** Weight of the cosine of the clue's vector with the word's WordNet sense vector (server/lexicon/sense-vectors.ts). */
  senseVectors: number;
  /** Weight of how strongly people link the clue and the word (word-association norms), in [0, 1]. */
  associations: number;
  /** Added to the spread of a message's similarities over the grid before the ally divides by it, so that a message close to nothing is not read as singling anything out. */
  spreadFloor: number;
  /** Weight of sim(m, category) in the ally's score: how much a topical message counts. */
  category: number;
  /** Added to the spread of the chameleon's scores before it standardises them: a clue that sets one word apart by little, among words it barely touches, leaves the chameleon unsure. */
  chameleonFloor: number;
  /** Inverse temperature of the chameleon. */
  chameleonBeta: number;
  /** Inverse temperature of the ally. */
  allyBeta: number;
}

/**
 * Fitted by `npm run bench:paper -- --fit` (server/evaluators/lexical/fit-judge.ts; test/unit/lexeval-fit.test.ts
 * checks the combined row): the relative weights of the three signals on the clue fixtures' tuning split; the
 * floors, the ally's category weight and the two temperatures against Table 2 on the dataset's tuning
 * categories, the tuning fixtures choosing among the settings that match it (docs/LEXICAL.md says how).
 */
export const FITTED_WEIGHTS: Record<JudgeSignals, JudgeWeights> = {
  combined: { wordNet: 1, vectors: 1, senseVectors: 1, associations: 1.5, spreadFloor: 0.05, category: 0.5, chameleonFloor: 0.3, chameleonBeta: 4, allyBeta: 2.5 },
  wordnet: { wordNet: 1, vectors: 0, senseVectors: 0, associations: 0, spreadFloor: 0.1, category: 1, chameleonFloor: 0, chameleonBeta: 2, allyBeta: 2.5 },
  vectors: { wordNet: 0, vectors: 1, senseVectors: 0, associations: 0, spreadFloor: 0.2, category: 0.5, chameleonFloor: 0, chameleonBeta: 20, allyBeta: 20 },
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
