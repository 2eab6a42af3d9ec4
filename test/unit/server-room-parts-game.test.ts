import { describe, expect, it, vi } from "vitest";
import { RoomGame, type RoomGameHooks } from "../../server/rooms/room-game";
import { ackCodeOf, orDiscard, recorded } from "../../server/rooms/durable-write";
import { RoomCommands, type RoomCommandsHooks } from "../../server/rooms/room-commands";
import { RoomMembers } from "../../server/rooms/room-members";
import { SeatReclaim } from "../../server/rooms/seat-reclaim";
import { SessionStore } from "../../server/rooms/sessions";
import { CommandError } from "../../server/rooms/command-error";
import { seededRng } from "../../shared/random";
import type { GameAction, GameState } from "../../shared/game/types";
import { libraryOf } from "../../server/app";
import { TEST_DATASET } from "../support/socket-server";
import type { GameSocket } from "../../server/rooms/socket-types";

const { library } = libraryOf(TEST_DATASET);

function game(overrides: Partial<RoomGameHooks> = {}) {
  const events: string[] = [];
  const hooks: RoomGameHooks = {
    code: "TEST",
    library,
    allowBotsOnly: false,
    now: () => 1_000,
    log: (line) => events.push(`log ${line}`),
    logsActions: () => true,
    onAction: (action) => void events.push(`logged ${action.type}`),
    onCreate: () => void events.push("opened"),
    changed: () => events.push("changed"),
    afterChange: (_before, after) => void events.push(`after ${after.seats.length}`),
    isClosed: () => false,
    ...overrides,
  };
  return { g: new RoomGame(seededRng("room/test"), hooks), events };
}

describe("the table's durable changes (room-game.ts)", () => {
  it("opens the log before anyone is admitted, and writes each action before it takes effect", () => {
    const { g, events } = game();
    expect(g.state).toBeNull();
    g.createWithHost("p-1", "Ann", "human");
    expect(events).toEqual(["changed", "opened"]);
    g.apply({ type: "join", now: 1_000, playerId: "p-2", name: "Ben" });
    expect(events.slice(2)).toEqual(["logged join", "changed", "after 2"]);
    expect(g.state!.seats.map((s) => s.name)).toEqual(["Ann", "Ben"]);
  });

  it("applies the room's initial settings with the host's, and refuses bad ones leaving no table", () => {
    const { g } = game();
    g.setInitialSettings({ turnSeconds: -5 });
    expect(() => g.createWithHost("p-1", "Ann", "human")).toThrow(CommandError);
    expect(g.state).toBeNull();
  });

  it("a refused move changes nothing and is answered with its rule; a failed log write refuses the move with the log's code", () => {
    const fail = { value: false };
    const { g, events } = game({
      onAction: () => {
        if (fail.value) throw Object.assign(new Error("the log is out of service"), { ackCode: "UNAVAILABLE" });
      },
    });
    g.createWithHost("p-1", "Ann", "human");
    const before = g.state;
    expect(() => g.apply({ type: "start", now: 1_000, by: "p-2" })).toThrow(expect.objectContaining({ code: "NOT_HOST" }));
    fail.value = true;
    expect(() => g.apply({ type: "join", now: 1_000, playerId: "p-2", name: "Ben" })).toThrow(expect.objectContaining({ code: "UNAVAILABLE", message: "the log is out of service" }));
    expect(g.state).toBe(before);
    expect(events.filter((e) => e.startsWith("after"))).toEqual([]);
  });

  it("holds later changes while a write is pending (Postgres), in order", async () => {
    let release!: () => void;
    const { g, events } = game({ onAction: (action) => (action.type === "join" ? new Promise<void>((resolve) => (release = resolve)).then(() => void events.push("written")) : undefined) });
    g.createWithHost("p-1", "Ann", "human");
    const first = g.run(() => g.apply({ type: "join", now: 1_000, playerId: "p-2", name: "Ben" }));
    const second = g.run(() => g.apply({ type: "addBot", now: 1_000, by: "p-1", playerId: "b-1", name: "Bot", botProfile: "lexical" }));
    expect(g.state!.seats).toHaveLength(1);
    release();
    await first;
    await second;
    await g.idle();
    expect(events.filter((e) => e === "written" || e.startsWith("after"))).toEqual(["written", "after 2", "after 3"]);
  });

  it("server-made actions never throw: a refusal is logged and answered false", () => {
    const { g, events } = game();
    expect(g.applyInternal({ type: "start", now: 1_000, by: "p-1" })).toBe(false);
    expect(events.at(-1)).toMatch(/^log room TEST: start refused: /);
  });

  it("a room closed while its last move was written keeps the state and starts nothing new", () => {
    const { g, events } = game({ isClosed: () => true });
    g.createWithHost("p-1", "Ann", "human");
    g.apply({ type: "join", now: 1_000, playerId: "p-2", name: "Ben" });
    expect(g.state!.seats).toHaveLength(2);
    expect(events.filter((e) => e.startsWith("after"))).toEqual([]);
  });
});

describe("durable writes (durable-write.ts)", () => {
  it("turns an observer's failure into a CommandError with the code it names, INTERNAL otherwise", async () => {
    expect(ackCodeOf(Object.assign(new Error(), { ackCode: "ROOM_ELSEWHERE" }))).toBe("ROOM_ELSEWHERE");
    expect(ackCodeOf(Object.assign(new Error(), { ackCode: "NOPE" }))).toBe("INTERNAL");
    expect(ackCodeOf(null)).toBe("INTERNAL");
    expect(recorded(() => undefined)).toBeUndefined();
    expect(() => recorded(() => { throw new Error("disk full"); })).toThrow(expect.objectContaining({ code: "INTERNAL", message: "disk full" }));
    await expect(recorded(() => Promise.reject(Object.assign(new Error("down"), { ackCode: "UNAVAILABLE" })))).rejects.toMatchObject({ code: "UNAVAILABLE" });
  });

  it("discards a new token when a step of issuing it fails, and only then", async () => {
    const discard = vi.fn();
    orDiscard(discard, () => undefined);
    expect(discard).not.toHaveBeenCalled();
    expect(() => orDiscard(discard, () => { throw new Error("no"); })).toThrow("no");
    await expect(orDiscard(discard, () => Promise.reject(new Error("later")))).rejects.toThrow("later");
    expect(discard).toHaveBeenCalledTimes(2);
  });
});

function tableWith(host: string, others: string[]): GameState {
  const { g } = game();
  g.createWithHost(host, "Host", "human");
  others.forEach((id, i) => g.apply({ type: "join", now: 1_000, playerId: id, name: `P${i}` }));
  return g.state!;
}

describe("command dispatch (room-commands.ts)", () => {
  function commands(state: GameState, overrides: Partial<RoomCommandsHooks> = {}) {
    const members = new RoomMembers({ graceMs: () => 1_000, onGraceOver: () => {}, endSession: () => {} });
    for (const seat of state.seats) members.add({ playerId: seat.id, name: seat.name, spectator: false, token: seat.id, awaySince: null });
    members.add({ playerId: "s-1", name: "Sam", spectator: true, token: "s", awaySince: null });
    const applied: GameAction[] = [];
    const hooks: RoomCommandsHooks = {
      botModels: () => ["m1"],
      members,
      state: () => state,
      now: () => 1_000,
      run: (change) => change(),
      apply: (action) => void applied.push(action),
      snapshotFor: (member) => ({ you: { playerId: member.playerId } }) as never,
      changed: () => {},
      refuseIfMoved: () => {},
      kick: () => {},
      answerSeatRequest: () => {},
      ...overrides,
    };
    return { c: new RoomCommands(hooks), applied, members };
  }

  it("answers a resync at once, keeps spectators to watching and turns moves into rules actions stamped by the server", () => {
    const state = tableWith("p-1", ["p-2", "p-3"]);
    const { c, applied } = commands(state);
    expect(c.command("p-2", "room:resync", {})).toEqual({ ok: true, state: { you: { playerId: "p-2" } } });
    expect(() => c.command("nobody", "game:ready", {})).toThrow(expect.objectContaining({ code: "NOT_IN_ROOM" }));
    expect(() => c.command("s-1", "host:start", {})).toThrow(expect.objectContaining({ code: "NOT_HOST" }));
    expect(() => c.command("s-1", "chat:send", { text: "hi" })).toThrow(expect.objectContaining({ code: "NOT_A_PLAYER" }));
    expect(c.command("p-1", "host:start", {})).toEqual({ ok: true });
    expect(applied).toEqual([{ type: "start", now: 1_000, by: "p-1" }]);
  });

  it("adds bots under free names and offered models only, and removes bots only", () => {
    const state = tableWith("p-1", ["p-2"]);
    const { c, applied } = commands(state);
    const added = c.command("p-1", "host:addBot", { kind: "lexical" }) as unknown as { playerId: string };
    expect(applied[0]).toMatchObject({ type: "addBot", name: "Ada", botProfile: "lexical", playerId: added.playerId });
    expect(() => c.command("p-1", "host:addBot", { kind: "llm", model: "m2" })).toThrow(expect.objectContaining({ code: "UNKNOWN_MODEL" }));
    expect(() => c.command("p-1", "host:addBot", { kind: "lexical", name: "sam" })).toThrow(expect.objectContaining({ code: "RULE" }));
    expect(() => c.command("p-2", "host:addBot", { kind: "lexical" })).toThrow(expect.objectContaining({ code: "NOT_HOST" }));
    expect(() => c.command("p-1", "host:removeBot", { playerId: "p-2" })).toThrow(expect.objectContaining({ code: "UNKNOWN_PLAYER" }));
  });

  it("hands kicks and seat answers to their parts, and clears the stand-in list on any move but the chat", () => {
    const state = tableWith("p-1", ["p-2"]);
    const calls: string[] = [];
    const { c, members } = commands(state, { kick: (by, target) => void calls.push(`kick ${by} ${target}`), answerSeatRequest: (by, id, yes) => void calls.push(`answer ${by} ${id} ${yes}`), changed: () => void calls.push("changed") });
    members.addStandIn("p-1", { kind: "ready", game: 1, round: 1 });
    c.command("p-1", "chat:send", { text: "hello" });
    expect(calls).toEqual([]);
    c.command("p-1", "host:kick", { playerId: "p-2" });
    c.command("p-1", "host:answerSeat", { requestId: "r-1", approve: true });
    expect(calls).toEqual(["changed", "kick p-1 p-2", "answer p-1 r-1 true"]);
  });
});

describe("seats taken back (seat-reclaim.ts)", () => {
  function reclaimAt(state: GameState) {
    const sessions = new SessionStore();
    const members = new RoomMembers({ graceMs: () => 1_000, onGraceOver: () => {}, endSession: () => {} });
    for (const seat of state.seats) members.add({ playerId: seat.id, name: seat.name, spectator: false, token: sessions.issue("TEST", seat.id, false).token, awaySince: null });
    const logged: string[] = [];
    const r = new SeatReclaim({ code: "TEST", sessions, members, state: () => state, now: () => Date.now(), changed: () => {}, refuseIfMoved: () => {}, logSession: (session, name) => void logged.push(`${name} ${session.playerId}`), attach: () => {}, answerJoin: () => {} });
    return { r, sessions, members, logged };
  }

  it("gives the seat to a new session with the seat's code, once; retires the old token as reclaimed", () => {
    const state = tableWith("p-1", ["p-2"]);
    const { r, sessions, members, logged } = reclaimAt(state);
    const oldToken = members.get("p-2")!.token;
    expect(() => r.reclaim("Nobody", "XXXX")).toThrow(expect.objectContaining({ code: "UNKNOWN_PLAYER" }));
    expect(() => r.reclaim("P0", "WRONG")).toThrow(expect.objectContaining({ code: "WRONG_REJOIN_CODE" }));
    const code = r.codeOf("p-2");
    const session = r.reclaim("p0", code) as unknown as { token: string; playerId: string };
    expect(session.playerId).toBe("p-2");
    expect(logged).toEqual(["P0 p-2"]);
    expect(members.get("p-2")!.token).toBe(session.token);
    expect(sessions.revokedReason(oldToken)).toBe("reclaimed");
    expect(r.codeOf("p-2")).not.toBe(code);
  });

  it("asks the host only when the host is connected, one request per seat", () => {
    const state = tableWith("p-1", ["p-2"]);
    const { r, members } = reclaimAt(state);
    const asker = { connected: true, data: {}, emit: () => true } as unknown as GameSocket;
    expect(() => r.askForSeat("P0", asker)).toThrow(expect.objectContaining({ code: "RULE", rule: "host_away" }));
    members.connect(members.get("p-1")!, { connected: true, data: {}, emit: () => true, disconnect: () => {} } as unknown as GameSocket);
    const id = r.askForSeat("P0", asker);
    expect(r.pending().map((p) => p.requestId)).toEqual([id]);
    expect(() => r.askForSeat("P0", asker)).toThrow(expect.objectContaining({ code: "RATE_LIMITED" }));
    expect(() => r.answerSeatRequest("p-2", id, true)).toThrow(expect.objectContaining({ code: "NOT_HOST" }));
    r.dispose();
  });
});
