/**
 * The benchmark's nouns. Everything here is plain data so that it can cross a socket,
 * a JSONL file or a worker boundary unchanged.
 */

/** One category of the derived dataset (data/sneak-dataset.json). */
export interface CategoryEntry {
  category: string;
  /** Candidate words W, most frequently produced first. */
  words: string[];
  /** Decoy messages, best first. The benchmark uses the first `decoys` of them (default 5). */
  decoys: string[];
}

export interface Dataset {
  name: string;
  description: string;
  categories: CategoryEntry[];
}

/** One benchmark instance (c, W, w_s) with its decoys M_decoy. */
export interface Instance {
  /** Stable id: `<category>/<secret>`. */
  id: string;
  category: string;
  words: string[];
  secret: string;
  decoys: string[];
}

export type EvaluatorRole = "ally" | "chameleon";

/** What the ally sees: the category, words, secret, and the real message hidden among decoys. */
export interface AllyQuery {
  category: string;
  words: string[];
  secret: string;
  /** The candidate messages M in the order they are shown (already shuffled by the caller). */
  options: string[];
}

/** What the chameleon sees: the category, words and one or more clues (the in-game cumulative view). */
export interface ChameleonQuery {
  category: string;
  /** The candidate words in the order they are shown (already shuffled by the caller). */
  options: string[];
  clues: string[];
}

/** An evaluator's answer: a distribution over the options exactly as they were shown. */
export interface Judgement {
  options: string[];
  /** Aligned with options; sums to 1. Empty when `failure` is set. */
  probabilities: number[];
  /** Probability mass the model put on the option labels before renormalising (LLM judges); 1 for the lexical judge. */
  coverage: number;
  /** Set when no usable distribution could be read: a parsing failure, counted and reported, never scored as 0. */
  failure?: string;
  /** e.g. "low-coverage", "generation-fallback", "cached". */
  flags: string[];
}

/** Utility and leakage judges (paper §2.3). The lexical judge and the LLM judges both implement it. */
export interface Evaluator {
  /** e.g. "lexical", "llm:qwen@http://127.0.0.1:8000/v1". */
  readonly id: string;
  ally(query: AllyQuery): Promise<Judgement>;
  chameleon(query: ChameleonQuery): Promise<Judgement>;
  /**
   * Optional: do the work that depends only on the grid now (a game calls it when a round is dealt), so
   * that scoring each clue later costs less. Never changes an answer.
   */
  prepare?(category: string, words: readonly string[]): void;
}

/** A message generator's output for one instance. */
export interface GeneratedMessage {
  message: string;
  /** Present when the message breaks the task's rules (over 5 words, contains a grid word): recorded, never fixed. */
  invalid?: string;
  /** Present when no message could be read at all (e.g. no <message> span): a parsing failure. */
  failure?: string;
  /** Free-form provenance: the raw model output, the candidates considered, the source line. */
  detail?: Record<string, unknown>;
}

/** Anything that writes a message for an instance: baselines, the lexical bot, an LLM, a file of human clues. */
export interface MessageGenerator {
  readonly id: string;
  generate(instance: Instance): Promise<GeneratedMessage>;
}

/** The four numbers of one (message, evaluator) pair, each in [0, 1]; reports multiply by 100. */
export interface MessageScores {
  pAlly: number;
  pCham: number;
  utility: number;
  leakage: number;
  softScore: number;
  binaryScore: number;
}
