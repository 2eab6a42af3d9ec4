import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chatOnce, closeLlm, createLlmDecoySource, createLlmGenerator, EndpointDownError, LlmRequestError, renderPromptCatalogue, type LlmOptions } from "../../server/llm/index";
import type { RunContext } from "../../server/benchmark/run-context";
import { RABBIT_INSTANCE } from "../support/llm-instance";
import { startFakeOpenAiServer, type FakeAction, type FakeOpenAiServer } from "../support/fake-openai-server";

let server: FakeOpenAiServer;
let dir: string;

function context(overrides: Partial<RunContext> = {}): RunContext {
  return { seed: 3, outDir: join(dir, "run"), concurrency: 4, requestTimeoutMs: 2_000, cacheDir: join(dir, "cache"), noLogprobs: "error", log: () => undefined, ...overrides };
}
const fast: LlmOptions = { retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2, retryAfterCapMs: 5 } };
const spec = (model: string, method = "") => `llm:${model}${method}@${server.baseURL}`;

const instance = RABBIT_INSTANCE;

const text = (t: string): FakeAction => ({ kind: "text", text: t });
const userText = (i: number) => JSON.stringify(server.requests[i].body.messages);

beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-llm-gen-"));
  server.resetCounts();
});
afterEach(async () => {
  await closeLlm();
  rmSync(dir, { recursive: true, force: true });
});

describe("plain generator", () => {
  it("reads the message from the tag with one request and records the raw reply", async () => {
    server.script("plain-ok", [text("<message>magic hat</message>")]);
    const generator = createLlmGenerator(spec("plain-ok"), context(), fast);
    expect(generator.id).toBe(`llm:plain-ok@${server.baseURL}`);
    const out = await generator.generate(instance);
    expect(out).toMatchObject({ message: "magic hat", detail: { method: "plain", reply: "<message>magic hat</message>" } });
    expect(out.invalid).toBeUndefined();
    expect(out.failure).toBeUndefined();
    expect(server.requestCount("plain-ok")).toBe(1);
    expect(server.requests[0].body).toMatchObject({ temperature: 0, max_tokens: 128 });
    expect(userText(0)).toContain("The secret word is: rabbit");
  });

  it("counts a reply without a <message> span as a parsing failure", async () => {
    server.script("plain-none", [text("magic hat")]);
    const out = await createLlmGenerator(spec("plain-none"), context(), fast).generate(instance);
    expect(out.failure).toMatch(/no <message>/);
    expect(out.message).toBe("");
    expect(out.detail?.reply).toBe("magic hat");
  });

  it("records a message over five words as invalid, unchanged", async () => {
    server.script("plain-long", [text("<message>pulled out of a magician's top hat</message>")]);
    const out = await createLlmGenerator(spec("plain-long"), context(), fast).generate(instance);
    expect(out.message).toBe("pulled out of a magician's top hat");
    expect(out.invalid).toMatch(/^clue_too_many_words/);
  });

  it("records a message containing a grid word as invalid, unchanged", async () => {
    server.script("plain-grid", [text("<message>Rabbits in hats</message>")]);
    const out = await createLlmGenerator(spec("plain-grid"), context(), fast).generate(instance);
    expect(out.message).toBe("Rabbits in hats");
    expect(out.invalid).toMatch(/^clue_contains_grid_word/);
  });

  it("costs nothing on a cached re-run", async () => {
    server.script("plain-cache", [text("<message>burrow</message>")]);
    await createLlmGenerator(spec("plain-cache"), context(), fast).generate(instance);
    const again = await createLlmGenerator(spec("plain-cache"), context(), fast).generate(instance);
    expect(again.message).toBe("burrow");
    expect(server.requestCount("plain-cache")).toBe(1);
  });

  it("stops with EndpointDownError when the endpoint keeps failing", async () => {
    server.script("plain-down", [{ kind: "status", status: 503 }]);
    await expect(createLlmGenerator(spec("plain-down"), context(), fast).generate(instance)).rejects.toBeInstanceOf(EndpointDownError);
    expect(server.requestCount("plain-down")).toBe(3);
  });
});

describe("+cot, +sets and +rmr", () => {
  it("+cot takes the last span after the reasoning", async () => {
    server.script("cot", [text("Rabbits come out of hats. Draft: <message>hat</message>. Better: <message>magic show</message>")]);
    const out = await createLlmGenerator(spec("cot", "+cot"), context(), fast).generate(instance);
    expect(out.message).toBe("magic show");
    expect(out.detail?.method).toBe("cot");
    expect(userText(0)).toMatch(/Think briefly first/);
    expect(server.requests[0].body.max_tokens).toBe(1024);
  });

  it("+cot without a final span is a parsing failure", async () => {
    server.script("cot-none", [text("Let me think about rabbits and hats…")]);
    const out = await createLlmGenerator(spec("cot-none", "+cot"), context(), fast).generate(instance);
    expect(out.failure).toBeDefined();
  });

  it("+cot records a rule-breaking final message as invalid", async () => {
    server.script("cot-bad", [text("Tigers are big cats. <message>big cat with stripes</message>")]);
    const out = await createLlmGenerator(spec("cot-bad", "+cot"), context(), fast).generate(instance);
    expect(out).toMatchObject({ message: "big cat with stripes" });
    expect(out.invalid).toMatch(/^clue_contains_grid_word/);
  });

  it("+sets without a final <message> is a parsing failure that keeps the candidates", async () => {
    server.script("sets-none", [text("<candidate>carrot</candidate>"), text("I would pick carrot.")]);
    const out = await createLlmGenerator(spec("sets-none", "+sets"), context(), fast).generate(instance);
    expect(out.failure).toMatch(/no <message>/);
    expect(out.detail).toMatchObject({ candidates: ["carrot"], reply: "I would pick carrot." });
  });

  it("+sets proposes candidates, then verifies, corrects and chooses in the same conversation", async () => {
    const candidates = "<candidate>carrot</candidate><candidate>magic hat</candidate><candidate>rabbit hole</candidate><candidate>ears</candidate>";
    server.script("sets", [text(candidates), text("rabbit hole contains a grid word; corrected to burrow. <message>magic hat</message>")]);
    const out = await createLlmGenerator(spec("sets", "+sets"), context(), fast).generate(instance);
    expect(out.message).toBe("magic hat");
    expect(out.detail).toMatchObject({ method: "sets", candidates: ["carrot", "magic hat", "rabbit hole", "ears"], candidatesReply: candidates });
    expect(server.requestCount("sets")).toBe(2);
    expect(server.requests[0].body).toMatchObject({ temperature: 0.7 });
    expect(typeof server.requests[0].body.seed).toBe("number");
    const second = server.requests[1].body.messages as { role: string; content: string }[];
    expect(second.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(second[2].content).toBe(candidates);
    expect(second[3].content).toMatch(/Check each candidate/);
  });

  it("+sets records an invalid final choice as invalid", async () => {
    server.script("sets-bad", [text("<candidate>x</candidate>"), text("<message>a tiger in a hat trick show</message>")]);
    const out = await createLlmGenerator(spec("sets-bad", "+sets"), context(), fast).generate(instance);
    expect(out.invalid).toMatch(/^clue_too_many_words/);
  });

  it("+rmr writes a first message, then a second one conditioned on it", async () => {
    server.script("rmr", [text("<message>magic hat</message>"), text("<message>stage surprise</message>")]);
    const out = await createLlmGenerator(spec("rmr", "+rmr"), context(), fast).generate(instance);
    expect(out.message).toBe("stage surprise");
    expect(out.detail).toMatchObject({ method: "rmr", firstMessage: "magic hat" });
    expect(server.requestCount("rmr")).toBe(2);
    expect(userText(1)).toContain("A first message for this secret was: magic hat");
  });

  it("+rmr fails at the first step without sending the second", async () => {
    server.script("rmr-none", [text("no tags here")]);
    const out = await createLlmGenerator(spec("rmr-none", "+rmr"), context(), fast).generate(instance);
    expect(out.failure).toMatch(/^first step/);
    expect(server.requestCount("rmr-none")).toBe(1);
  });

  it("+rmr records an invalid second message as invalid", async () => {
    server.script("rmr-bad", [text("<message>magic hat</message>"), text("<message>not a cat</message>")]);
    const out = await createLlmGenerator(spec("rmr-bad", "+rmr"), context(), fast).generate(instance);
    expect(out).toMatchObject({ message: "not a cat" });
    expect(out.invalid).toMatch(/^clue_contains_grid_word/);
  });

  it("audits every generation request with its purpose", async () => {
    server.script("rmr-audit", [text("<message>magic hat</message>"), text("<message>stage surprise</message>")]);
    await createLlmGenerator(spec("rmr-audit", "+rmr"), context(), fast).generate(instance);
    await closeLlm();
    const lines = readFileSync(join(dir, "run", "audit.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.purpose)).toEqual(["generate:rmr-first", "generate:rmr-refine"]);
    expect((lines[1].response as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe("<message>stage surprise</message>");
  });
});

describe("LLM decoys (Appendix C)", () => {
  it("keeps short broad terms and drops the category, grid words, repeats and long lines", async () => {
    server.script("decoys", [text("<decoys>\n1. pets\n2. Animals\n3. big cats\n4. four legs\n5. PETS\n6. found in zoos and on farms everywhere\n7. fur\n8. wild\n</decoys>")]);
    const source = createLlmDecoySource(spec("decoys"), context(), fast);
    expect(await source.decoysFor("animals", instance.words, 3)).toEqual(["pets", "four legs", "fur"]);
    expect(userText(0)).toMatch(/List 6 short, broad terms/);
    expect(server.requestCount("decoys")).toBe(1);
  });

  it("tops up with sampled requests when too few survive the filter, and says so when still short", async () => {
    server.script("decoys-short", [text("<decoys>\npets\ndogs\n</decoys>"), text("<decoys>\nfur\npets\n</decoys>"), text("<decoys>\nwild\n</decoys>")]);
    const lines: string[] = [];
    const source = createLlmDecoySource(spec("decoys-short"), context({ log: (l) => lines.push(l) }), fast);
    expect(await source.decoysFor("animals", instance.words, 5)).toEqual(["pets", "fur", "wild"]);
    expect(server.requestCount("decoys-short")).toBe(3);
    expect(server.requests.map((r) => r.body.temperature)).toEqual([0, 0.8, 0.8]);
    expect(server.requests[1].body.seed).not.toBe(server.requests[2].body.seed);
    expect(lines).toEqual([`llm:decoys-short@${server.baseURL}: only 3 of 5 usable decoys for "animals"`]);
  });

  it("refuses a method suffix", () => {
    expect(() => createLlmDecoySource(spec("decoys", "+cot"), context(), fast)).toThrow(/generators only/);
  });
});

describe("chatOnce for game bots", () => {
  const endpoint = () => ({ model: "bot", baseURL: server.baseURL });

  it("returns the reply text and sends identical sampled requests separately", async () => {
    server.script("bot", [text("I vote for Ana")]);
    const replies = await Promise.all([0, 1].map(() => chatOnce(endpoint(), [{ role: "user", content: "vote" }], { timeoutMs: 1_000, maxTokens: 20, temperature: 0.7 })));
    expect(replies).toEqual(["I vote for Ana", "I vote for Ana"]);
    expect(server.requestCount("bot")).toBe(2);
    expect(server.requests[0].body).toMatchObject({ max_tokens: 20, temperature: 0.7 });
  });

  it("retries once, then rejects with LlmRequestError, and stays usable afterwards", async () => {
    server.script("bot-flaky", (r) => (r.index < 2 ? { kind: "status", status: 500 } : text("ok")));
    const ask = () => chatOnce({ model: "bot-flaky", baseURL: server.baseURL }, [{ role: "user", content: "clue?" }], { timeoutMs: 1_000, maxTokens: 5, temperature: 0 });
    await expect(ask()).rejects.toBeInstanceOf(LlmRequestError);
    expect(server.requestCount("bot-flaky")).toBe(2);
    expect(await ask()).toBe("ok");
  });

  it("gives up within its timeout on a hanging server, and honours the caller's signal", async () => {
    server.script("bot-hang", [{ kind: "hang" }]);
    await expect(chatOnce({ model: "bot-hang", baseURL: server.baseURL }, [{ role: "user", content: "x" }], { timeoutMs: 150, maxTokens: 5, temperature: 0 })).rejects.toThrow(/no answer within|deadline/);
    const controller = new AbortController();
    const pending = chatOnce({ model: "bot-hang", baseURL: server.baseURL }, [{ role: "user", content: "y" }], { timeoutMs: 5_000, maxTokens: 5, temperature: 0, signal: controller.signal });
    setImmediate(() => controller.abort());
    await expect(pending).rejects.toThrow(/cancelled/);
  });
});

describe("--show-prompts", () => {
  it("renders the catalogue from the one prompts file", () => {
    expect(renderPromptCatalogue()).toContain("<message></message>");
  });
});
