import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Room } from "../../server/rooms/room";
import { SessionStore } from "../../server/rooms/sessions";
import { testConfig } from "../../server/config";
import { libraryOf } from "../../server/app";
import type { Agent } from "../../server/agents/agent";
import type { GameSocket } from "../../server/rooms/socket-types";
import { TEST_DATASET } from "../support/socket-server";

/** A scripted agent: the room's clock is under test here, not the bots' judgement. */
const scriptedAgent: Agent = {
  kind: "lexical",
  clue: async (view) => ({ value: view.secret === null ? "vague" : "hinted", source: "lexical" }),
  vote: async (view) => ({ value: view.players.find((p) => p.playerId !== view.playerId)!.playerId, source: "lexical" }),
  tieBreak: async (_view, tied) => ({ value: tied[0], source: "lexical" }),
  guess: async (_view, options) => ({ value: options[0], source: "lexical" }),
};

/** Just enough of a socket for the room: it records what it was sent. */
function fakeSocket(): GameSocket & { sent: unknown[][]; closed: boolean } {
  const socket = {
    sent: [] as unknown[][],
    closed: false,
    data: {},
    emit(...args: unknown[]) {
      socket.sent.push(args);
      return true;
    },
    disconnect() {
      socket.closed = true;
      return socket;
    },
  };
  return socket as unknown as GameSocket & { sent: unknown[][]; closed: boolean };
}

function makeRoom(sessions: SessionStore, onDispose = () => {}) {
  const { library, decoysOf } = libraryOf(TEST_DATASET);
  const logs: string[] = [];
  const room = new Room(
    "TEST",
    {
      config: testConfig({ fallbackAfterMs: 3_600_000, graceMs: 60_000, emptyRoomMs: 300_000 }),
      sessions,
      library,
      decoysOf,
      evaluators: [],
      agentFor: () => scriptedAgent,
      fallbackAgent: scriptedAgent,
      log: (line) => logs.push(line),
      seed: "clock",
    },
    onDispose,
  );
  return { room, logs };
}

describe("room clock", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the lexical fallback clue, marked, when a turn's deadline passes", async () => {
    const sessions = new SessionStore();
    const { room } = makeRoom(sessions);
    const host = await room.admit("Ann", false);
    await room.admit("Ben", false);
    await room.admit("Cat", false);
    const sockets = [fakeSocket(), fakeSocket(), fakeSocket()];
    // Everyone connected: only the deadline can play for them.
    for (const [i, id] of [host.playerId, ...room.serverState!.seats.slice(1).map((s) => s.id)].entries()) room.attach(id, sockets[i]);
    await room.command(host.playerId, "host:settings", { turnSeconds: 10, discussionSeconds: 0, voteSeconds: 0 });
    await room.command(host.playerId, "host:start", {});
    const dealt = room.serverState!;
    expect(dealt.phase).toBe("clues");
    expect(dealt.deadline).toBe(Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(room.serverState!.rounds[0].clues).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const clue = room.serverState!.rounds[0].clues[0];
    expect(clue).toMatchObject({ playerId: dealt.rounds[0].order[0], fallback: true });
    expect(["hinted", "vague"]).toContain(clue.text);
    // The next turn has its own deadline.
    expect(room.serverState!.deadline).toBe(Date.now() + 10_000);
    room.dispose("room-closed");
  });

  it("lets the fallback bot break the tie for an idle dealer when the time runs out, rather than a random draw", async () => {
    const sessions = new SessionStore();
    const { room } = makeRoom(sessions);
    const ids: string[] = [];
    for (const name of ["Ann", "Ben", "Cat", "Dan"]) ids.push((await room.admit(name, false)).playerId);
    for (const id of ids) room.attach(id, fakeSocket());
    await room.command(ids[0], "host:settings", { turnSeconds: 10, discussionSeconds: 0, voteSeconds: 0 });
    await room.command(ids[0], "host:start", {});
    for (let i = 0; i < 4; i++) {
      const turn = room.serverState!.rounds[0].order[room.serverState!.rounds[0].clues.length];
      await room.command(turn, "game:clue", { text: ["warm", "round", "sweet", "small"][i] });
    }
    expect(room.serverState!.phase).toBe("vote");
    // Two against two: Ann and Ben are tied, and Ann (the host) deals, so the tie is hers to break.
    const [ann, ben, cat, dan] = ids;
    await room.command(ann, "game:vote", { targetId: ben });
    await room.command(ben, "game:vote", { targetId: ann });
    await room.command(cat, "game:vote", { targetId: ben });
    await room.command(dan, "game:vote", { targetId: ann });
    const tie = room.serverState!;
    expect(tie.phase).toBe("tieBreak");
    expect(tie.rounds[0].dealerId).toBe(ann);
    // Ann is connected but does nothing; at the deadline the fallback bot picks from her view.
    await vi.advanceTimersByTimeAsync(10_000);
    const round = room.serverState!.rounds[0];
    expect(round.tieBrokenBy).toBe("fallback");
    // The scripted bot picks the first of the tied, in seat order: Ann herself.
    expect(round.accusedId).toBe(tie.rounds[0].tied![0]);
    room.dispose("room-closed");
  });

  it("keeps an away player's seat for good, and lets an away spectator go after the grace window", async () => {
    const sessions = new SessionStore();
    const { room } = makeRoom(sessions);
    const ann = await room.admit("Ann", false);
    const ben = await room.admit("Ben", false);
    const sue = await room.admit("Sue", true);
    const annSocket = fakeSocket();
    const benSocket = fakeSocket();
    const sueSocket = fakeSocket();
    room.attach(ann.playerId, annSocket);
    room.attach(ben.playerId, benSocket);
    room.attach(sue.playerId, sueSocket);
    room.detach(ben.playerId, benSocket);
    room.detach(sue.playerId, sueSocket);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(sessions.find(sue.token)).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(sessions.find(sue.token)).toBeUndefined();
    expect(sessions.revokedReason(sue.token)).toBe("expired");
    // Ben is away far longer than the grace window: his seat and token stay.
    await vi.advanceTimersByTimeAsync(240_000);
    expect(room.serverState!.seats.map((s) => s.name)).toEqual(["Ann", "Ben"]);
    expect(sessions.find(ben.token)).toBeDefined();
    // Ann's socket heard about it.
    const last = annSocket.sent[annSocket.sent.length - 1];
    expect(last[0]).toBe("room:state");
    room.dispose("room-closed");
  });

  it("disposes a room nobody is connected to after a while, revoking its tokens", async () => {
    const sessions = new SessionStore();
    let disposed = 0;
    const { room } = makeRoom(sessions, () => disposed++);
    const ann = await room.admit("Ann", false);
    const socket = fakeSocket();
    room.attach(ann.playerId, socket);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(disposed).toBe(0);
    room.detach(ann.playerId, socket);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(disposed).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(disposed).toBe(1);
    expect(room.isDisposed).toBe(true);
    expect(sessions.find(ann.token)).toBeUndefined();
  });
});
