import { describe, expect, it } from "vitest";
import { apiKeyFor, parseJudgeSpec, parseModelSpec, PLACEHOLDER_API_KEY } from "../../server/llm/spec";
import { LlmConfigError } from "../../server/llm/errors";
import { createLimiter } from "../../server/llm/limiter";
import { retryAfterMsOf } from "../../server/llm/client";
import { cacheKey, canonicalJson } from "../../server/llm/cache";

const env = { OPENAI_BASE_URL: "http://127.0.0.1:9999/v1/" };

describe("parseModelSpec", () => {
  it("uses OPENAI_BASE_URL when the spec names no URL", () => {
    expect(parseModelSpec("llm:judge-a", env)).toMatchObject({ model: "judge-a", baseURL: "http://127.0.0.1:9999/v1", method: "plain", id: "llm:judge-a" });
  });
  it("falls back to OpenAI without OPENAI_BASE_URL", () => {
    expect(parseModelSpec("llm:gpt-4o-mini", {}).baseURL).toBe("https://api.openai.com/v1");
  });
  it("takes an explicit URL and a method suffix", () => {
    expect(parseModelSpec("llm:Qwen/Qwen2.5-7B-Instruct+cot@http://127.0.0.1:8000/v1", env)).toMatchObject({
      model: "Qwen/Qwen2.5-7B-Instruct",
      baseURL: "http://127.0.0.1:8000/v1",
      method: "cot",
      id: "llm:Qwen/Qwen2.5-7B-Instruct+cot@http://127.0.0.1:8000/v1",
    });
    expect(parseModelSpec("llm:m+rmr", env).method).toBe("rmr");
    expect(parseModelSpec("llm:m@http://127.0.0.1:8000/v1+sets", env)).toMatchObject({ model: "m", baseURL: "http://127.0.0.1:8000/v1", method: "sets", id: "llm:m+sets@http://127.0.0.1:8000/v1" });
    expect(parseModelSpec("llm:m+SETS", env).method).toBe("sets");
  });
  it("keeps @, : and / inside model names", () => {
    expect(parseModelSpec("llm:@cf/meta/llama-3@https://example.test/v1", env)).toMatchObject({ model: "@cf/meta/llama-3", baseURL: "https://example.test/v1" });
    expect(parseModelSpec("llm:qwen2.5:7b", env).model).toBe("qwen2.5:7b");
  });
  it.each(["judge", "llm:", "llm:+cot", "llm:m+fast", "llm:m@http://", "llm:m@ftp://x/v1", "llm:two words", "llm:m@http://h/v1+fast", "llm:m+cot@http://h/v1+rmr"])("rejects %j with a one-line LlmConfigError", (spec) => {
    expect(() => parseModelSpec(spec, env)).toThrow(LlmConfigError);
  });
  it("refuses a method on a judge", () => {
    expect(() => parseJudgeSpec("llm:m+cot", env)).toThrow(/generators only/);
  });
});

describe("apiKeyFor", () => {
  it("uses OPENAI_API_KEY, a placeholder for local servers, and errors for OpenAI without a key", () => {
    expect(apiKeyFor("http://127.0.0.1:8000/v1", { OPENAI_API_KEY: "sk-real" })).toBe("sk-real");
    expect(apiKeyFor("http://127.0.0.1:8000/v1", {})).toBe(PLACEHOLDER_API_KEY);
    expect(() => apiKeyFor("https://api.openai.com/v1", {})).toThrow(/OPENAI_API_KEY/);
  });
});

describe("retryAfterMsOf", () => {
  it("reads seconds, milliseconds and HTTP dates", () => {
    expect(retryAfterMsOf(new Headers({ "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMsOf(new Headers({ "retry-after": "0.25" }))).toBe(250);
    expect(retryAfterMsOf(new Headers({ "retry-after-ms": "120" }))).toBe(120);
    const inFuture = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterMsOf(new Headers({ "retry-after": inFuture }))).toBeGreaterThan(50_000);
    expect(retryAfterMsOf(new Headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(retryAfterMsOf(new Headers())).toBeUndefined();
  });
});

describe("createLimiter", () => {
  it("never runs more than N tasks at once", async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const tasks = Array.from({ length: 5 }, () =>
      limiter.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
      }),
    );
    while (gates.length > 0 || limiter.active > 0) {
      await new Promise((r) => setImmediate(r));
      gates.shift()?.();
    }
    await Promise.all(tasks);
    expect(peak).toBe(2);
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});

describe("cacheKey", () => {
  it("depends on model, endpoint and body content, not on field order", () => {
    const body = { model: "m", messages: [{ role: "user", content: "x" }], max_tokens: 1 };
    const key = cacheKey("m", "http://a/v1", body);
    expect(cacheKey("m", "http://a/v1", { max_tokens: 1, messages: [{ content: "x", role: "user" }], model: "m" })).toBe(key);
    expect(cacheKey("m", "http://b/v1", body)).not.toBe(key);
    expect(cacheKey("m2", "http://a/v1", body)).not.toBe(key);
    expect(cacheKey("m", "http://a/v1", { ...body, max_tokens: 2 })).not.toBe(key);
    expect(canonicalJson({ b: 1, a: [1, { d: null, c: "é" }], u: undefined })).toBe('{"a":[1,{"c":"é","d":null}],"b":1}');
  });
});
