import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck, type RevealedClueScores, type RoomSnapshot } from "../../shared/protocol";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import { autoPlay } from "../support/socket-autoplay";

describe("server: a full game of 3 humans and 2 lexical bots", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  it("plays rounds to a winner, with bot clues and every clue scored at the reveal", async () => {
    const host = connectClient(server.url);
    clients.push(host);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Hana" });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.code).toMatch(/^[A-Z]{4}$/);

    for (const name of ["Ivo", "Jun"]) {
      const c = connectClient(server.url);
      clients.push(c);
      const joined = await c.send<JoinedAck>(C2S.roomJoin, { code: created.code.toLowerCase(), name });
      expect(joined).toMatchObject({ ok: true, code: created.code, spectator: false });
    }
    for (let i = 0; i < 2; i++) expect(await host.send(C2S.hostAddBot, { kind: "lexical" })).toMatchObject({ ok: true });
    expect(await host.send(C2S.hostSettings, { targetScore: 3, clueMaxWords: 1, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });

    const seated = await host.waitForState((s) => s.game.seats.length === 5, "five seats");
    expect(seated.seats.filter((s) => s.bot?.kind === "lexical")).toHaveLength(2);
    expect(seated.categories).toEqual(["fruit", "animal", "vehicle"]);
    const guestView = await clients[1].waitForState((s) => s.game.seats.length === 5, "five seats (guest)");
    expect(guestView.categories).toEqual([]);
    expect(guestView.you.isHost).toBe(false);

    const players = clients.map((c) => autoPlay(c));
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });

    const over = await host.waitForState((s) => s.game.phase === "gameOver", "game over");
    for (const p of players) p.stop();
    const game = over.game;
    expect(game.winners?.length).toBeGreaterThan(0);
    for (const winner of game.winners!) expect(game.seats.find((s) => s.id === winner)!.points).toBeGreaterThanOrEqual(3);
    const botIds = over.seats.filter((s) => s.bot).map((s) => s.playerId);
    for (const round of game.rounds) {
      expect(round.revealed).toBe(true);
      expect(round.clues).toHaveLength(5);
      // Bot clues are the bots' own (not fallbacks) and legal.
      for (const clue of round.clues.filter((c) => botIds.includes(c.playerId))) expect(clue.fallback).toBe(false);
    }

    // Scores arrive with (or just after) the reveal: wait until every clue of every round has them.
    const scored = await host.waitForState(
      (s: RoomSnapshot) => s.game.rounds.every((r) => r.clues.every((c) => (c.scores?.length ?? 0) > 0)),
      "every clue scored",
    );
    const last = scored.game.rounds[scored.game.rounds.length - 1];
    last.clues.forEach((clue, index) => {
      const record = clue.scores![0] as RevealedClueScores;
      expect(record.clueIndex).toBe(index);
      expect(record.clue).toBe(clue.text);
      expect(record.byChameleon).toBe(clue.playerId === last.chameleonId);
      expect(record.leakageMeaningless).toBe(record.byChameleon);
      expect(record.utilityAvailable).toBe(true);
      expect(record.perEvaluator[0].evaluator).toBe("lexical");
      const s = record.perEvaluator[0].scores!;
      expect(s.softScore).toBeCloseTo(s.utility * (1 - s.leakage), 10);
      // The chameleon's own clue is not evidence: it keeps the cumulative leakage of the clue before it (none if it came first).
      const before = index > 0 ? (last.clues[index - 1].scores![0] as RevealedClueScores).cumulativeLeakage : null;
      if (record.byChameleon) expect(record.cumulativeLeakage).toBe(before);
      else expect(record.cumulativeLeakage).not.toBeNull();
    });

    // Play again with the same table: a fresh game, points reset, nothing carried over.
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    const again = await host.waitForState((s) => s.game.gameNumber === over.game.gameNumber + 1, "a second game");
    expect(again.game.phase).toBe("clues");
    expect(again.game.rounds).toHaveLength(1);
    expect(again.game.seats.every((s) => s.points === 0)).toBe(true);
    expect(again.game.seats.map((s) => s.id)).toEqual(over.game.seats.map((s) => s.id));
  });
});
