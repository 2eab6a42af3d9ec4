import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultReply, lettersInPrompt, startFakeOpenAiServer, topFromProbabilities, type FakeOpenAiServer } from "../support/fake-openai-server";

// The fake server is shared test equipment (LLM, runner and game-server tests): its own contract is tested here.
let server: FakeOpenAiServer;

beforeAll(async () => {
  server = await startFakeOpenAiServer({ models: { scripted: [{ kind: "text", text: "hello" }] } });
});
afterAll(async () => {
  await server.close();
});

const post = (body: unknown) => fetch(`${server.baseURL}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("fake OpenAI-compatible server", () => {
  it("lists its models", async () => {
    const list = (await (await fetch(`${server.baseURL}/models`)).json()) as { data: { id: string }[] };
    expect(list.data.map((m) => m.id)).toEqual(["scripted", "fake-default"]);
  });

  it("answers a scripted model in OpenAI's shape and records the request", async () => {
    const before = server.requestCount("scripted");
    const reply = (await (await post({ model: "scripted", messages: [{ role: "user", content: "hi" }] })).json()) as { choices: { message: { content: string } }[]; object: string };
    expect(reply.object).toBe("chat.completion");
    expect(reply.choices[0].message.content).toBe("hello");
    expect(server.requestCount("scripted")).toBe(before + 1);
  });

  it("gives unscripted judges a stable distribution over the prompt's letters", async () => {
    const body = { model: "any", logprobs: true, top_logprobs: 20, messages: [{ role: "user", content: "Pick\nA. one\nB. two\nC. three" }] };
    const first = (await (await post(body)).json()) as { choices: { logprobs: { content: { top_logprobs: { token: string; logprob: number }[] }[] } }[] };
    const second = (await (await post(body)).json()) as typeof first;
    const top = first.choices[0].logprobs.content[0].top_logprobs;
    expect(top.map((t) => t.token.trim()).sort()).toEqual(["A", "B", "C", "The"]);
    expect(top.reduce((sum, t) => sum + Math.exp(t.logprob), 0)).toBeCloseTo(1, 12);
    expect(second.choices[0].logprobs.content[0].top_logprobs).toEqual(top);
    expect(lettersInPrompt(body)).toEqual(["A", "B", "C"]);
    expect(defaultReply({ model: "x", body: { messages: [{ content: "write" }] }, authorization: undefined, index: 0 })).toMatchObject({ kind: "text" });
  });

  it("refuses bad JSON and unknown routes like a real server", async () => {
    expect((await post("{nope")).status).toBe(400);
    expect((await fetch(`${server.baseURL}/embeddings`, { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("builds top logprobs from probabilities", () => {
    expect(topFromProbabilities({ A: 0.5 })).toEqual([{ token: "A", logprob: Math.log(0.5) }]);
  });
});
