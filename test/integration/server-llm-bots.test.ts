import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck, type RevealedClueScores } from "../../shared/protocol";
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeRequest } from "../support/fake-openai-server";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import { autoPlay } from "../support/socket-autoplay";
import { createLexicalAgent, defaultDeps } from "../../server/server-deps";
import { testConfig } from "../../server/config";
import { TEST_DATASET } from "../support/socket-server";

function promptOf(request: FakeRequest): string {
  return (request.body.messages as { content: string }[]).map((m) => m.content).join("\n");
}

/** A model that plays by the rules of our prompts: a fixed clue, the first listed player, the first listed word. */
function politeBot(request: FakeRequest) {
  const prompt = promptOf(request);
  if (prompt.includes("<clue>")) return { kind: "text" as const, text: "Let me think.\n<clue>gleaming</clue>" };
  if (prompt.includes("<vote>")) return { kind: "text" as const, text: "<vote>1</vote>" };
  return { kind: "text" as const, text: "<guess>1</guess>" };
}

describe("server: LLM bots and LLM judges through an OpenAI-compatible server", () => {
  let fake: FakeOpenAiServer;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({
      models: {
        polite: politeBot,
        // Always names a grid word: the rules refuse it, and the lexical bot gives the clue instead.
        leaky: (request) => {
          const grid = /Grid: ([^\n]+)/.exec(promptOf(request))?.[1].split(", ") ?? ["x"];
          return { kind: "text", text: `<clue>${grid[0]}</clue>` };
        },
        // Answers nonsense half the time and hangs the other half: every decision must fall back.
        broken: (request) => (request.index % 2 === 0 ? { kind: "text", text: "I would say Bob, probably." } : { kind: "hang" }),
      },
    });
    const config = testConfig({
      botModels: [`polite@${fake.baseURL}`, `broken@${fake.baseURL}`, `leaky@${fake.baseURL}`],
      evaluators: ["lexical", `llm:judge@${fake.baseURL}`],
      botTimeoutMs: 400,
    });
    const logs: string[] = [];
    const deps = await defaultDeps(config, (line) => logs.push(line));
    server = await startTestServer(config, {
      deps: { ...deps, dataset: TEST_DATASET, fallbackAgent: await createLexicalAgent() },
    });
    server.logs.push(...logs);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await fake.close();
  });

  it("plays LLM bots from their own view, falls back to the lexical decision on bad or late replies, and scores with both judges", async () => {
    const host = connectClient(server.url);
    clients.push(host);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Host" });
    if (!created.ok) throw new Error(created.message);
    expect(await host.send(C2S.hostAddBot, { kind: "llm", model: "nonexistent" })).toMatchObject({ ok: false, code: "UNKNOWN_MODEL" });
    const polite = await host.send<{ playerId: string }>(C2S.hostAddBot, { kind: "llm", model: `polite@${fake.baseURL}` });
    const broken = await host.send<{ playerId: string }>(C2S.hostAddBot, { kind: "llm", model: `broken@${fake.baseURL}` });
    const leaky = await host.send<{ playerId: string }>(C2S.hostAddBot, { kind: "llm", model: `leaky@${fake.baseURL}` });
    if (!polite.ok || !broken.ok || !leaky.ok) throw new Error("bots refused");
    expect(await host.send(C2S.hostSettings, { targetScore: 2, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
    const player = autoPlay(host);
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    const over = await host.waitForState((s) => s.game.phase === "gameOver", "game over");
    player.stop();

    const seat = over.seats.find((s) => s.playerId === polite.playerId)!;
    expect(seat.bot).toEqual({ kind: "llm", model: `polite@${fake.baseURL}` });
    const cluesOf = (id: string) => over.game.rounds.flatMap((r) => r.clues.filter((c) => c.playerId === id).map((c) => c.text));
    expect(cluesOf(polite.playerId).every((t) => t === "gleaming")).toBe(true);
    expect(cluesOf(broken.playerId).length).toBeGreaterThan(0);
    expect(cluesOf(broken.playerId).some((t) => t === "gleaming")).toBe(false);
    expect(server.logs.some((l) => l.includes("llm:broken") && l.includes("no <clue> tag"))).toBe(true);
    expect(server.logs.some((l) => l.includes("llm:broken") && l.includes("no reply within 400 ms"))).toBe(true);
    // The leaky bot's grid-word clues were refused, and legal lexical clues given in their place.
    const gridWords = new Set(over.game.rounds.flatMap((r) => r.words ?? []));
    expect(cluesOf(leaky.playerId).length).toBeGreaterThan(0);
    expect(cluesOf(leaky.playerId).some((t) => gridWords.has(t))).toBe(false);
    expect(server.logs.some((l) => l.includes(`${leaky.playerId} clue by fallback: refused clues:`))).toBe(true);

    // A chameleon bot's prompt never says which word is the secret.
    const botPrompts = fake.requests.filter((r) => r.model === "polite" || r.model === "broken").map(promptOf);
    expect(botPrompts.length).toBeGreaterThan(3);
    for (const prompt of botPrompts.filter((p) => p.includes("You are the CHAMELEON"))) expect(prompt).not.toContain("The secret word is");

    await server.registry.get(created.code)!.scoringSettled();
    const scored = await host.waitForState((s) => s.game.rounds.every((r) => r.clues.every((c) => (c.scores?.length ?? 0) > 0)), "scores");
    const record = scored.game.rounds[0].clues[0].scores![0] as RevealedClueScores;
    expect(record.perEvaluator.map((e) => e.evaluator)).toEqual(["lexical", `llm:judge@${fake.baseURL}`]);
    expect(record.perEvaluator[1].scores).not.toBeNull();
    expect(fake.requestCount("judge")).toBeGreaterThan(0);
  });
});
