import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, S2C, type JoinedAck, type RoomSnapshot } from "../../shared/protocol";
import type { ChatMessage } from "../../shared/game/types";
import { autoplayMove, type AutoplayPolicy } from "../../server/perf/autoplay-move";
import { AGREEMENT_LINES, DEFLECT_LINES, REPLY_LINES, SUSPICION_LINES, TORN_LINES } from "../../server/agents/discussion-lines";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer, TEST_DATASET } from "../support/socket-server";
import { createLexicalBrain } from "../../server/agents/lexical-brain";
import type { BotView } from "../../server/agents/agent";

const animals = TEST_DATASET.categories.find((c) => c.category === "animal")!;
const view: BotView = { playerId: "p", category: "animal", words: animals.words, secret: null, clues: [], players: [], maxClueWords: 5, seed: "warm" };

const BOTS = 3;
const DISCUSSION_SECONDS = 120;
/** A phrasing as a pattern over its quoted clues. */
const shapeOf = (t: string) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, '[^"]+')}$`);
/** Every phrasing a bot may open the discussion with. */
const OPENING_SHAPES = [...SUSPICION_LINES, ...AGREEMENT_LINES, ...TORN_LINES].map(shapeOf);
/** Every phrasing of its answer when its own clue is questioned. */
const REPLY_SHAPES = [...REPLY_LINES, ...DEFLECT_LINES].map(shapeOf);
/** Words that would give a role away. */
const ROLE_GIVEAWAYS = /chameleon|\bI am\b|\bI'm (the|not|in)\b|\bsecret\b|\bI (don't|do not) know\b|\bimpostor\b|\bspy\b/i;

/** A line mentions the secret when a token is the secret or grows from it ("lioness", "elephants", "catty"). */
function mentions(line: string, secret: string): boolean {
  const stem = secret.toLowerCase().slice(0, Math.max(4, Math.min(secret.length, 5)));
  const tokens = line.toLowerCase().match(/\p{L}+/gu) ?? [];
  return tokens.some((t) => t === secret.toLowerCase() || (t.length >= stem.length && t.startsWith(stem))) || line.toLowerCase().includes(secret.toLowerCase());
}

describe("server: bots in the discussion", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    // The bots' word lists and vector matrix load on first use (about a second): load them before the
    // game, so that the game's own waits measure play, not start-up.
    createLexicalBrain().informedClueWithSource({ ...view, secret: "lion" }, []);
  }, 60_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  it("each bot opens the discussion once and answers when its clue is questioned, never saying the secret or its role", async () => {
    const host = connectClient(server.url);
    const spectator = connectClient(server.url);
    clients.push(host, spectator);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Host" });
    if (!created.ok) throw new Error(created.message);
    expect((await spectator.send(C2S.roomJoin, { code: created.code, name: "Watcher", spectator: true })).ok).toBe(true);
    for (let i = 0; i < BOTS; i++) expect((await host.send(C2S.hostAddBot, { kind: "lexical" })).ok).toBe(true);
    expect(
      (await host.send(C2S.hostSettings, { targetScore: 3, turnSeconds: 0, discussionSeconds: DISCUSSION_SECONDS, voteSeconds: 0, categoryPool: ["animal", "fruit", "vehicle"] })).ok,
    ).toBe(true);

    // The human plays from its own snapshots, but in the discussion waits until every bot has spoken (or the
    // discussion is a minute old), so that the bots' lines are part of what this test reads.
    const done = new Set<string>();
    const policy: AutoplayPolicy = { clue: (round) => ["furry", "sweet", "fast", "wild"][round.number % 4], vote: (others) => others[0], playOn: false };
    const botIds = () => host.latest()!.seats.filter((s) => s.bot !== null).map((s) => s.playerId);
    const onState = (s: RoomSnapshot) => {
      const move = autoplayMove(s, policy);
      if (!move || done.has(move.key)) return;
      if (s.game.phase === "discussion" && s.game.deadline !== null) {
        const since = s.game.deadline - DISCUSSION_SECONDS * 1000;
        const spoke = new Set(s.game.chat.filter((c) => c.at >= since).map((c) => c.playerId));
        const waited = Date.now() - since > 60_000;
        if (!waited && botIds().some((id) => !spoke.has(id))) return;
      }
      done.add(move.key);
      void host.send(move.event, move.payload);
    };
    host.socket.on(S2C.roomState, onState);
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    const over = await host.waitForState((s) => s.game.phase === "gameOver", "game over");
    host.socket.off(S2C.roomState, onState);

    const bots = new Set(over.seats.filter((s) => s.bot !== null).map((s) => s.playerId));
    expect(bots.size).toBe(BOTS);
    const rounds = over.game.rounds;
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    // Every chat line each socket received, with the round whose discussion it was said in.
    let checkedLines = 0;
    let chameleonBotLines = 0;
    for (const client of [host, spectator]) {
      const lines = new Map<string, ChatMessage>();
      for (const frame of client.frames) {
        if (frame.event !== S2C.roomState) continue;
        for (const line of (frame.payload as RoomSnapshot).game.chat) lines.set(`${line.playerId}/${line.at}/${line.text}`, line);
      }
      const byRound = new Map<number, ChatMessage[]>();
      for (const line of lines.values()) {
        // A round's discussion runs after its last clue and before the next round's first.
        const round = [...rounds].reverse().find((r) => r.clues.length > 0 && r.clues[r.clues.length - 1].at <= line.at);
        expect(round).toBeDefined();
        byRound.set(round!.number, [...(byRound.get(round!.number) ?? []), line]);
      }
      for (const round of rounds) {
        const all = (byRound.get(round.number) ?? []).sort((a, b) => a.at - b.at);
        const said = all.filter((l) => bots.has(l.playerId));
        // Every bot opened the discussion, once; any later line of its own answers one that named its clue.
        for (const bot of bots) {
          const own = said.filter((l) => l.playerId === bot);
          expect(own.length).toBeGreaterThanOrEqual(1);
          expect(own.length).toBeLessThanOrEqual(3);
          expect(OPENING_SHAPES.some((shape) => shape.test(own[0].text)), own[0].text).toBe(true);
          const ownClue = round.clues.find((c) => c.playerId === bot)!.text;
          for (const reply of own.slice(1)) {
            expect(REPLY_SHAPES.some((shape) => shape.test(reply.text)), reply.text).toBe(true);
            expect(reply.text).toContain(`"${ownClue}"`);
            expect(all.some((l) => l.playerId !== bot && l.at <= reply.at && l.text.toLowerCase().includes(ownClue.toLowerCase()))).toBe(true);
          }
        }
        for (const line of said) {
          expect(mentions(line.text, round.secret!)).toBe(false);
          expect(line.text).not.toMatch(ROLE_GIVEAWAYS);
          // Whatever it quotes is a clue given this round.
          for (const [, quoted] of line.text.matchAll(/"([^"]+)"/g)) expect(round.clues.map((c) => c.text)).toContain(quoted);
          checkedLines++;
          if (line.playerId === round.chameleonId) chameleonBotLines++;
        }
      }
    }
    expect(checkedLines).toBeGreaterThanOrEqual(2 * BOTS * rounds.length);
    // At least one round had a bot for its chameleon, and it spoke like the others.
    expect(chameleonBotLines).toBeGreaterThan(0);
  });

  it("a bot whose clue is questioned in the chat answers, quoting its own clue and nothing hidden", async () => {
    const host = connectClient(server.url);
    clients.push(host);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Asker" });
    if (!created.ok) throw new Error(created.message);
    for (let i = 0; i < BOTS; i++) expect((await host.send(C2S.hostAddBot, { kind: "lexical" })).ok).toBe(true);
    expect((await host.send(C2S.hostSettings, { targetScore: 3, turnSeconds: 0, discussionSeconds: DISCUSSION_SECONDS, voteSeconds: 0, categoryPool: ["animal", "fruit", "vehicle"] })).ok).toBe(true);
    const policy: AutoplayPolicy = { clue: () => "plain", vote: (others) => others[0], playOn: false };
    const done = new Set<string>();
    let asked: { botId: string; clue: string; round: number } | null = null;
    const answerOf = (s: RoomSnapshot) => (asked ? s.game.chat.find((l) => l.playerId === asked!.botId && l.round === asked!.round && REPLY_SHAPES.some((shape) => shape.test(l.text))) : undefined);
    const onState = (s: RoomSnapshot) => {
      const round = s.game.rounds.at(-1);
      if (s.game.phase === "discussion" && round && !asked) {
        const botClue = round.clues.find((c) => s.seats.find((m) => m.playerId === c.playerId)?.bot);
        if (botClue) {
          asked = { botId: botClue.playerId, clue: botClue.text, round: round.number };
          host.send(C2S.chatSend, { text: `Why "${botClue.text}"? I don't see it.` }).catch(() => {});
        }
        return;
      }
      // Ready only once the bot has answered: the discussion stays open for it.
      if (s.game.phase === "discussion" && !answerOf(s)) return;
      const move = autoplayMove(s, policy);
      if (!move || done.has(move.key)) return;
      done.add(move.key);
      // Moves still in flight when the test ends are dropped with the socket.
      host.send(move.event, move.payload).catch(() => {});
    };
    host.socket.on(S2C.roomState, onState);
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    const revealed = await host.waitForState((s) => asked !== null && s.game.rounds.some((r) => r.number === asked!.round && r.revealed), "the questioned round's reveal");
    host.socket.off(S2C.roomState, onState);
    const reply = answerOf(revealed)!;
    expect(reply, "the bot's answer").toBeDefined();
    expect(reply.text).toContain(`"${asked!.clue}"`);
    expect(reply.text).not.toMatch(ROLE_GIVEAWAYS);
    const round = revealed.game.rounds.find((r) => r.number === asked!.round)!;
    expect(mentions(reply.text, round.secret!)).toBe(false);
  });
});
