import { describe, expect, it } from "vitest";
import { DEFAULT_CACHE_DIR, parseBenchArgs } from "../../server/benchmark/options";
import { resolve } from "node:path";

const parse = (...args: string[]) => parseBenchArgs(args, () => {});
const errorOf = (...args: string[]) => {
  try {
    parse(...args);
  } catch (error) {
    expect((error as Error).name).toBe("UserError");
    return (error as Error).message;
  }
  throw new Error("no error");
};

describe("bench flags", () => {
  it("defaults: lexical judge, seed 0, the repo's cache, logprobs required", () => {
    expect(parse("--generator", "random", "--out", "o")).toMatchObject({
      generator: "random",
      evaluators: ["lexical"],
      seed: 0,
      limit: null,
      words: null,
      decoys: null,
      outDir: resolve("o"),
      resume: false,
      concurrency: 4,
      timeoutMs: 30000,
      cacheDir: DEFAULT_CACHE_DIR,
      noLogprobs: "error",
    });
  });

  it("repeats --evaluator and reads every value flag", () => {
    const o = parse(
      ...["--generator", "file:x.jsonl", "--evaluator", "llm:a", "--evaluator", "llm:b@http://127.0.0.1:1/v1", "--limit", "7", "--seed", "3"],
      ...["--words", "8", "--decoys", "3", "--out", "o", "--concurrency", "2", "--timeout", "500", "--no-cache", "--no-logprobs", "sample", "--decoys-from", "llm:d"],
    )!;
    expect(o).toMatchObject({ evaluators: ["llm:a", "llm:b@http://127.0.0.1:1/v1"], limit: 7, seed: 3, words: 8, decoys: 3, concurrency: 2, timeoutMs: 500, cacheDir: null, noLogprobs: "sample", decoysFrom: "llm:d" });
    expect([...o.given].sort()).toEqual(["cache", "concurrency", "decoys", "decoysFrom", "evaluator", "generator", "limit", "logprobs", "out", "seed", "timeout", "words"]);
    expect(parse("--generator", "random", "--out", "o", "--cache", "c")!.cacheDir).toBe(resolve("c"));
  });

  it("--resume DIR alone names the run folder; --show-prompts needs nothing else", () => {
    expect(parse("--resume", "r")).toMatchObject({ outDir: resolve("r"), resume: true, generator: "" });
    expect(parse("--show-prompts")).toMatchObject({ showPrompts: true, outDir: null });
  });

  it("prints help with examples and returns null", () => {
    let text = "";
    expect(parseBenchArgs(["--help"], (t) => (text += t))).toBeNull();
    expect(text).toContain("--generator <spec>");
    expect(text).toContain("Examples:");
    expect(text).toContain("--no-logprobs <mode>");
  });

  it("rejects bad input with one line", () => {
    const cases: [string[], RegExp][] = [
      [["--bogus"], /unknown option '--bogus'/],
      [["--generator", "magic", "--out", "o"], /unknown generator "magic"/],
      [["--generator", "random", "--evaluator", "wordnet", "--out", "o"], /unknown evaluator "wordnet"/],
      [["--generator", "random"], /--out DIR is required/],
      [["--out", "o"], /--generator is required/],
      [["--generator", "random", "--out", "o", "--limit", "0"], /--limit must be a positive integer/],
      [["--generator", "random", "--out", "o", "--limit", "2.5"], /--limit must be a positive integer/],
      [["--generator", "random", "--out", "o", "--seed", "-1"], /--seed must be a non-negative integer/],
      [["--generator", "random", "--out", "o", "--words", "1"], /--words must be at least 2/],
      [["--generator", "random", "--out", "o", "--no-logprobs", "maybe"], /Allowed choices are error, sample/],
      [["--generator", "random", "--out", "o", "--decoys-from", "lexical"], /--decoys-from must be llm:MODEL/],
      [["--generator", "random", "--out", "o", "--evaluator", "lexical", "--evaluator", "lexical"], /the same --evaluator is given twice/],
      [["--generator", "random", "--out", "a", "--resume", "b"], /--out and --resume name different folders/],
      [["--generator", "random", "--out", "o", "stray"], /too many arguments/],
      [["--generator"], /argument missing/],
      [["--generator", "random", "--generator", "lexical", "--out", "o"], /give exactly one --generator/],
    ];
    for (const [args, pattern] of cases) {
      const message = errorOf(...args);
      expect(message).toMatch(pattern);
      expect(message).not.toContain("\n");
    }
  });
});
