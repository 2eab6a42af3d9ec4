import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeLlm, createLlmEvaluator, EndpointDownError, type LlmOptions } from "../../server/llm/index";
import type { RunContext } from "../../server/benchmark/run-context";
import { scoreMessage } from "../../shared/sneak/metrics";
import { startFakeOpenAiServer, topFromProbabilities, type FakeOpenAiServer } from "../support/fake-openai-server";

let server: FakeOpenAiServer;
let dir: string;
let logs: string[];
let sleeps: number[];

function context(overrides: Partial<RunContext> = {}): RunContext {
  return {
    seed: 7,
    outDir: join(dir, "run"),
    concurrency: 4,
    requestTimeoutMs: 2_000,
    cacheDir: join(dir, "cache"),
    noLogprobs: "error",
    log: (line) => logs.push(line),
    ...overrides,
  };
}

// Waits are recorded, not slept, so retry tests are instant and can assert the delays chosen.
const fast: LlmOptions = {
  retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 1_000, retryAfterCapMs: 2_000 },
  sleep: async (ms) => void sleeps.push(ms),
};

const spec = (model: string) => `llm:${model}@${server.baseURL}`;

const ally = { category: "animals", words: ["dog", "cat", "lion", "tiger"], secret: "cat", options: ["purr", "pets", "wild", "stripes"] };
const chameleon = { category: "animals", options: ["tiger", "dog", "cat", "lion"], clues: ["purr"] };

function auditLines(): Record<string, unknown>[] {
  return readFileSync(join(dir, "run", "audit.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-llm-"));
  logs = [];
  sleeps = [];
  server.resetCounts();
});
afterEach(async () => {
  await closeLlm();
  rmSync(dir, { recursive: true, force: true });
});

describe("label scoring against an OpenAI-compatible server", () => {
  it("sends the issue's request and turns known logprobs into exact distributions and metrics", async () => {
    server.script("exact", (request) =>
      String(JSON.stringify(request.body.messages)).includes("secret word is")
        ? // ally: the real message "purr" is option A; variants of A and B merged; D missing
          { kind: "logprobs", top: topFromProbabilities({ A: 0.5, " A": 0.1, "B.": 0.2, "▁C": 0.1, "**": 0.05 }) }
        : // chameleon: the secret "cat" is option C
          { kind: "logprobs", top: topFromProbabilities({ " C": 0.2, C: 0.1, A: 0.5, B: 0.1, d: 0.1 }) },
    );
    const evaluator = createLlmEvaluator(spec("exact"), context(), fast);
    expect(evaluator.id).toBe(`llm:exact@${server.baseURL}`);
    const a = await evaluator.ally(ally);
    const c = await evaluator.chameleon(chameleon);

    expect(server.requestCount("exact")).toBe(2);
    for (const request of server.requests) {
      expect(request.body).toMatchObject({ model: "exact", max_tokens: 1, temperature: 0, logprobs: true, top_logprobs: 20 });
    }
    // Ally: A .6, B .2, C .1; listed 0.95, leftover .05 → D gets min(.05, .05) = .05.
    expect(a.options).toEqual(ally.options);
    expect(a.coverage).toBeCloseTo(0.9, 12);
    expect(a.flags).toEqual(["imputed-letters"]);
    const allyTotal = 0.6 + 0.2 + 0.1 + 0.05;
    [0.6, 0.2, 0.1, 0.05].forEach((p, i) => expect(a.probabilities[i]).toBeCloseTo(p / allyTotal, 12));
    // Chameleon: all four letters listed, coverage 1.
    expect(c.options).toEqual(chameleon.options);
    expect(c.coverage).toBeCloseTo(1, 12);
    [0.5, 0.1, 0.3, 0.1].forEach((p, i) => expect(c.probabilities[i]).toBeCloseTo(p, 12));

    const scores = scoreMessage(a, "purr", c, "cat");
    const pAlly = 0.6 / allyTotal;
    expect(scores.pAlly).toBeCloseTo(pAlly, 12);
    expect(scores.utility).toBeCloseTo((pAlly - 0.25) / 0.75, 12);
    expect(scores.leakage).toBeCloseTo((0.3 - 0.25) / 0.75, 12);
    expect(scores.softScore).toBeCloseTo(((pAlly - 0.25) / 0.75) * (1 - 0.05 / 0.75), 12);
    // The ally picks the real message and the chameleon picks "tiger", not the secret.
    expect(scores.binaryScore).toBe(1);
  });

  it("maps letters to the options in the order the caller showed them", async () => {
    server.script("order", [{ kind: "logprobs", top: topFromProbabilities({ B: 0.9, A: 0.05, C: 0.03, D: 0.02 }) }]);
    const evaluator = createLlmEvaluator(spec("order"), context({ cacheDir: null }), fast);
    const shown = ["wild", "purr", "stripes", "pets"];
    const judgement = await evaluator.ally({ ...ally, options: shown });
    expect(judgement.options).toEqual(shown);
    expect(judgement.probabilities[shown.indexOf("purr")]).toBeCloseTo(0.9, 12);
    const prompt = JSON.stringify(server.requests[0].body.messages);
    expect(prompt).toContain("A. wild\\nB. purr\\nC. stripes\\nD. pets");
  });

  it("sends one request per role for each of several judges on one server", async () => {
    const judges = ["judge-a", "judge-b", "judge-c"].map((m) => createLlmEvaluator(spec(m), context(), fast));
    await Promise.all(judges.flatMap((j) => [j.ally(ally), j.chameleon(chameleon)]));
    for (const m of ["judge-a", "judge-b", "judge-c"]) expect(server.requestCount(m)).toBe(2);
  });

  it("flags low coverage when markdown takes most of the mass, and records a reply with no letter as a parsing failure", async () => {
    server.script("md", [
      { kind: "logprobs", top: topFromProbabilities({ "**": 0.8, A: 0.1, B: 0.05, C: 0.03, D: 0.02 }) },
      { kind: "logprobs", top: topFromProbabilities({ "**": 0.7, The: 0.3 }) },
    ]);
    const evaluator = createLlmEvaluator(spec("md"), context({ cacheDir: null }), fast);
    const low = await evaluator.ally(ally);
    expect(low.flags).toContain("low-coverage");
    expect(low.coverage).toBeCloseTo(0.2, 12);
    expect(low.probabilities[0]).toBeCloseTo(0.5, 12);
    const failed = await evaluator.chameleon(chameleon);
    expect(failed.failure).toMatch(/no option letter/);
    expect(failed.probabilities).toEqual([]);
  });

  it("stops with a clear error when the provider sends no logprobs and sampling is off", async () => {
    server.script("nolp", [{ kind: "text", text: "A", logprobs: "null" }]);
    const evaluator = createLlmEvaluator(spec("nolp"), context(), fast);
    const error = await evaluator.ally(ally).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EndpointDownError);
    expect((error as Error).message).toMatch(/no logprobs.*--no-logprobs sample/);
    // The endpoint is now down: later calls fail without a request.
    await expect(evaluator.chameleon(chameleon)).rejects.toBeInstanceOf(EndpointDownError);
    expect(server.requestCount("nolp")).toBe(1);
  });

  it("falls back to sampling letters when allowed, flagging every record", async () => {
    const samples = ["B", "**B**", "A.", "I think so", "B"];
    server.script("sampler", (request) =>
      request.body.logprobs === true ? { kind: "text", text: "B" } : { kind: "text", text: samples[Number(request.body.seed) - 7] },
    );
    const evaluator = createLlmEvaluator(spec("sampler"), context({ noLogprobs: "sample" }), fast);
    const first = await evaluator.ally(ally);
    expect(first.flags).toContain("generation-fallback");
    expect(first.probabilities).toEqual([0.25, 0.75, 0, 0]);
    expect(first.coverage).toBe(0.8);
    expect(server.requestCount("sampler")).toBe(6);
    expect(logs).toEqual([`llm:sampler@${server.baseURL} returned no logprobs: sampling 5 letters per judgement instead (--no-logprobs sample); records are flagged generation-fallback`]);
    for (const r of server.requests.slice(1)) expect(r.body).toMatchObject({ temperature: 1, max_tokens: 5 });
    // Known to lack logprobs now: straight to the five samples.
    const second = await evaluator.chameleon(chameleon);
    expect(second.flags).toContain("generation-fallback");
    expect(server.requestCount("sampler")).toBe(11);
  });
});

describe("failure handling", () => {
  it("retries malformed JSON and succeeds, keeping the broken reply in the audit file", async () => {
    server.script("flaky-json", [{ kind: "malformed" }, { kind: "logprobs", top: topFromProbabilities({ A: 0.6, B: 0.2, C: 0.1, D: 0.1 }) }]);
    const evaluator = createLlmEvaluator(spec("flaky-json"), context(), fast);
    const judgement = await evaluator.ally(ally);
    expect(judgement.probabilities[0]).toBeCloseTo(0.6, 12);
    expect(server.requestCount("flaky-json")).toBe(2);
    await closeLlm();
    const lines = auditLines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ attempt: 1, cached: false, responseText: '{"id": "chatcmpl-broken", "choices": [' });
    expect(String(lines[0].error)).toMatch(/malformed JSON/);
    expect(lines[1]).toMatchObject({ attempt: 2, cached: false, status: 200 });
  });

  it("honours Retry-After on a 429, up to the cap", async () => {
    server.script("busy", [
      { kind: "status", status: 429, headers: { "retry-after": "0.3" } },
      { kind: "status", status: 429, headers: { "retry-after": "120" } },
      { kind: "logprobs", top: topFromProbabilities({ A: 0.25, B: 0.25, C: 0.25, D: 0.25 }) },
    ]);
    const evaluator = createLlmEvaluator(spec("busy"), context(), fast);
    const judgement = await evaluator.ally(ally);
    expect(judgement.failure).toBeUndefined();
    expect(sleeps).toEqual([300, 2_000]);
    expect(server.requestCount("busy")).toBe(3);
  });

  it("backs off exponentially with jitter on 500s, then stops the run with EndpointDownError", async () => {
    server.script("broken", [{ kind: "status", status: 500 }]);
    const evaluator = createLlmEvaluator(spec("broken"), context(), fast);
    const error = await evaluator.chameleon(chameleon).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EndpointDownError);
    expect((error as Error).message).toMatch(/HTTP 500/);
    expect(server.requestCount("broken")).toBe(4);
    expect(sleeps).toHaveLength(3);
    [100, 200, 400].forEach((cap, i) => {
      expect(sleeps[i]).toBeGreaterThanOrEqual(0);
      expect(sleeps[i]).toBeLessThanOrEqual(cap);
    });
    await expect(evaluator.ally(ally)).rejects.toBeInstanceOf(EndpointDownError);
    expect(server.requestCount("broken")).toBe(4);
  });

  it("tries a down endpoint again once its down time has passed (a long-lived game server recovers)", async () => {
    server.script("recovers", (r) => (r.index === 0 ? { kind: "status", status: 503 } : { kind: "logprobs", top: topFromProbabilities({ A: 0.7, B: 0.1, C: 0.1, D: 0.1 }) }));
    const evaluator = createLlmEvaluator(spec("recovers"), context({ cacheDir: null }), { ...fast, retry: { retries: 0 }, downForMs: 0 });
    await expect(evaluator.ally(ally)).rejects.toBeInstanceOf(EndpointDownError);
    const judgement = await evaluator.ally(ally);
    expect(judgement.probabilities[0]).toBeCloseTo(0.7, 12);
    expect(server.requestCount("recovers")).toBe(2);
  });

  it("does not retry an unknown model (404) and says what to check", async () => {
    server.script("missing", [{ kind: "status", status: 404, body: { error: { message: "model not found" } } }]);
    const evaluator = createLlmEvaluator(spec("missing"), context(), fast);
    await expect(evaluator.ally(ally)).rejects.toThrow(/HTTP 404.*check the model name/);
    expect(server.requestCount("missing")).toBe(1);
  });

  it("aborts a request that hangs past the timeout and gives up after the retries", async () => {
    server.script("hang", [{ kind: "hang" }]);
    const evaluator = createLlmEvaluator(spec("hang"), context({ requestTimeoutMs: 150 }), { ...fast, retry: { ...fast.retry, retries: 1 } });
    const error = await evaluator.ally(ally).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EndpointDownError);
    expect((error as Error).message).toMatch(/no answer within 150 ms/);
    expect(server.requestCount("hang")).toBe(2);
  });

  it("stops at the outer deadline even with retries left", async () => {
    server.script("slow-hang", [{ kind: "hang" }]);
    // Three retries are allowed, but 100 ms attempts cannot all fit in a 250 ms deadline.
    const evaluator = createLlmEvaluator(spec("slow-hang"), context({ requestTimeoutMs: 100 }), { ...fast, retry: { ...fast.retry, baseDelayMs: 1 }, deadlineMs: 250 });
    await expect(evaluator.ally(ally)).rejects.toThrow(/deadline/);
    expect(server.requestCount("slow-hang")).toBeLessThan(4);
  });

  it("keeps at most `concurrency` requests in flight per endpoint", async () => {
    server.setLatency(30);
    try {
      const evaluator = createLlmEvaluator(spec("limited"), context({ concurrency: 2, cacheDir: null }), fast);
      await Promise.all(Array.from({ length: 8 }, (_, i) => evaluator.chameleon({ ...chameleon, clues: [`clue ${i}`] })));
      expect(server.requestCount("limited")).toBe(8);
      expect(server.peakInFlight).toBe(2);
    } finally {
      server.setLatency(0);
    }
  });
});

describe("cache and audit", () => {
  it("sends no request on a re-run, marks cache hits, and audits both runs", async () => {
    const queries = ["purr", "whiskers", "mane"].map((clue) => ({ ...chameleon, clues: [clue] }));
    const first = createLlmEvaluator(spec("cached"), context(), fast);
    const before = await Promise.all(queries.map((q) => first.chameleon(q)));
    expect(server.requestCount("cached")).toBe(3);
    expect(before.every((j) => !j.flags.includes("cached"))).toBe(true);

    server.resetCounts();
    const again = createLlmEvaluator(spec("cached"), context(), fast);
    const after = await Promise.all(queries.map((q) => again.chameleon(q)));
    expect(server.requestCount()).toBe(0);
    expect(after.map((j) => j.probabilities)).toEqual(before.map((j) => j.probabilities));
    expect(after.every((j) => j.flags.includes("cached"))).toBe(true);

    await closeLlm();
    const lines = auditLines();
    expect(lines).toHaveLength(6);
    expect(lines.filter((l) => l.cached === true)).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatchObject({ source: `llm:cached@${server.baseURL}`, purpose: "chameleon", model: "cached", baseURL: server.baseURL });
      expect(line.request).toMatchObject({ model: "cached", max_tokens: 1, top_logprobs: 20 });
      expect((line.response as { choices: unknown[] }).choices).toHaveLength(1);
      expect(typeof line.key).toBe("string");
    }
  });

  it("resumes after an endpoint died mid-run, sending only what was never answered", async () => {
    const queries = ["a", "b", "c", "d", "e"].map((clue) => ({ ...chameleon, clues: [clue] }));
    server.script("dies", (r) => (r.index < 3 ? { kind: "logprobs", top: topFromProbabilities({ A: 0.4, B: 0.3, C: 0.2, D: 0.1 }) } : { kind: "status", status: 500 }));
    const first = createLlmEvaluator(spec("dies"), context(), { ...fast, retry: { retries: 0 } });
    const done = [];
    for (const q of queries) {
      try {
        done.push(await first.chameleon(q));
      } catch (error) {
        expect(error).toBeInstanceOf(EndpointDownError);
        break;
      }
    }
    expect(done).toHaveLength(3);
    server.script("dies", [{ kind: "logprobs", top: topFromProbabilities({ A: 0.4, B: 0.3, C: 0.2, D: 0.1 }) }]);
    server.resetCounts();
    const resumed = createLlmEvaluator(spec("dies"), context(), fast);
    const all = await Promise.all(queries.map((q) => resumed.chameleon(q)));
    expect(all.filter((j) => j.flags.includes("cached"))).toHaveLength(3);
    expect(server.requestCount("dies")).toBe(2);
    const cluesSent = server.requests.map((r) => /gave this clue: (\w)/.exec(JSON.stringify(r.body.messages))?.[1]).sort();
    expect(cluesSent).toEqual(["d", "e"]);
  });

  it("shares one answer between identical requests in flight", async () => {
    const evaluator = createLlmEvaluator(spec("dedupe"), context({ cacheDir: null }), fast);
    const [a, b] = await Promise.all([evaluator.chameleon(chameleon), evaluator.chameleon(chameleon)]);
    expect(a.probabilities).toEqual(b.probabilities);
    expect(server.requestCount("dedupe")).toBe(1);
  });

  it("keys the cache by endpoint as well as model and prompt", async () => {
    const other = await startFakeOpenAiServer();
    try {
      await createLlmEvaluator(spec("same"), context(), fast).chameleon(chameleon);
      await createLlmEvaluator(`llm:same@${other.baseURL}`, context(), fast).chameleon(chameleon);
      expect(server.requestCount("same")).toBe(1);
      expect(other.requestCount("same")).toBe(1);
    } finally {
      await other.close();
    }
  });

  it("adds SNEAK_LLM_EXTRA_BODY fields to every request, and refuses one that is not a JSON object", async () => {
    process.env.SNEAK_LLM_EXTRA_BODY = '{"chat_template_kwargs":{"enable_thinking":false}}';
    try {
      await createLlmEvaluator(spec("extra"), context({ cacheDir: null }), fast).ally(ally);
      expect(server.requests[0].body).toMatchObject({ chat_template_kwargs: { enable_thinking: false }, max_tokens: 1 });
      process.env.SNEAK_LLM_EXTRA_BODY = "[1]";
      expect(() => createLlmEvaluator(spec("extra"), context(), fast)).toThrow(/JSON object/);
    } finally {
      delete process.env.SNEAK_LLM_EXTRA_BODY;
    }
  });

  it("reads the default endpoint and key from OPENAI_BASE_URL and OPENAI_API_KEY", async () => {
    const saved = { url: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
    process.env.OPENAI_BASE_URL = server.baseURL;
    process.env.OPENAI_API_KEY = "sk-test-key";
    try {
      const evaluator = createLlmEvaluator("llm:env-judge", context({ cacheDir: null }), fast);
      expect(evaluator.id).toBe("llm:env-judge");
      await evaluator.ally(ally);
      expect(server.requests[0].authorization).toBe("Bearer sk-test-key");
    } finally {
      if (saved.url === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = saved.url;
      if (saved.key === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved.key;
    }
  });
});
