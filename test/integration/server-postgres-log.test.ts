import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type Ack, type JoinedAck } from "../../shared/protocol";
import { restoredRoomOf, wiredGameLog } from "../../server/app-game-log";
import { isFailure, restoreRoom, type RestorePlan } from "../../server/store/restore";
import type { ActionRecord } from "../../server/store/records";
import { PgGameStore } from "../../server/store/pg-game-store";
import { connectClient, connected, type TestClient } from "../support/socket-client";
import { startTestServer, TEST_DATASET } from "../support/socket-server";
import { postgresMissing, reportPostgresSkip, startPostgres, type PostgresServer } from "../support/postgres-server";

/**
 * The game server on the Postgres log, through real sockets: a move is acknowledged only once committed, a
 * room's moves take effect and reach the log in the order they were sent even though each waits for a round
 * trip, and a move the log cannot record is refused with a clear error and never played.
 */

reportPostgresSkip("server-postgres-log");

async function seatThree(url: string, settings: object = {}): Promise<{ clients: TestClient[]; acks: JoinedAck[] }> {
  const clients: TestClient[] = [];
  const acks: JoinedAck[] = [];
  for (const name of ["Ann", "Ben", "Cat"]) {
    const c = connectClient(url);
    const ack = acks.length === 0 ? await c.send<JoinedAck>(C2S.roomCreate, { name, settings }) : await c.send<JoinedAck>(C2S.roomJoin, { code: acks[0].code, name });
    if (!ack.ok) throw new Error(ack.message);
    clients.push(c);
    acks.push(ack);
  }
  return { clients, acks };
}

describe.skipIf(postgresMissing !== null)("server on the Postgres log", () => {
  let postgres: PostgresServer;
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(() => postgres?.stop());

  it("applies and logs a burst of one room's commands in the order they were sent", async () => {
    const url = await postgres.createDatabase();
    const log = (await wiredGameLog({ path: null, sync: "normal", databaseUrl: url }, TEST_DATASET, ["lexical"], () => {}))!;
    const server = await startTestServer({}, { observer: log.observer });
    try {
      const { clients, acks } = await seatThree(server.url);
      // Ten settings changes sent at once: each waits for its commit, none may overtake another.
      const sent = Array.from({ length: 10 }, (_, i) => clients[0].send(C2S.hostSettings, { turnSeconds: 11 + i }));
      expect(await Promise.all(sent)).toEqual(Array(10).fill({ ok: true }));
      const room = server.registry.get(acks[0].code)!;
      expect(room.serverState!.settings.turnSeconds).toBe(20);
      const logId = log.gameLog.logIdOf(room)!;
      const actions = (await log.store.eventsOf(logId, ["action"])) as unknown as ActionRecord[];
      const turnSeconds = actions.map((a) => a.action as { type: string; settings?: { turnSeconds?: number } }).filter((a) => a.type === "updateSettings").map((a) => a.settings?.turnSeconds);
      expect(turnSeconds.slice(-10)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
      for (const c of clients) c.close();
    } finally {
      await server.close();
      await log.close();
    }
  });

  it("refuses every move of a room another process has claimed, and tells the server so", async () => {
    const url = await postgres.createDatabase();
    const fenced: string[] = [];
    const log = (await wiredGameLog({ path: null, sync: "normal", databaseUrl: url }, TEST_DATASET, ["lexical"], () => {}, { owner: "first", onFenced: (code) => fenced.push(code) }))!;
    const server = await startTestServer({}, { observer: log.observer });
    const other = await PgGameStore.open({ url, owner: "second" });
    try {
      const { clients, acks } = await seatThree(server.url);
      expect(await clients[0].send(C2S.hostSettings, { turnSeconds: 30 })).toEqual({ ok: true });
      expect(await other.claimRoom(acks[0].code)).toBe(2);
      expect(await clients[0].send(C2S.hostSettings, { turnSeconds: 40 })).toEqual({
        ok: false,
        code: "ROOM_ELSEWHERE",
        message: "this room has moved to another game server; reconnect to reach it",
      });
      expect(server.registry.get(acks[0].code)!.serverState!.settings.turnSeconds).toBe(30);
      await new Promise((resolve) => setImmediate(resolve));
      expect(fenced).toEqual([acks[0].code]);
      for (const c of clients) c.close();
    } finally {
      await other.close();
      await server.close();
      await log.close();
    }
  });

  it("a second server takes a room over from the log: the first is fenced off, players carry on there with their tokens", { timeout: 60_000 }, async () => {
    const url = await postgres.createDatabase();
    const config = { path: null, sync: "normal" as const, databaseUrl: url };
    let first: Awaited<ReturnType<typeof startTestServer>> | null = null;
    const logA = (await wiredGameLog(config, TEST_DATASET, ["lexical"], () => {}, { owner: "a", onFenced: (code) => first?.registry.get(code)?.shutdown() }))!;
    const logB = (await wiredGameLog(config, TEST_DATASET, ["lexical"], () => {}, { owner: "b", restoreOpenRooms: false }))!;
    first = await startTestServer({}, { observer: logA.observer });
    const second = await startTestServer({}, { observer: logB.observer });
    try {
      const { clients, acks } = await seatThree(first.url, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 });
      expect(await clients[0].send(C2S.hostStart)).toEqual({ ok: true });
      const dealt = await clients[0].waitForState((s) => s.game.phase === "clues");
      const order = dealt.game.rounds[0].order;
      const clientOf = (playerId: string) => clients[acks.findIndex((a) => a.playerId === playerId)];
      expect(await clientOf(order[0]).send(C2S.gameClue, { text: "orchard" })).toEqual({ ok: true });

      // The second server claims the room and rebuilds it from the log.
      const plan = (await restoreRoom(logB.store, acks[0].code, "b")) as RestorePlan;
      expect(isFailure(plan)).toBe(false);
      expect(plan.state.rounds[0].clues.map((c) => c.text)).toEqual(["orchard"]);
      expect(second.adoptRoom(restoredRoomOf(plan))).toBe(true);

      // The first server's next write is refused, and it stops running the room.
      expect(await clientOf(order[1]).send(C2S.gameClue, { text: "stale" })).toMatchObject({ ok: false, message: "this room has moved to another game server; reconnect to reach it" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(first.registry.get(acks[0].code)).toBeUndefined();

      // The player comes back on the second server with the same token and goes on.
      const back = connectClient(second.url, { token: acks[acks.findIndex((a) => a.playerId === order[1])].token });
      await connected(back.socket);
      const snapshot = await back.waitForState(() => true, "the taken-over room");
      expect(snapshot.game.rounds[0].clues.map((c) => c.text)).toEqual(["orchard"]);
      expect(await back.send(C2S.gameClue, { text: "cider" })).toEqual({ ok: true });
      const logId = logB.gameLog.logIdOf(second.registry.get(acks[0].code)!)!;
      const clues = (await logB.store.query<{ text: string }>("SELECT text FROM clues WHERE log_id = ? ORDER BY seq", logId)).map((c) => c.text);
      expect(clues).toEqual(["orchard", "cider"]);
      back.close();
      for (const c of clients) c.close();
    } finally {
      await first.close();
      await second.close();
      await logA.close();
      await logB.close();
    }
  });

  it("answers UNAVAILABLE to every command it cannot record while Postgres is down, does nothing of them, and plays on once it is back", { timeout: 60_000 }, async () => {
    const own = await startPostgres();
    const url = await own.createDatabase();
    const lines: string[] = [];
    const log = (await wiredGameLog({ path: null, sync: "normal", databaseUrl: url }, TEST_DATASET, ["lexical"], (line) => lines.push(line)))!;
    const server = await startTestServer({}, { observer: log.observer });
    const open: TestClient[] = [];
    try {
      const { clients, acks } = await seatThree(server.url, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 });
      open.push(...clients);
      expect(await clients[0].send(C2S.hostStart)).toEqual({ ok: true });
      const dealt = await clients[0].waitForState((s) => s.game.phase === "clues");
      const turn = dealt.game.rounds[0].turnPlayerId!;
      const player = clients[acks.findIndex((a) => a.playerId === turn)];
      own.halt();
      const unavailable = { ok: false, code: "UNAVAILABLE", message: "the game log is not answering, so this was not done; try again in a moment" };
      // A move, a new room, a spectator, the host ending the game: each refused, none done.
      expect(await player.send(C2S.gameClue, { text: "lost" })).toEqual(unavailable);
      const newcomer = connectClient(server.url);
      open.push(newcomer);
      expect(await newcomer.send(C2S.roomCreate, { name: "Dan" })).toEqual(unavailable);
      expect(await newcomer.send(C2S.roomJoin, { code: acks[0].code, name: "Eve", spectator: true })).toEqual(unavailable);
      expect(await clients[0].send(C2S.hostEndGame)).toEqual(unavailable);
      const room = server.registry.get(acks[0].code)!;
      expect(room.serverState!.rounds[0].clues).toEqual([]);
      expect(room.serverState!.phase).toBe("clues");
      expect(server.registry.size).toBe(1);
      expect(lines.some((line) => /could not write action, clue to/.test(line))).toBe(true);

      // Back: the same commands go through (a pooled connection the outage broke may fail once more first).
      own.resume();
      const retried = async (send: () => Promise<Ack>): Promise<Ack> => {
        for (let attempt = 0; ; attempt++) {
          const ack = await send();
          if (ack.ok || ack.code !== "UNAVAILABLE" || attempt === 5) return ack;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      };
      expect(await retried(() => player.send(C2S.gameClue, { text: "found" }))).toEqual({ ok: true });
      expect(await retried(() => newcomer.send(C2S.roomCreate, { name: "Dan" }))).toMatchObject({ ok: true });
      expect(room.serverState!.rounds[0].clues.map((c) => c.text)).toEqual(["found"]);
    } finally {
      for (const c of open) c.close();
      await server.close();
      await log.close().catch(() => {});
      own.stop();
    }
  });
});
