import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, S2C, type JoinedAck, type RoomSnapshot } from "../../shared/protocol";
import type { RoundView } from "../../shared/game/types";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import { autoPlay } from "../support/socket-autoplay";
import type { Dataset } from "../../shared/sneak/types";
import type { RevealedClueScores } from "../../shared/protocol";

/**
 * Records every frame each socket received and checks them, not the view function: the secret string never
 * reaches the chameleon's or a spectator's socket before its round's reveal, and no score reaches anyone
 * before it. The topic card's words are unique markers, so a hit can only be a leak.
 */
const CARD = {
  category: "zq markers",
  words: ["zqalpha", "zqbravo", "zqcharlie", "zqdelta", "zqecho", "zqfoxtrot", "zqgolf", "zqhotel"],
};
/** A dataset card of markers whose decoys are markers too: what the judge weighed can be searched for in any frame. */
const DECOYS = ["zqdecoyone", "zqdecoytwo", "zqdecoythree", "zqdecoyfour", "zqdecoyfive", "zqdecoysix"];
const MARKER_DATASET: Dataset = { name: "markers", description: "unique strings", categories: [{ category: "zq deck", words: CARD.words.map((w) => `${w}x`), decoys: DECOYS }] };

/** A frame as text with every grid (public) and every other round removed: what remains must not hold the secret. */
function roundTextWithoutGrid(snapshot: RoomSnapshot, roundNumber: number): string {
  const round = snapshot.game.rounds.find((r) => r.number === roundNumber);
  const rest = { ...snapshot, game: { ...snapshot.game, rounds: [], settings: { ...snapshot.game.settings, customCards: [] } } };
  const { words: _words, ...roundWithoutGrid } = round ?? ({} as RoundView);
  return JSON.stringify(rest) + JSON.stringify(roundWithoutGrid);
}

describe("server: hidden information in the frames", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({}, { deps: { dataset: MARKER_DATASET } });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  /** Plays a whole game of three humans and a spectator on the given topics; returns every socket and the game's end. */
  async function playGame(topics: object) {
    const host = connectClient(server.url);
    const players = [host];
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Host" });
    if (!created.ok) throw new Error(created.message);
    for (const name of ["Bo", "Cy"]) {
      const c = connectClient(server.url);
      players.push(c);
      expect((await c.send(C2S.roomJoin, { code: created.code, name })).ok).toBe(true);
    }
    const spectator = connectClient(server.url);
    clients.push(...players, spectator);
    expect(await spectator.send(C2S.roomJoin, { code: created.code, name: "Watcher", spectator: true })).toMatchObject({ ok: true, spectator: true });
    expect(await host.send(C2S.hostSettings, { targetScore: 4, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0, ...topics })).toEqual({ ok: true });
    const playing = players.map((c) => autoPlay(c));
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    const over = await host.waitForState((s) => s.game.phase === "gameOver", "game over");
    await server.registry.get(created.code)!.scoringSettled();
    await host.waitForState((s) => s.game.rounds.every((r) => r.clues.every((c) => (c.scores?.length ?? 0) > 0)), "scores attached");
    for (const p of playing) p.stop();
    const everyone = [...players, spectator];
    return { over, everyone, spectator, idOf: new Map(everyone.map((c) => [c, c.latest()!.you.playerId])) };
  }

  it("never sends the secret to the chameleon or a spectator, nor a score to anyone, before the reveal", async () => {
    const { over, everyone, spectator, idOf } = await playGame({ categoryPool: [], customCards: [CARD] });
    const rounds = over.game.rounds;
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    let checkedChameleonFrames = 0;
    let checkedSpectatorFrames = 0;
    for (const round of rounds) {
      expect(round.secret).not.toBeNull();
      const secret = round.secret!;
      expect(CARD.words).toContain(secret);
      for (const client of everyone) {
        const blind = client === spectator || idOf.get(client) === round.chameleonId;
        for (const frame of client.frames) {
          if (frame.event !== S2C.roomState) continue;
          const snapshot = frame.payload as RoomSnapshot;
          const view = snapshot.game.rounds.find((r) => r.number === round.number);
          if (!view || view.revealed || snapshot.game.gameNumber !== over.game.gameNumber) continue;
          // No score, anywhere in the round, for anyone, before the reveal.
          expect(view.clues.every((c) => c.scores === undefined || c.scores.length === 0)).toBe(true);
          expect(JSON.stringify(view)).not.toMatch(/utility|leakage|softScore|binaryScore|pAlly|pCham|allyOptions|chameleonGuesses|secretRank/);
          if (!blind) continue;
          expect(view.secret).toBeNull();
          expect(roundTextWithoutGrid(snapshot, round.number)).not.toContain(secret);
          if (client === spectator) checkedSpectatorFrames++;
          else checkedChameleonFrames++;
        }
      }
    }
    // The check saw real frames of both kinds of blind viewer (every seat is human, so every chameleon has a
    // socket): at least the deal, a clue and the vote of each round (changes in one event-loop turn share a frame).
    expect(checkedSpectatorFrames).toBeGreaterThanOrEqual(3 * rounds.length);
    expect(checkedChameleonFrames).toBeGreaterThanOrEqual(3 * rounds.length);
    // After the reveal the spectator does see the secret and, at the game's end, every round's scores.
    const final = await spectator.waitForState((s) => s.game.phase === "gameOver" && s.game.rounds.every((r) => r.clues.every((c) => (c.scores?.length ?? 0) > 0)), "the spectator's scores");
    const finalView = final.game.rounds.find((r) => r.number === rounds[0].number)!;
    expect(finalView.secret).toBe(rounds[0].secret);
    expect(finalView.clues[0].scores?.length).toBe(1);
  });

  it("never sends what the judge weighed (the decoys, the ally's choice, the chameleon's guesses) before the reveal, and sends it to everyone after", async () => {
    const { over, everyone, spectator } = await playGame({ categoryPool: ["zq deck"] });
    // Every socket's frames up to the last scores of the game.
    for (const client of everyone) await client.waitForState((s) => s.game.phase === "gameOver" && s.game.rounds.every((r) => r.clues.every((c) => (c.scores?.length ?? 0) > 0)), "every round's scores");
    const rounds = over.game.rounds;
    let checkedFrames = 0;
    for (const client of everyone) {
      let revealedSeen = 0;
      for (const frame of client.frames) {
        if (frame.event !== S2C.roomState) continue;
        const snapshot = frame.payload as RoomSnapshot;
        for (const view of snapshot.game.rounds) {
          const text = JSON.stringify(view);
          if (view.revealed) {
            if (text.includes("zqdecoy")) revealedSeen++;
            continue;
          }
          checkedFrames++;
          // No decoy string, no judge detail, for anyone (informed players included) while the round is in play.
          expect(text).not.toMatch(/zqdecoy|allyOptions|chameleonGuesses|secretRank/);
        }
        // The decoys are nowhere else in the snapshot either (the room's fields, the settings).
        const { game: _game, ...room } = snapshot;
        expect(JSON.stringify(room) + JSON.stringify(snapshot.game.settings)).not.toContain("zqdecoy");
      }
      // Everyone, the chameleons and the spectator included, sees the decoys once rounds are revealed.
      expect(revealedSeen).toBeGreaterThan(0);
    }
    expect(checkedFrames).toBeGreaterThanOrEqual(3 * rounds.length * everyone.length);
    // The revealed records say what the ally chose among (the clue and five marker decoys) and the chameleon's guesses.
    const final = spectator.latest()!.game.rounds[0].clues[0].scores![0] as RevealedClueScores;
    const [judged] = final.perEvaluator;
    expect(judged.allyOptions).toHaveLength(6);
    expect(judged.allyOptions!.filter((o) => DECOYS.includes(o.message))).toHaveLength(5);
    expect(judged.allyOptions!.some((o) => o.message === final.clue)).toBe(true);
    expect(judged.chameleonGuesses!.top.length).toBe(3);
    expect(judged.chameleonGuesses!.wordCount).toBe(8);
  });
});
