import { describe, expect, it } from "vitest";
import type { InstanceResult, EvaluationRecord } from "../../server/benchmark/result-types";
import { buildReport, evaluatorLabels } from "../../server/benchmark/report";
import { kindOf, summarize } from "../../server/benchmark/summary";
import { selfEvaluatorsOf } from "../../server/benchmark/self-evaluation";

const scores = (utility: number, leakage: number, binaryScore: number) => ({ pAlly: 0, pCham: 0, utility, leakage, softScore: utility * (1 - leakage), binaryScore });
const evaluation = (evaluator: string, s: ReturnType<typeof scores> | null, failure?: string, flags: string[] = []): EvaluationRecord => ({
  evaluator,
  ally: null,
  chameleon: null,
  scores: s,
  ...(failure ? { failure } : {}),
  flags,
});
const result = (id: string, status: InstanceResult["status"], evaluations: EvaluationRecord[], extra: Partial<InstanceResult> = {}): InstanceResult => {
  const scored = evaluations.flatMap((e) => (e.scores ? [e.scores] : []));
  const mean = scored.length
    ? {
        utility: scored.reduce((a, s) => a + s.utility, 0) / scored.length,
        leakage: scored.reduce((a, s) => a + s.leakage, 0) / scored.length,
        softScore: scored.reduce((a, s) => a + s.softScore, 0) / scored.length,
        binaryScore: scored.reduce((a, s) => a + s.binaryScore, 0) / scored.length,
      }
    : null;
  return { id, instance: { category: "c", words: [], secret: "s", decoys: [] }, message: "m", status, evaluations, mean, elapsedMs: 1, ...extra };
};

// Two instances scored by two judges, one invalid message, one generation failure; judge "b" fails once.
const results: InstanceResult[] = [
  result("c/1", "scored", [evaluation("a", scores(0.8, 0.5, 1)), evaluation("llm:b@http://x", scores(0.4, 0.1, 0))]),
  result("c/2", "scored", [evaluation("a", scores(0.2, 0, 0)), evaluation("llm:b@http://x", null, "ally: no-letter: **", ["low-coverage"])]),
  result("c/3", "invalid", [], { invalid: "clue_contains_grid_word: The clue contains \"s\"" }),
  result("c/4", "generation-failure", [], { failure: "no <message> span" }),
];

describe("summarize", () => {
  it("means over scored instances of the per-instance evaluator mean, ×100", () => {
    const s = summarize(results);
    expect(s).toMatchObject({ n: 4, scored: 2, invalid: 1, generationFailures: 1, evaluationFailures: 0 });
    // c/1 mean utility (0.8+0.4)/2 = 0.6, c/2 0.2 → 40; leakage (0.3 + 0) / 2 → 15.
    expect(s.means!.utility).toBeCloseTo(40, 10);
    expect(s.means!.leakage).toBeCloseTo(15, 10);
    // softScore: c/1 (0.4 + 0.36)/2 = 0.38, c/2 0.2 → 29.
    expect(s.means!.softScore).toBeCloseTo(29, 10);
    expect(s.means!.binaryScore).toBeCloseTo(25, 10);
    const [a, b] = s.perEvaluator;
    expect(a).toMatchObject({ evaluator: "a", scored: 2, failures: {} });
    expect(a.means!.utility).toBeCloseTo(50, 10);
    expect(b).toMatchObject({ evaluator: "llm:b@http://x", scored: 1, failures: { "ally/no-letter": 1 }, flags: { "low-coverage": 1 } });
    expect(b.means!.leakage).toBeCloseTo(10, 10);
    expect(s.failures).toEqual({ invalid: { clue_contains_grid_word: 1 }, generation: { "no <message> span": 1 } });
  });

  it("gives null means, not zeros, when nothing was scored", () => {
    expect(summarize([results[2]]).means).toBeNull();
  });

  it("groups failure texts by kind", () => {
    expect(kindOf("chameleon: evaluator-error: boom")).toBe("chameleon/evaluator-error");
    expect(kindOf("plain")).toBe("plain");
  });
});

describe("buildReport", () => {
  const report = buildReport([{ method: "secret-synonym", summary: summarize(results) }], { description: ["- Seed: 0"] });

  it("has the Table 2 row ×100 with two decimals", () => {
    expect(report).toContain("| Method | Util. | Leak. | S.S. | B.S. |");
    expect(report).toContain("| secret-synonym | 40.00 | 15.00 | 29.00 | 25.00 |");
  });

  it("has per-evaluator columns then the average, one decimal, as Table 10", () => {
    expect(report).toContain("| Method | Util. a | Util. b | Util. Avg | Leak. a | Leak. b | Leak. Avg |");
    // a: utility 50.0, b: 40.0, Avg 40.0; leakage a 25.0, b 10.0, Avg 15.0.
    expect(report).toContain("| secret-synonym | 50.0 | 40.0 | 40.0 | 25.0 | 10.0 | 15.0 |");
  });

  it("counts what was not scored", () => {
    expect(report).toContain("| secret-synonym | 4 | 2 | 1 (clue_contains_grid_word: 1) | 1 (no &lt;message&gt; span: 1) | 0 | a: 0; llm:b@http://x: 1 (ally/no-letter: 1) | 0 |");
    expect(report).toContain("low-coverage on 1 evaluations");
  });

  it("puts the self-evaluation caveat next to the lexical bot scored by the lexical judge only", () => {
    expect(report).not.toContain("self-evaluation");
    const lexical = summarize([result("c/1", "scored", [evaluation("lexical", scores(1, 0, 1))])]);
    const own = buildReport([{ method: "lexical", summary: lexical }], { description: [] });
    expect(own).toContain("| lexical † (self-evaluation) | 100.00 | 0.00 | 100.00 | 100.00 |");
    expect(own).toMatch(/† lexical: self-evaluation: .*Appendix E\.2/);
  });
});

describe("by-source rows", () => {
  it("adds a table per author of a file's lines", () => {
    const human = summarize([results[0]]);
    const bot = summarize([results[1]]);
    const report = buildReport([{ method: "file:x.jsonl", summary: summarize(results) }], {
      description: [],
      bySource: [
        { method: "human", summary: human },
        { method: "bot:lexical", summary: bot },
      ],
    });
    expect(report).toContain("## By source");
    // human: c/1 only, utility (0.8+0.4)/2 = 60; bot: c/2, utility 20 (judge b failed there).
    expect(report).toContain("| human | 60.00 | 30.00 | 38.00 | 50.00 |");
    expect(report).toContain("| bot:lexical | 20.00 | 0.00 | 20.00 | 0.00 |");
    expect(buildReport([{ method: "m", summary: human }], { description: [] })).not.toContain("By source");
  });
});

describe("self-evaluation and labels", () => {
  it("matches a generator with judges of the same model", () => {
    expect(selfEvaluatorsOf("lexical", ["lexical", "llm:q"])).toEqual(["lexical"]);
    expect(selfEvaluatorsOf("llm:qwen@http://a/v1+cot", ["llm:qwen@http://b/v1", "llm:llama"])).toEqual(["llm:qwen@http://b/v1"]);
    expect(selfEvaluatorsOf("secret-synonym", ["lexical"])).toEqual([]);
    expect(selfEvaluatorsOf("file:x.jsonl", ["lexical"])).toEqual([]);
    expect(selfEvaluatorsOf("llm:llama3.1:8b+cot@http://127.0.0.1:11434/v1", ["llm:llama3.1:8b", "llm:llama3.1:70b"])).toEqual(["llm:llama3.1:8b"]);
    expect(selfEvaluatorsOf("llm:m@http://a/v1+sets", ["llm:m@http://b/v1"])).toEqual(["llm:m@http://b/v1"]);
    expect(selfEvaluatorsOf("llm:@cf/meta/llama-3@https://x/v1", ["llm:@cf/meta/llama-3"])).toEqual(["llm:@cf/meta/llama-3"]);
  });

  it("shortens evaluator ids only when unambiguous", () => {
    expect([...evaluatorLabels(["lexical", "llm:q@http://a", "llm:r@http://a"]).values()]).toEqual(["lexical", "q", "r"]);
    expect([...evaluatorLabels(["llm:q@http://a", "llm:q@http://b"]).values()]).toEqual(["llm:q@http://a", "llm:q@http://b"]);
    expect([...evaluatorLabels(["llm:@cf/llama@https://x/v1"]).values()]).toEqual(["@cf/llama"]);
  });
});
