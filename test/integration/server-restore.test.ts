import { describe, expect, it } from "vitest";
import { applyAction } from "../../shared/game/rules";
import type { GameAction, GameState } from "../../shared/game/types";
import { seededRng } from "../../shared/random";
import { C2S, type JoinedAck } from "../../shared/protocol";
import { connectClient, connected, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";

/** What a game log keeps, through the room's observer hooks (server/store writes the same to SQLite). */
function recorder() {
  const log = { seed: "", code: "", initial: null as GameState | null, actions: [] as GameAction[], sessions: [] as { token: string; playerId: string; spectator: boolean }[], disposed: [] as string[] };
  return {
    log,
    observer: {
      onCreate: (room: { seed: string; code: string }, state: GameState) => {
        log.seed = room.seed;
        log.code = room.code;
        log.initial = state;
      },
      onAction: (_room: unknown, action: GameAction) => void log.actions.push(action),
      onSession: (_room: unknown, session: { token: string; playerId: string; spectator: boolean }) => void log.sessions.push(session),
      onDispose: (_room: unknown, reason: string) => void log.disposed.push(reason),
    },
  };
}

describe("server: a room rebuilt from its log after a restart", () => {
  it("replays to the same state and lets players back in with their tokens", async () => {
    const { log, observer } = recorder();
    const first = await startTestServer({}, { observer });
    const clients: TestClient[] = [];
    let code = "";
    for (const name of ["Ann", "Ben", "Cat"]) {
      const c = connectClient(first.url);
      const ack = code === "" ? await c.send<JoinedAck>(C2S.roomCreate, { name }) : await c.send<JoinedAck>(C2S.roomJoin, { code, name });
      if (!ack.ok) throw new Error(ack.message);
      code = ack.code;
      clients.push(c);
    }
    expect(await clients[0].send(C2S.hostSettings, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
    expect(await clients[0].send(C2S.hostStart)).toEqual({ ok: true });
    const dealt = await clients[0].waitForState((s) => s.game.phase === "clues");
    const turn = dealt.game.rounds[0].turnPlayerId!;
    const turnClient = clients.find((c) => c.latest()!.you.playerId === turn)!;
    expect(await turnClient.send(C2S.gameClue, { text: "nice" })).toEqual({ ok: true });
    const live = first.registry.get(code)!.serverState!;

    // The replay of the log reproduces the live state exactly.
    const rng = seededRng(`room/${log.seed}`);
    let replayed = log.initial!;
    for (const action of log.actions) {
      const result = applyAction(replayed, action, rng);
      if (!result.ok) throw new Error(result.message);
      replayed = result.state;
    }
    expect(replayed).toEqual(live);
    for (const c of clients) c.close();
    await first.close();
    // Stopping the server is not closing the room: its log stays open for the restart.
    expect(log.disposed).toEqual([]);

    const second = await startTestServer({}, { restore: [{ roomCode: log.code, seed: log.seed, state: replayed, rng, sessions: log.sessions }] });
    try {
      const nextTurn = replayed.rounds[0].order[1];
      const session = log.sessions.find((s) => s.playerId === nextTurn)!;
      const back = connectClient(second.url, { token: session.token });
      await connected(back.socket);
      const snapshot = await back.waitForState(() => true, "snapshot after restart");
      expect(snapshot.code).toBe(code);
      expect(snapshot.you.playerId).toBe(nextTurn);
      expect(snapshot.game.rounds[0].clues.map((c) => c.text)).toEqual(["nice"]);
      expect(snapshot.game.rounds[0].turnPlayerId).toBe(nextTurn);
      expect(snapshot.seats.filter((s) => !s.connected).length).toBe(2);
      expect(await back.send(C2S.gameClue, { text: "common" })).toEqual({ ok: true });
      await back.waitForState((s) => s.game.rounds[0].clues.length === 2, "second clue");
      back.close();
    } finally {
      await second.close();
    }
  });
});
