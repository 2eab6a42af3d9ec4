import { describe, expect, it } from "vitest";
import { C2S, HANDSHAKE_ERRORS, type Ack, type JoinedAck } from "../../shared/protocol";
import { wiredGameLog } from "../../server/app-game-log";
import { connectClient, connected, type TestClient } from "../support/socket-client";
import { startTestServer, TEST_DATASET } from "../support/socket-server";
import { storeBackends, useBackend } from "../support/store-backends";

describe.each(storeBackends())("server: the game log wired to the rooms, on $name", (backend) => {
  if (!useBackend(backend)) return;

  it("writes every action and, after a restart, rebuilds the room so players come back with their tokens", async () => {
    const store = (await backend.fresh()).config;
    const logA = (await wiredGameLog(store, TEST_DATASET, ["lexical"], () => {}))!;
    expect(logA.restore).toEqual([]);
    const first = await startTestServer({}, { observer: logA.observer });
    const clients: TestClient[] = [];
    const acks: JoinedAck[] = [];
    for (const name of ["Ann", "Ben", "Cat"]) {
      const c = connectClient(first.url);
      const ack = acks.length === 0 ? await c.send<JoinedAck>(C2S.roomCreate, { name }) : await c.send<JoinedAck>(C2S.roomJoin, { code: acks[0].code, name });
      if (!ack.ok) throw new Error(ack.message);
      clients.push(c);
      acks.push(ack);
    }
    expect(await clients[0].send(C2S.hostSettings, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
    expect(await clients[0].send(C2S.hostStart)).toEqual({ ok: true });
    const dealt = await clients[0].waitForState((s) => s.game.phase === "clues");
    const turn = dealt.game.rounds[0].turnPlayerId!;
    expect(await clients[acks.findIndex((a) => a.playerId === turn)].send(C2S.gameClue, { text: "nice" })).toEqual({ ok: true });
    const live = first.registry.get(acks[0].code)!.serverState!;
    for (const c of clients) c.close();
    await first.close();
    await logA.close();

    const logB = (await wiredGameLog(store, TEST_DATASET, ["lexical"], () => {}))!;
    expect(logB.restore).toHaveLength(1);
    expect(logB.restore[0].roomCode).toBe(acks[0].code);
    expect(logB.restore[0].state).toEqual(live);
    const second = await startTestServer({}, { observer: logB.observer, restore: logB.restore });
    try {
      const nextTurn = live.rounds[0].order[1];
      const index = acks.findIndex((a) => a.playerId === nextTurn);
      const back = connectClient(second.url, { token: acks[index].token });
      await connected(back.socket);
      const snapshot = await back.waitForState(() => true, "snapshot after restart");
      expect(snapshot.game.rounds[0].clues.map((c) => c.text)).toEqual(["nice"]);
      expect(await back.send(C2S.gameClue, { text: "common" })).toEqual({ ok: true });
      back.close();
    } finally {
      await second.close();
      await logB.close();
    }
    // The second clue went to the same log: a third start replays both.
    const logC = (await wiredGameLog(store, TEST_DATASET, ["lexical"], () => {}))!;
    expect(logC.restore[0].state.rounds[0].clues.map((c) => c.text)).toEqual(["nice", "common"]);
    await logC.close();
  });

  it("refuses, after a restart, the tokens that stopped working before it with the same reason: reclaimed, kicked, expired, left", { timeout: 30_000 }, async () => {
    const store = (await backend.fresh()).config;
    const logA = (await wiredGameLog(store, TEST_DATASET, ["lexical"], () => {}))!;
    const first = await startTestServer({ graceMs: 300 }, { observer: logA.observer });
    const open: TestClient[] = [];
    const join = async (payload: object, create = false): Promise<{ client: TestClient; ack: JoinedAck }> => {
      const client = connectClient(first.url);
      open.push(client);
      const ack = await client.send<JoinedAck>(create ? C2S.roomCreate : C2S.roomJoin, payload);
      if (!ack.ok) throw new Error(ack.message);
      return { client, ack };
    };
    const ann = await join({ name: "Ann" }, true);
    const code = ann.ack.code;
    const ben = await join({ code, name: "Ben" });
    const cat = await join({ code, name: "Cat" });
    const kickedWatcher = await join({ code, name: "Kit", spectator: true });
    const goneWatcher = await join({ code, name: "Gil", spectator: true });
    // Ben takes his seat back on a phone; the host removes Kit; Cat leaves; Gil drops out past the grace window.
    const rejoinCode = (await ben.client.waitForState((s) => s.you.rejoinCode !== null, "Ben's rejoin code")).you.rejoinCode!;
    const phone = connectClient(first.url);
    open.push(phone);
    const reclaimed = await phone.send<JoinedAck>(C2S.roomReclaim, { code, name: "Ben", rejoinCode });
    if (!reclaimed.ok) throw new Error(reclaimed.message);
    expect(await ann.client.send(C2S.hostKick, { playerId: kickedWatcher.ack.playerId })).toEqual({ ok: true });
    expect(await cat.client.send(C2S.roomLeave)).toEqual({ ok: true });
    goneWatcher.client.close();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const refusedHere = async (url: string, token: string) => {
      const client = connectClient(url, { token });
      try {
        await connected(client.socket);
        return "SEATED";
      } catch (error) {
        return (error as { data?: { code?: string } }).data?.code;
      } finally {
        client.close();
      }
    };
    const expected = { ben: HANDSHAKE_ERRORS.reclaimed, kit: HANDSHAKE_ERRORS.kicked, gil: HANDSHAKE_ERRORS.expired, cat: HANDSHAKE_ERRORS.unknownToken };
    const tokens = { ben: ben.ack.token, kit: kickedWatcher.ack.token, gil: goneWatcher.ack.token, cat: cat.ack.token };
    const answers = async (url: string) => Object.fromEntries(await Promise.all(Object.entries(tokens).map(async ([who, token]) => [who, await refusedHere(url, token)])));
    expect(await answers(first.url)).toEqual(expected);
    for (const c of open) c.close();
    await first.close();
    await logA.close();

    const logB = (await wiredGameLog(store, TEST_DATASET, ["lexical"], () => {}))!;
    const second = await startTestServer({}, { observer: logB.observer, restore: logB.restore });
    try {
      expect(await answers(second.url)).toEqual(expected);
      // The seat's newest token still seats Ben.
      expect(await refusedHere(second.url, reclaimed.token)).toBe("SEATED");
    } finally {
      await second.close();
      await logB.close();
    }
  });
});

describe("server: a SQLite log that cannot be written", () => {
  it("answers UNAVAILABLE to a command it cannot record (the file is full), does none of it, and plays on once there is room", { timeout: 30_000 }, async () => {
    const [backend] = storeBackends();
    const location = await backend.fresh();
    const log = (await wiredGameLog(location.config, TEST_DATASET, ["lexical"], () => {}))!;
    const server = await startTestServer({}, { observer: log.observer });
    const host = connectClient(server.url);
    try {
      const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Ann" });
      if (!created.ok) throw new Error(created.message);
      // SQLite's own limit on the file's size (a full disk answers the same way): no page beyond those it has.
      const [{ page_count: pages }] = (await log.store.query<{ page_count: number }>("PRAGMA page_count")) as { page_count: number }[];
      await log.store.query(`PRAGMA max_page_count = ${pages}`);
      let refusal: Ack | null = null;
      let sent = 0;
      for (; sent < 500 && refusal === null; sent++) {
        const ack = await host.send(C2S.hostSettings, { customCards: [{ category: `Card ${sent}`, words: Array.from({ length: 16 }, (_, i) => `word${sent}x${i}`.padEnd(30, "z")) }] });
        if (!ack.ok) refusal = ack;
      }
      expect(refusal).toEqual({ ok: false, code: "UNAVAILABLE", message: "the game log is not answering, so this was not done; try again in a moment" });
      const room = server.registry.get(created.code)!;
      expect(room.serverState!.settings.customCards[0].category).toBe(`Card ${sent - 2}`);
      await log.store.query(`PRAGMA max_page_count = ${pages * 1000}`);
      expect(await host.send(C2S.hostSettings, { customCards: [] })).toEqual({ ok: true });
    } finally {
      host.close();
      await server.close();
      await log.close();
      (backend as unknown as { cleanup(): void }).cleanup();
    }
  });
});
