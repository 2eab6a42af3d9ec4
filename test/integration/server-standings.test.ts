import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck, type RevealedClueScores, type RoomSnapshot } from "../../shared/protocol";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import { autoPlay } from "../support/socket-autoplay";

/**
 * The room's leaderboard (`RoomSnapshot.standings`) on a real server over two whole games: every seat's points,
 * games won, rounds won as the Chameleon and as a player who knew the word, and best clue must agree with the
 * rounds the games actually played, as every player's snapshots showed them.
 */
describe("server: the room's leaderboard across its games", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  it("adds up points, wins and best clues over two games, as the rounds were revealed", async () => {
    const host = connectClient(server.url);
    clients.push(host);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Ann" });
    if (!created.ok) throw new Error(created.message);
    for (const name of ["Ben", "Cat"]) {
      const c = connectClient(server.url);
      clients.push(c);
      expect((await c.send(C2S.roomJoin, { code: created.code, name })).ok).toBe(true);
    }
    expect(await host.send(C2S.hostSettings, { targetScore: 3, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
    const scored = (s: RoomSnapshot) => s.game.phase === "gameOver" && s.game.rounds.every((r) => r.clues.every((c) => (c.scores?.length ?? 0) > 0));
    const games: RoomSnapshot[] = [];
    for (let game = 1; game <= 2; game++) {
      const players = clients.map((c) => autoPlay(c));
      expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
      await host.waitForState((s) => s.game.gameNumber === game && s.game.phase === "gameOver", `game ${game} over`);
      await server.registry.get(created.code)!.scoringSettled();
      games.push(await host.waitForState((s) => s.game.gameNumber === game && scored(s), `game ${game}'s scores`));
      for (const p of players) p.stop();
    }
    const standings = games[1].standings;
    expect(standings.map((s) => s.name).sort()).toEqual(["Ann", "Ben", "Cat"]);
    for (const standing of standings) {
      const rounds = games.flatMap((g) => g.game.rounds.filter((r) => r.outcome !== null));
      const asChameleon = rounds.filter((r) => r.chameleonId === standing.playerId);
      const asInformed = rounds.filter((r) => r.chameleonId !== standing.playerId);
      const informedClues = games.flatMap((g) =>
        g.game.rounds.flatMap((r) => r.clues.map((c) => c.scores?.[0] as RevealedClueScores).filter((s) => s.playerId === standing.playerId && !s.byChameleon && s.mean?.softScore != null)),
      );
      const best = Math.max(...informedClues.map((s) => s.mean!.softScore!));
      expect(standing).toMatchObject({
        bot: false,
        points: games.reduce((sum, g) => sum + g.game.seats.find((s) => s.id === standing.playerId)!.points, 0),
        gamesPlayed: 2,
        gamesWon: games.filter((g) => g.game.winners?.includes(standing.playerId)).length,
        chameleonRounds: asChameleon.length,
        chameleonWins: asChameleon.filter((r) => r.outcome!.kind !== "caught").length,
        informedRounds: asInformed.length,
        informedWins: asInformed.filter((r) => r.outcome!.kind === "caught").length,
      });
      if (informedClues.length > 0) expect(standing.bestClue).toMatchObject({ score: best, text: informedClues.find((s) => s.mean!.softScore === best)!.clue });
      else expect(standing.bestClue).toBeNull();
    }
    // Most points first.
    expect(standings.map((s) => s.points)).toEqual([...standings.map((s) => s.points)].sort((a, b) => b - a));
    // Everyone sees the same leaderboard.
    for (const c of clients) expect((await c.waitForState((s) => s.standings.length === 3 && scored(s) && s.game.gameNumber === 2)).standings).toEqual(standings);
  });
});
