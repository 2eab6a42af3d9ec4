import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chatOnce, closeLlm, createLlmEvaluator, createLlmGenerator, EndpointDownError, type LlmOptions } from "../../server/llm/index";
import { DEFAULT_REASONING_TOKENS } from "../../server/llm/request-adaptations";
import type { RunContext } from "../../server/benchmark/run-context";
import { RABBIT_INSTANCE } from "../support/llm-instance";
import { lettersInPrompt, startFakeOpenAiServer, type FakeAction, type FakeOpenAiServer, type FakeRequest } from "../support/fake-openai-server";

/**
 * OpenAI's reasoning models (o-series, gpt-5) refuse `max_tokens`, any `temperature` but 1 and `logprobs`,
 * with HTTP 400 and the field named in the error, and spend hidden reasoning tokens out of
 * `max_completion_tokens`. The fake model below answers exactly so; the client must learn each refusal
 * once and send the same requests in the form the model takes.
 */

const THINKS = 300; // tokens the fake model reasons before it answers

function refusal(param: string, code: string, message: string): FakeAction {
  return { kind: "status", status: 400, body: { error: { message, type: "invalid_request_error", param, code } } };
}

/** A reasoning model on an OpenAI-compatible endpoint, answering `answer(request)` when it is let. */
function reasoningModel(answer: (request: FakeRequest) => string): (request: FakeRequest) => FakeAction {
  return (request) => {
    const body = request.body;
    if ("max_tokens" in body) return refusal("max_tokens", "unsupported_parameter", "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.");
    if ("temperature" in body && body.temperature !== 1) return refusal("temperature", "unsupported_value", "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.");
    if ("logprobs" in body) return refusal("logprobs", "unsupported_parameter", "Unsupported parameter: 'logprobs' is not supported with this model.");
    // The budget covers the hidden reasoning first: too small a budget leaves an empty answer.
    if (typeof body.max_completion_tokens !== "number" || body.max_completion_tokens < THINKS + 1) return { kind: "text", text: "" };
    return { kind: "text", text: answer(request) };
  };
}

let server: FakeOpenAiServer;
let dir: string;
let logs: string[];

function context(overrides: Partial<RunContext> = {}): RunContext {
  return { seed: 5, outDir: join(dir, "run"), concurrency: 2, requestTimeoutMs: 2_000, cacheDir: join(dir, "cache"), noLogprobs: "error", log: (line) => logs.push(line), ...overrides };
}
const fast: LlmOptions = { retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2, retryAfterCapMs: 5 } };
const spec = (model: string) => `llm:${model}@${server.baseURL}`;
const bodiesOf = (model: string) => server.requests.filter((r) => r.model === model).map((r) => r.body);

const instance = RABBIT_INSTANCE;

beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-llm-reasoning-"));
  logs = [];
  server.resetCounts();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await closeLlm();
  rmSync(dir, { recursive: true, force: true });
});

describe("reasoning models", () => {
  it("get a generator's request as max_completion_tokens with a reasoning budget and no temperature, learnt once", async () => {
    server.script("reasoner-gen", reasoningModel(() => "<message>long ears</message>"));
    const generator = createLlmGenerator(spec("reasoner-gen"), context(), fast);
    expect((await generator.generate(instance)).message).toBe("long ears");
    const first = bodiesOf("reasoner-gen");
    // Refused twice (max_tokens, then temperature 0), then answered; no retry was spent on the refusals.
    expect(first).toHaveLength(3);
    expect(first[2]).not.toHaveProperty("max_tokens");
    expect(first[2]).not.toHaveProperty("temperature");
    expect(first[2].max_completion_tokens).toBe(128 + DEFAULT_REASONING_TOKENS);

    // Another instance: the adapted form straight away.
    server.resetCounts();
    expect((await generator.generate({ ...instance, id: "animals/lion", secret: "lion" })).message).toBe("long ears");
    expect(bodiesOf("reasoner-gen")).toHaveLength(1);
  });

  it("say each refused field on stderr once", async () => {
    server.script("reasoner-note", reasoningModel(() => "<message>burrow</message>"));
    await createLlmGenerator(spec("reasoner-note"), context(), fast).generate(instance);
    const lines = vi.mocked(console.error).mock.calls.map((call) => String(call[0]));
    expect(lines.filter((line) => line.includes("reasoner-note"))).toEqual([
      expect.stringMatching(/refused "max_tokens": sending max_completion_tokens \(the answer's budget \+ 4096 reasoning tokens\)/),
      expect.stringMatching(/refused "temperature": leaving it out/),
    ]);
  });

  it("answer as judges by sampling letters when allowed (--no-logprobs sample), since they send no logprobs", async () => {
    server.script(
      "reasoner-judge",
      reasoningModel((request) => {
        const letters = lettersInPrompt(request.body);
        return letters[0];
      }),
    );
    const judge = createLlmEvaluator(spec("reasoner-judge"), context({ noLogprobs: "sample" }), { ...fast, fallbackSamples: 3 });
    const judgement = await judge.ally({ category: "animals", words: instance.words, secret: "rabbit", options: ["hops", "pets", "wild"] });
    expect(judgement.probabilities).toEqual([1, 0, 0]);
    expect(judgement.flags).toContain("generation-fallback");
    const sent = bodiesOf("reasoner-judge");
    // The logprob request, refused for max_tokens, temperature and logprobs in turn, then sent without them.
    expect(sent.slice(0, 4).map((body) => ["max_tokens", "temperature", "logprobs"].filter((field) => field in body))).toEqual([
      ["max_tokens", "temperature", "logprobs"],
      ["temperature", "logprobs"],
      ["logprobs"],
      [],
    ]);
    expect(sent[3]).not.toHaveProperty("top_logprobs");
    expect(sent[3].max_completion_tokens).toBe(1 + DEFAULT_REASONING_TOKENS);
    // Then the samples, already in the adapted form.
    expect(sent.slice(4)).toHaveLength(3);
    for (const body of sent.slice(4)) expect(body).toMatchObject({ max_completion_tokens: 5 + DEFAULT_REASONING_TOKENS });
  });

  it("as judges without --no-logprobs sample, stop with the usual clear error", async () => {
    server.script("reasoner-strict", reasoningModel(() => "A"));
    const judge = createLlmEvaluator(spec("reasoner-strict"), context(), fast);
    await expect(judge.ally({ category: "animals", words: instance.words, secret: "rabbit", options: ["hops", "pets", "wild"] })).rejects.toThrow(EndpointDownError);
    await expect(judge.ally({ category: "animals", words: instance.words, secret: "rabbit", options: ["hops", "pets", "wild"] })).rejects.toThrow(/no logprobs.*--no-logprobs sample/);
  });

  it("take the reasoning budget from SNEAK_LLM_REASONING_TOKENS, and the game's bots adapt too", async () => {
    vi.stubEnv("SNEAK_LLM_REASONING_TOKENS", "500");
    try {
      server.script("reasoner-bot", reasoningModel(() => "carrots"));
      const reply = await chatOnce({ model: "reasoner-bot", baseURL: server.baseURL }, [{ role: "user", content: "clue?" }], { timeoutMs: 1_000, maxTokens: 20, temperature: 0.7 });
      expect(reply).toBe("carrots");
      expect(bodiesOf("reasoner-bot").at(-1)).toMatchObject({ max_completion_tokens: 520 });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("leave a model that takes max_tokens and temperature alone", async () => {
    server.script("chat-model", [{ kind: "text", text: "<message>ears</message>" }]);
    await createLlmGenerator(spec("chat-model"), context(), fast).generate(instance);
    expect(bodiesOf("chat-model")).toEqual([expect.objectContaining({ max_tokens: 128, temperature: 0 })]);
    expect(bodiesOf("chat-model")[0]).not.toHaveProperty("max_completion_tokens");
  });

  it("do not mistake another 400 for a refusal to adapt to", async () => {
    server.script("bad-request", [refusal("messages", "invalid_value", "Invalid 'messages'")]);
    await expect(createLlmGenerator(spec("bad-request"), context(), fast).generate(instance)).rejects.toThrow(/HTTP 400: 400 Invalid 'messages'/);
    expect(bodiesOf("bad-request")).toHaveLength(1);
  });
});
