import { describe, expect, it } from "vitest";
import { adaptRequest, DEFAULT_REASONING_TOKENS, learnFromRefusal, reasoningTokensFromEnv, type RequestAdaptations } from "../../server/llm/request-adaptations";

const fresh = (): RequestAdaptations => ({ completionTokens: false, omitted: new Set() });
const body = { model: "m", messages: [{ role: "user" as const, content: "hi" }], max_tokens: 5, temperature: 0, logprobs: true, top_logprobs: 20 };

describe("request adaptations", () => {
  it("learn only from a 400 that names an adaptable field as unsupported, and each field once", () => {
    const learnt = fresh();
    expect(learnFromRefusal(learnt, { status: 500, code: "unsupported_parameter", param: "max_tokens" })).toBe(false);
    expect(learnFromRefusal(learnt, { status: 400, code: "invalid_value", param: "max_tokens" })).toBe(false);
    expect(learnFromRefusal(learnt, { status: 400, code: "unsupported_parameter", param: "messages" })).toBe(false);
    expect(learnFromRefusal(learnt, { status: 400, code: "unsupported_parameter", param: null })).toBe(false);
    expect(learnt).toEqual(fresh());
    expect(learnFromRefusal(learnt, { status: 400, code: "unsupported_parameter", param: "max_tokens" })).toBe(true);
    expect(learnFromRefusal(learnt, { status: 400, code: "unsupported_parameter", param: "max_tokens" })).toBe(false);
    expect(learnFromRefusal(learnt, { status: 400, code: "unsupported_value", param: "temperature" })).toBe(true);
    expect(learnFromRefusal(learnt, { status: 400, code: "unsupported_value", param: "temperature" })).toBe(false);
  });

  it("leave the request as it is until something is learnt, then rewrite it without touching the caller's", () => {
    const learnt = fresh();
    expect(adaptRequest(body, learnt, 100)).toBe(body);
    learnFromRefusal(learnt, { status: 400, code: "unsupported_parameter", param: "max_tokens" });
    learnFromRefusal(learnt, { status: 400, code: "unsupported_parameter", param: "logprobs" });
    expect(adaptRequest(body, learnt, 100)).toEqual({ model: "m", messages: body.messages, max_completion_tokens: 105, temperature: 0 });
    expect(body).toHaveProperty("max_tokens", 5);
  });

  it("read the reasoning budget from SNEAK_LLM_REASONING_TOKENS, refusing what is not a positive integer", () => {
    expect(reasoningTokensFromEnv({})).toBe(DEFAULT_REASONING_TOKENS);
    expect(reasoningTokensFromEnv({ SNEAK_LLM_REASONING_TOKENS: " 256 " })).toBe(256);
    for (const bad of ["0", "-5", "1.5", "lots"]) expect(() => reasoningTokensFromEnv({ SNEAK_LLM_REASONING_TOKENS: bad })).toThrow(/SNEAK_LLM_REASONING_TOKENS must be a positive integer/);
  });
});
