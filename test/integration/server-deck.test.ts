import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck, type RoomSnapshot } from "../../shared/protocol";
import { getWordNet } from "../../server/lexicon/wordnet";
import { loadDataset } from "../../server/dataset/load-dataset";
import { loadDeck } from "../../server/dataset/load-deck";
import { sameReferentForPlay } from "../../server/dataset/deck";
import { DEFAULT_POOL_MIN_WORDS } from "../../shared/game/settings";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";

const GAMES = 25;

describe("server: the deck a real server deals from (the committed dataset and deck)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let host: TestClient;
  const dataset = loadDataset();
  const wn = getWordNet();

  beforeAll(async () => {
    // Many quick games from one host socket: its event budget is raised (the limit itself has its own tests).
    server = await startTestServer({ rateLimit: { perSecond: 1000, burst: 1000 } }, { deps: { dataset, deck: loadDeck() } });
    host = connectClient(server.url);
  });
  afterAll(async () => {
    host?.close();
    await server.close();
  });

  /** Starts a game, returns the first round's dealt card as the host sees it, and ends the game. */
  async function dealOne(gameNumber: number): Promise<{ category: string; words: string[] }> {
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    const dealt = await host.waitForState((s) => s.game.gameNumber === gameNumber && s.game.rounds.length > 0, `game ${gameNumber} dealt`);
    const round = dealt.game.rounds[0];
    expect(await host.send(C2S.hostEndGame)).toEqual({ ok: true });
    await host.waitForState((s) => s.game.gameNumber === gameNumber && s.game.phase === "gameOver", `game ${gameNumber} over`);
    return { category: round.category, words: round.words! };
  }

  it("lists small cards as off by default, never deals them or two words of one family by default, and deals one a host picks", async () => {
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Hana" });
    expect(created.ok).toBe(true);
    for (let i = 0; i < 2; i++) expect(await host.send(C2S.hostAddBot, { kind: "lexical" })).toMatchObject({ ok: true });
    const lobby: RoomSnapshot = await host.waitForState((s) => s.game.seats.length === 3, "three seats");
    expect(lobby.game.settings.categoryPool).toBeNull();
    expect(lobby.categories).toHaveLength(dataset.categories.length);
    const off = new Set(lobby.categoriesOffByDefault);
    expect(off.size).toBeGreaterThan(0);
    for (const category of off) expect(lobby.categories).toContain(category);
    expect(off.has("racket sport")).toBe(true);

    const seen = new Set<string>();
    for (let game = 1; game <= GAMES; game++) {
      const card = await dealOne(game);
      seen.add(card.category);
      expect(off.has(card.category), card.category).toBe(false);
      expect(new Set(card.words).size).toBe(card.words.length);
      expect(card.words.length, card.category).toBeGreaterThanOrEqual(DEFAULT_POOL_MIN_WORDS);
      card.words.forEach((a, i) => {
        for (const b of card.words.slice(i + 1)) expect(sameReferentForPlay(a, b, card.category, wn), `${card.category}: ${a} / ${b}`).toBe(false);
      });
    }
    expect(seen.size).toBeGreaterThan(GAMES / 2);

    // A card whose dataset words hold near-duplicates is dealt collapsed: "oak" stands for "oak tree".
    expect(await host.send(C2S.hostSettings, { categoryPool: ["tree"] })).toEqual({ ok: true });
    const tree = await dealOne(GAMES + 1);
    expect(dataset.categories.find((c) => c.category === "tree")!.words).toEqual(expect.arrayContaining(["oak", "oak tree"]));
    expect(tree.words).toContain("oak");
    expect(tree.words).not.toContain("oak tree");

    // The host picks a card that is off by default: it is dealt, with its few words.
    expect(await host.send(C2S.hostSettings, { categoryPool: ["racket sport"] })).toEqual({ ok: true });
    const picked = await dealOne(GAMES + 2);
    expect(picked.category).toBe("racket sport");
    expect(picked.words.length).toBeLessThan(DEFAULT_POOL_MIN_WORDS);
    expect(picked.words).toEqual(dataset.categories.find((c) => c.category === "racket sport")!.words);
  }, 120_000);
});
