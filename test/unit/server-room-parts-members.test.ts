import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RoomMembers } from "../../server/rooms/room-members";
import { RoomBroadcast } from "../../server/rooms/room-broadcast";
import { MOVE_OUT_WAIT_MS, RoomHandoff } from "../../server/rooms/room-handoff";
import type { GameSocket } from "../../server/rooms/socket-types";
import type { SnapshotSource } from "../../server/rooms/room-snapshots";
import { CommandError } from "../../server/rooms/command-error";

type FakeSocket = GameSocket & { sent: unknown[][]; closed: boolean };

function fakeSocket(): FakeSocket {
  const socket = {
    sent: [] as unknown[][],
    closed: false,
    connected: true,
    data: { session: { token: "t", roomCode: "TEST", playerId: "p", spectator: false } } as Record<string, unknown>,
    emit(...args: unknown[]) {
      socket.sent.push(args);
      return true;
    },
    disconnect() {
      socket.closed = true;
      return socket;
    },
  };
  return socket as unknown as FakeSocket;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("room members (room-members.ts)", () => {
  function members() {
    const ended: string[] = [];
    const graceOver: string[] = [];
    const m = new RoomMembers({ graceMs: () => 5_000, onGraceOver: (id) => graceOver.push(id), endSession: (token, id, reason) => ended.push(`${token}/${id}/${reason}`) });
    return { m, ended, graceOver };
  }

  it("keeps one connection per member: the newest wins and the one it replaces is told and cut off", () => {
    const { m } = members();
    const ann = m.add({ playerId: "p-1", name: "Ann", spectator: false, token: "t1", awaySince: 10 });
    const [first, second] = [fakeSocket(), fakeSocket()];
    m.connect(ann, first);
    expect(ann.awaySince).toBeNull();
    m.connect(ann, second);
    expect(first.closed).toBe(true);
    expect(first.data.session).toBeUndefined();
    expect(first.sent[0][0]).toBe("session:replaced");
    expect([...ann.sockets]).toEqual([second]);
    expect(m.isConnected("p-1")).toBe(true);
    expect(m.connectedCount()).toBe(1);
    expect(m.dropSocket(ann, first)).toBe(false);
    expect(m.dropSocket(ann, second)).toBe(true);
    expect(m.isConnected("p-1")).toBe(false);
  });

  it("lets an away spectator go after the grace window, a player never; a connection stops the window", async () => {
    const { m, graceOver } = members();
    const sam = m.add({ playerId: "s-1", name: "Sam", spectator: true, token: "t2", awaySince: null });
    const ann = m.add({ playerId: "p-1", name: "Ann", spectator: false, token: "t1", awaySince: null });
    m.markAway(ann, Date.now());
    m.markAway(sam, Date.now());
    expect(sam.awaySince).toBe(1_000);
    await vi.advanceTimersByTimeAsync(4_999);
    m.connect(sam, fakeSocket());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(graceOver).toEqual([]);
    m.markAway(sam, Date.now());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(graceOver).toEqual(["s-1"]);
  });

  it("releases sockets as asked: told and cut off, or kept (a member who leaves may join another room)", () => {
    const { m, ended } = members();
    const ann = m.add({ playerId: "p-1", name: "Ann", spectator: false, token: "t1", awaySince: null });
    const socket = fakeSocket();
    m.connect(ann, socket);
    m.endSession(ann, "left");
    expect(ended).toEqual(["t1/p-1/left"]);
    expect(m.remove("p-1")).toBe(ann);
    expect(m.has("p-1")).toBe(false);
    m.release(ann, { tell: null, disconnect: false });
    expect(socket.data.session).toBeUndefined();
    expect(socket.closed).toBe(false);
    expect(socket.sent).toEqual([]);
    m.release(ann, { tell: "kicked", disconnect: true });
    expect(socket.sent).toEqual([["room:closed", { reason: "kicked" }]]);
    expect(socket.closed).toBe(true);
  });

  it("hands a seat to a new token: the device on the old one is told it was taken back", () => {
    const { m } = members();
    const ann = m.add({ playerId: "p-1", name: "Ann", spectator: false, token: "old", awaySince: null });
    const socket = fakeSocket();
    m.connect(ann, socket);
    m.replaceToken(ann, "new");
    expect(ann.token).toBe("new");
    expect(ann.sockets.size).toBe(0);
    expect(socket.sent[0]).toEqual(["session:replaced", expect.objectContaining({ reason: "seat-reclaimed" })]);
  });

  it("keeps names one per member: a spectator's name (and look-alikes) is taken for everyone, a seat's for spectators", () => {
    const { m } = members();
    m.add({ playerId: "s-1", name: "Sam", spectator: true, token: "t", awaySince: null });
    const seats = [{ id: "p-1", name: "Ann", kind: "human" }] as never;
    expect(() => m.refuseNameInUse("sam", false, seats)).toThrow(CommandError);
    expect(() => m.refuseNameInUse("Ann", true, seats)).toThrow(/a player's name/);
    expect(() => m.refuseNameInUse("Ann", false, seats)).not.toThrow();
    expect(m.spectatorNames()).toEqual(["Sam"]);
  });

  it("records the fallback bot's moves for a member until they act again", () => {
    const { m } = members();
    const ann = m.add({ playerId: "p-1", name: "Ann", spectator: false, token: "t", awaySince: null });
    expect(m.clearStandIns(ann)).toBe(false);
    m.addStandIn("p-1", { kind: "ready", game: 1, round: 1 });
    m.addStandIn("nobody", { kind: "ready", game: 1, round: 1 });
    expect(ann.standIns).toHaveLength(1);
    expect(m.clearStandIns(ann)).toBe(true);
    expect(ann.standIns).toEqual([]);
  });
});

describe("room broadcast (room-broadcast.ts)", () => {
  it("versions are one more than the last and never below the clock", () => {
    let now = 5_000;
    const b = new RoomBroadcast({ now: () => now, live: () => true, source: () => ({}) as SnapshotSource });
    b.bump();
    expect(b.currentVersion).toBe(5_000);
    b.bump();
    expect(b.currentVersion).toBe(5_001);
    now = 4_000;
    b.bump();
    expect(b.currentVersion).toBe(5_002);
  });

  it("sends once per event-loop turn however many changes, at the version of the send, and nothing while not live", async () => {
    vi.useRealTimers();
    const versions: number[] = [];
    let live = true;
    const b = new RoomBroadcast({ now: () => 0, live: () => live, source: (version) => (versions.push(version), { members: new Map() }) as unknown as SnapshotSource });
    b.changed();
    b.changed();
    b.send();
    expect(versions).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(versions).toEqual([2]);
    live = false;
    b.changed();
    await new Promise((resolve) => setImmediate(resolve));
    expect(versions).toEqual([2]);
    live = true;
    b.send();
    live = false;
    await new Promise((resolve) => setImmediate(resolve));
    expect(versions).toEqual([2]);
  });
});

describe("room hand-off (room-handoff.ts)", () => {
  it("refuses commands once moved, waits for the commands at the log, then tells every socket where the room went", async () => {
    const h = new RoomHandoff("ABCD");
    expect(h.movedTo).toBeNull();
    h.refuseIfMoved();
    const sockets = [fakeSocket(), fakeSocket()];
    const steps: string[] = [];
    let settle!: () => void;
    const idle = new Promise<void>((resolve) => (settle = resolve));
    h.moveOut("http://b.example", { stop: () => steps.push("stop"), idle: () => idle, sockets: () => sockets, close: () => steps.push("close") });
    h.moveOut("http://c.example", { stop: () => steps.push("again"), idle: () => idle, sockets: () => [], close: () => steps.push("again") });
    expect(h.movedTo).toEqual({ url: "http://b.example" });
    expect(() => h.refuseIfMoved()).toThrow(expect.objectContaining({ code: "ROOM_ELSEWHERE" }));
    expect(steps).toEqual(["stop"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets[0].sent).toEqual([]);
    settle();
    await vi.advanceTimersByTimeAsync(0);
    await vi.runOnlyPendingTimersAsync();
    expect(steps).toEqual(["stop", "close"]);
    for (const socket of sockets) {
      expect(socket.sent[0]).toEqual(["room:moved", { url: "http://b.example", message: expect.stringContaining("http://b.example") }]);
      expect(socket.closed).toBe(true);
      expect(socket.data.session).toBeUndefined();
    }
  });

  it("lets its members go after MOVE_OUT_WAIT_MS even if the log never answers", async () => {
    const h = new RoomHandoff("ABCD");
    const socket = fakeSocket();
    let closed = false;
    h.moveOut(null, { stop: () => {}, idle: () => new Promise<void>(() => {}), sockets: () => [socket], close: () => (closed = true) });
    await vi.advanceTimersByTimeAsync(MOVE_OUT_WAIT_MS - 1);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await vi.runOnlyPendingTimersAsync();
    expect(closed).toBe(true);
    expect(socket.sent[0]).toEqual(["room:moved", { message: "This room has moved to another game server: reconnect with your token." }]);
  });
});
