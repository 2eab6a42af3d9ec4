/**
 * What a benchmark run hands to the evaluators and generators it builds from `--evaluator` and
 * `--generator` specs. The runner owns the flags; plug-ins (lexical, llm:…) read what they need.
 */
export interface RunContext {
  /** The run's seed: option orders, sampling and baselines derive from it and the instance id. */
  seed: number;
  /** The run folder (`--out`), where plug-ins may keep audit files; absent for in-memory runs (tests, the game server). */
  outDir?: string;
  /** Most requests in flight per LLM endpoint (`--concurrency`). */
  concurrency: number;
  /** Per-request deadline for remote models, in ms (`--timeout`). */
  requestTimeoutMs: number;
  /** Content-addressed response cache folder, or null when caching is off (`--cache DIR`, `--no-cache`). */
  cacheDir: string | null;
  /** What an LLM judge does when its provider returns no logprobs (`--no-logprobs error|sample`). */
  noLogprobs: "error" | "sample";
  /** A line for the user that must not break the progress bar. */
  log(line: string): void;
}

export const DEFAULT_RUN_CONTEXT: RunContext = {
  seed: 0,
  concurrency: 4,
  requestTimeoutMs: 30_000,
  cacheDir: null,
  noLogprobs: "error",
  log: (line) => console.error(line),
};
