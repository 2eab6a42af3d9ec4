import { afterEach, describe, expect, it } from "vitest";
import { C2S, HANDSHAKE_ERRORS, S2C, type JoinedAck, type RoomSnapshot } from "../../shared/protocol";
import { connectClient, connected, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import type { ServerConfig } from "../../server/config";

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** A started 3-human game with no timers; returns the clients and their tokens. */
async function threeHumans(server: Server): Promise<{ clients: TestClient[]; tokens: string[]; code: string }> {
  const clients: TestClient[] = [];
  const tokens: string[] = [];
  let code = "";
  for (const name of ["Ann", "Ben", "Cat"]) {
    const c = connectClient(server.url);
    const ack = code === "" ? await c.send<JoinedAck>(C2S.roomCreate, { name }) : await c.send<JoinedAck>(C2S.roomJoin, { code, name });
    if (!ack.ok) throw new Error(ack.message);
    code = ack.code;
    clients.push(c);
    tokens.push(ack.token);
  }
  expect(await clients[0].send(C2S.hostSettings, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
  expect(await clients[0].send(C2S.hostStart)).toEqual({ ok: true });
  return { clients, tokens, code };
}

const turnOf = (s: RoomSnapshot) => s.game.rounds[s.game.rounds.length - 1]?.turnPlayerId ?? null;

describe("server: identity, reconnection and kicks", () => {
  let server: Server;
  const open: TestClient[] = [];
  afterEach(async () => {
    for (const c of open) c.close();
    open.length = 0;
    await server.close();
  });
  const start = async (config: Partial<ServerConfig> = {}) => {
    server = await startTestServer(config);
  };

  it("gives a player who reconnects mid-turn the same seat and a full snapshot; they finish their turn", async () => {
    await start({ fallbackAfterMs: 60_000 });
    const { clients, tokens } = await threeHumans(server);
    open.push(...clients);
    const first = await clients[0].waitForState((s) => s.game.phase === "clues");
    const turnIndex = clients.findIndex((c) => c.latest()!.you.playerId === turnOf(first));
    const away = clients[turnIndex];
    const watcher = clients[(turnIndex + 1) % 3];
    const seatId = away.latest()!.you.playerId;
    away.close();
    const seen = await watcher.waitForState((s) => s.seats.find((x) => x.playerId === seatId)?.connected === false, "seat disconnected");
    const status = seen.seats.find((x) => x.playerId === seatId)!;
    expect(status.awaySince).toBeLessThanOrEqual(Date.now());
    expect(status.fallback).toBe(true);
    expect(turnOf(seen)).toBe(seatId);

    const back = connectClient(server.url, { token: tokens[turnIndex] });
    open.push(back);
    await connected(back.socket);
    const snapshot = await back.waitForState(() => true, "a snapshot on reconnect");
    expect(snapshot.you).toMatchObject({ playerId: seatId, seated: true });
    expect(snapshot.game.phase).toBe("clues");
    expect(turnOf(snapshot)).toBe(seatId);
    expect(snapshot.game.rounds[0].words).toHaveLength(12);
    expect(await back.send(C2S.gameClue, { text: "nice" })).toEqual({ ok: true });
    const after = await watcher.waitForState((s) => s.game.rounds[0]?.clues.length === 1, "the clue");
    expect(after.game.rounds[0].clues[0]).toMatchObject({ playerId: seatId, text: "nice", fallback: false });
    expect(after.seats.find((x) => x.playerId === seatId)).toMatchObject({ connected: true, awaySince: null, fallback: false });
  });

  it("a second connection with a seated player's token takes the seat; the first is told and disconnected", async () => {
    await start({ fallbackAfterMs: 60_000 });
    const { clients, tokens } = await threeHumans(server);
    open.push(...clients);
    const first = clients[1];
    const seatId = first.latest()!.you.playerId;
    const replaced = new Promise((resolve) => first.socket.once(S2C.sessionReplaced, resolve));
    const cut = new Promise((resolve) => first.socket.once("disconnect", resolve));
    const second = connectClient(server.url, { token: tokens[1] });
    open.push(second);
    await connected(second.socket);
    expect(await replaced).toEqual({ reason: "opened-elsewhere", message: expect.stringContaining("another tab") });
    expect(await cut).toBe("io server disconnect");
    const snapshot = await second.waitForState((s) => s.you.playerId === seatId, "the seat's snapshot on the new socket");
    expect(snapshot.seats.find((x) => x.playerId === seatId)?.connected).toBe(true);
    expect((await second.send(C2S.roomResync)).ok).toBe(true);
    // The token still works: the first device can take the seat back, and then the second one is told.
    const secondReplaced = new Promise((resolve) => second.socket.once(S2C.sessionReplaced, resolve));
    const again = connectClient(server.url, { token: tokens[1] });
    open.push(again);
    await connected(again.socket);
    expect(await secondReplaced).toMatchObject({ reason: "opened-elsewhere" });
    expect((await again.send(C2S.roomResync)).ok).toBe(true);
    await clients[0].waitForState((s) => s.seats.find((x) => x.playerId === seatId)?.connected === true, "the seat connected");
  });

  it("plays a disconnected player's turn with the fallback bot, marked as such", async () => {
    await start({ fallbackAfterMs: 0 });
    const { clients } = await threeHumans(server);
    open.push(...clients);
    const first = await clients[0].waitForState((s) => s.game.phase === "clues");
    const turnIndex = clients.findIndex((c) => c.latest()!.you.playerId === turnOf(first));
    const seatId = clients[turnIndex].latest()!.you.playerId;
    clients[turnIndex].close();
    const watcher = clients[(turnIndex + 1) % 3];
    const after = await watcher.waitForState((s) => s.game.rounds[0]?.clues.length === 1, "a fallback clue");
    expect(after.game.rounds[0].clues[0]).toMatchObject({ playerId: seatId, fallback: true });
    expect(after.seats.find((x) => x.playerId === seatId)).toMatchObject({ connected: false, fallback: true });
  });

  it("a kicked player is told, loses the seat, and cannot come back with the old token", async () => {
    await start();
    const host = connectClient(server.url);
    const guest = connectClient(server.url);
    const third = connectClient(server.url);
    open.push(host, guest, third);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Host" });
    if (!created.ok) throw new Error(created.message);
    const joined = await guest.send<JoinedAck>(C2S.roomJoin, { code: created.code, name: "Guest" });
    if (!joined.ok) throw new Error(joined.message);
    expect((await third.send(C2S.roomJoin, { code: created.code, name: "Third" })).ok).toBe(true);

    expect(await guest.send(C2S.hostKick, { playerId: created.playerId })).toMatchObject({ ok: false, code: "NOT_HOST" });
    const closed = new Promise((resolve) => guest.socket.once(S2C.roomClosed, resolve));
    const gone = new Promise((resolve) => guest.socket.once("disconnect", resolve));
    expect(await host.send(C2S.hostKick, { playerId: joined.playerId })).toEqual({ ok: true });
    expect(await closed).toEqual({ reason: "kicked" });
    await gone;
    const state = await host.waitForState((s) => !s.game.seats.some((seat) => seat.id === joined.playerId), "seat removed");
    expect(state.game.seats).toHaveLength(2);

    const again = connectClient(server.url, { token: joined.token });
    open.push(again);
    await expect(connected(again.socket)).rejects.toMatchObject({ data: { code: HANDSHAKE_ERRORS.kicked } });
    // A token that never existed is refused too, and a payload cannot claim an identity.
    const forged = connectClient(server.url, { token: "not-a-token" });
    open.push(forged);
    await expect(connected(forged.socket)).rejects.toMatchObject({ data: { code: HANDSHAKE_ERRORS.unknownToken } });
    const anonymous = connectClient(server.url);
    open.push(anonymous);
    expect(await anonymous.send(C2S.gameClue, { text: "hello" })).toMatchObject({ ok: false, code: "NOT_IN_ROOM" });
    expect(await anonymous.send(C2S.gameClue, { text: "hello", token: joined.token })).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });
  });

  it("passes the host on when the host leaves, and refuses bad codes", async () => {
    await start();
    const host = connectClient(server.url);
    const guest = connectClient(server.url);
    open.push(host, guest);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Host" });
    if (!created.ok) throw new Error(created.message);
    const joined = await guest.send<JoinedAck>(C2S.roomJoin, { code: created.code, name: "Guest" });
    if (!joined.ok) throw new Error(joined.message);
    expect(await guest.send(C2S.roomJoin, { code: created.code, name: "Again" })).toMatchObject({ ok: false, code: "ALREADY_IN_ROOM" });
    expect(await host.send(C2S.roomLeave)).toEqual({ ok: true });
    const state = await guest.waitForState((s) => s.game.hostId === joined.playerId, "host transferred");
    expect(state.you.isHost).toBe(true);
    const stranger = connectClient(server.url);
    open.push(stranger);
    expect(await stranger.send(C2S.roomJoin, { code: "QQQQ", name: "X" })).toMatchObject({ ok: false, code: "ROOM_NOT_FOUND" });
    const leftToken = connectClient(server.url, { token: created.token });
    open.push(leftToken);
    await expect(connected(leftToken.socket)).rejects.toMatchObject({ data: { code: HANDSHAKE_ERRORS.unknownToken } });
  });
});
