import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { C2S, S2C } from "../../shared/protocol";
import type { RunningServer } from "../../server/app";
import { GameConnection } from "../../client/net/game-connection";
import { useConnectionStore } from "../../client/stores/connection-store";
import { useNoticeStore } from "../../client/stores/notice-store";
import { useRoomStore } from "../../client/stores/room-store";
import { useSessionStore } from "../../client/stores/session-store";
import { startTestServer } from "../support/socket-server";
import { connectClient, type TestClient } from "../support/socket-client";
import { until } from "../support/store-until";

/** The client's socket owner against a real server on 127.0.0.1: seats, rejections, drops, kicks. */

let server: RunningServer;
let connection: GameConnection;
const others: TestClient[] = [];

const noticeTexts = () => useNoticeStore.getState().notices.map((n) => n.text);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  connection?.teardown();
  for (const c of others.splice(0)) c.close();
  useNoticeStore.getState().clear();
});

describe("GameConnection", () => {
  it("creates a room, holds the seat and receives the host's snapshot", async () => {
    connection = new GameConnection(server.url);
    const ack = await connection.createRoom("Ana");
    expect(ack.ok).toBe(true);
    const seat = useSessionStore.getState().seat!;
    expect(seat.code).toMatch(/^[A-Z]{4}$/);
    const { snapshot } = await until(useRoomStore, (s) => s.snapshot?.code === seat.code, "the first snapshot");
    expect(snapshot!.you).toMatchObject({ playerId: seat.playerId, isHost: true, seated: true });
    expect(useConnectionStore.getState().status).toBe("connected");
  });

  it("shows a rejection as a notice, with the server's reason", async () => {
    connection = new GameConnection(server.url);
    const join = await connection.joinRoom("QQQQ", "Ben");
    expect(join.ok).toBe(false);
    expect(noticeTexts().join(" ")).toContain(`No room with code "QQQQ".`);
    await connection.createRoom("Ana");
    const start = await connection.request(C2S.hostStart, {});
    expect(start.ok).toBe(false);
    expect(noticeTexts().at(-1)).toBe(!start.ok && start.message);
    // A quiet request leaves the notice to the caller (the clue box shows it inline).
    useNoticeStore.getState().clear();
    await connection.request(C2S.gameClue, { text: "hello" }, { quiet: true });
    expect(noticeTexts()).toEqual([]);
  });

  it("clears a refused move's notice once the game has moved to another phase, and only then", async () => {
    connection = new GameConnection(server.url);
    const created = await connection.createRoom("Ana");
    if (!created.ok) throw new Error(created.message);
    for (const name of ["Ben", "Cy"]) {
      const c = connectClient(server.url);
      others.push(c);
      expect((await c.send(C2S.roomJoin, { code: created.code, name })).ok).toBe(true);
    }
    // Chat is closed during the clues: refused, and said so.
    expect((await connection.request(C2S.hostSettings, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).ok).toBe(true);
    expect((await connection.request(C2S.hostStart, {})).ok).toBe(true);
    await until(useRoomStore, (s) => s.snapshot?.game.phase === "clues", "the clues");
    const refused = await connection.request(C2S.chatSend, { text: "it's Ben" });
    expect(refused.ok).toBe(false);
    expect(noticeTexts()).toEqual(["The chat opens when every clue has been given."]);
    // Another snapshot in the same phase (a clue) keeps it: it still applies.
    const round = () => useRoomStore.getState().snapshot!.game.rounds.at(-1)!;
    const byId = new Map(others.map((c) => [c.latest()!.you.playerId, c]));
    const giveNext = async () => {
      const turn = round().turnPlayerId!;
      if (turn === useSessionStore.getState().seat!.playerId) expect((await connection.request(C2S.gameClue, { text: ['warm', 'round', 'sweet'][round().clues.length] })).ok).toBe(true);
      else expect((await byId.get(turn)!.send(C2S.gameClue, { text: ['warm', 'round', 'sweet'][round().clues.length] })).ok).toBe(true);
    };
    await giveNext();
    await until(useRoomStore, (s) => s.snapshot?.game.rounds.at(-1)!.clues.length === 1, "the first clue");
    expect(noticeTexts()).toEqual(["The chat opens when every clue has been given."]);
    // The last clue opens the vote: the notice no longer applies and is gone.
    await giveNext();
    await until(useRoomStore, (s) => s.snapshot?.game.rounds.at(-1)!.clues.length === 2, "the second clue");
    await giveNext();
    await until(useRoomStore, (s) => s.snapshot?.game.phase === "vote", "the vote");
    expect(noticeTexts()).toEqual([]);
  });

  it("tells the player when the connection drops and returns them to the same seat", async () => {
    connection = new GameConnection(server.url);
    await connection.createRoom("Ana");
    const seat = useSessionStore.getState().seat!;
    await until(useRoomStore, (s) => s.snapshot !== null, "a snapshot");
    // Cut the transport under the socket, as a flaky network would.
    (connection as unknown as { socket: { io: { engine: { close(): void } } } }).socket.io.engine.close();
    await until(useConnectionStore, (s) => s.status === "reconnecting", "the reconnecting state");
    expect(noticeTexts().join(" ")).toMatch(/Connection lost/);
    await until(useConnectionStore, (s) => s.status === "connected", "the reconnection");
    await until(useNoticeStore, (s) => s.notices.some((n) => n.text === "Reconnected."), "the reconnected notice");
    expect(useSessionStore.getState().seat).toEqual(seat);
    const { snapshot } = await until(useRoomStore, (s) => s.snapshot?.you.playerId === seat.playerId, "the resynced snapshot");
    expect(snapshot!.you.isHost).toBe(true);
  });

  it("resumes a saved seat with a fresh socket, as after a reload", async () => {
    connection = new GameConnection(server.url);
    await connection.createRoom("Ana");
    const seat = useSessionStore.getState().seat!;
    connection.teardown();
    connection = new GameConnection(server.url);
    expect(await connection.resume(seat)).toBe(true);
    expect(useRoomStore.getState().snapshot?.you.playerId).toBe(seat.playerId);
  });

  it("tells a kicked player why, forgets the seat, and refuses the old token", async () => {
    const host = connectClient(server.url);
    others.push(host);
    const created = await host.send<{ code: string }>(C2S.roomCreate, { name: "Host" });
    if (!created.ok) throw new Error(created.message);
    connection = new GameConnection(server.url);
    await connection.joinRoom(created.code, "Ben");
    const seat = useSessionStore.getState().seat!;
    const kicked = await host.send(C2S.hostKick, { playerId: seat.playerId });
    expect(kicked.ok).toBe(true);
    await until(useSessionStore, (s) => s.seat === null, "the seat to go");
    expect(noticeTexts().join(" ")).toContain("The host removed you from this room.");
    expect(useConnectionStore.getState().problem).toBe("The host removed you from this room.");
    useNoticeStore.getState().clear();
    connection = new GameConnection(server.url);
    expect(await connection.resume(seat)).toBe(false);
    expect(noticeTexts().join(" ")).toContain("The host removed you from this room.");
  });

  it("follows its room to the process named by room:moved, with the same token", async () => {
    // Two bare socket.io servers: the old owner sends the room away at once; the new one notes who arrives.
    const listen = async (onConnection: (socket: import("socket.io").Socket) => void) => {
      const http = createServer();
      const io = new Server(http, { cors: { origin: "*" } });
      io.on("connection", onConnection);
      await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
      return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
    };
    const arrivals: unknown[] = [];
    const newOwner = await listen((socket) => arrivals.push(socket.handshake.auth));
    const oldOwner = await listen((socket) => {
      socket.emit(S2C.roomMoved, { url: newOwner.url, message: "moved" });
      socket.disconnect(true);
    });
    try {
      connection = new GameConnection(oldOwner.url);
      void connection.resume({ code: "ABCD", playerId: "p-1", token: "ABCD.secret", spectator: false });
      // Connected first to the old owner, then to the new one, whose "connection" ran before its connect packet left.
      await until(useConnectionStore, (s) => s.status === "connected" && arrivals.length > 0, "a connection to the new owner");
      expect(arrivals).toEqual([{ token: "ABCD.secret" }]);
      expect(useSessionStore.getState().seat?.token).toBe("ABCD.secret");
    } finally {
      connection.teardown();
      await Promise.all([oldOwner.io.close(), newOwner.io.close()]);
    }
  });

  it("lets go of a seat taken back on another device (its token is retired), unlike one opened in another tab", async () => {
    connection = new GameConnection(server.url);
    await connection.createRoom("Ada");
    const seat = useSessionStore.getState().seat!;
    const { snapshot } = await until(useRoomStore, (s) => s.snapshot?.you.rejoinCode != null, "the rejoin code");
    const phone = connectClient(server.url);
    others.push(phone);
    expect(await phone.send(C2S.roomReclaim, { code: seat.code, name: "Ada", rejoinCode: snapshot!.you.rejoinCode! })).toMatchObject({ ok: true });
    await until(useSessionStore, (s) => s.seat === null, "the seat to go");
    expect(useConnectionStore.getState()).toMatchObject({ status: "offline", problem: expect.stringContaining("taken back on another device") });
  });
});
