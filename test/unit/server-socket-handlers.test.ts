import { describe, expect, it } from "vitest";
import { C2S } from "../../shared/protocol";
import { HANDLED_EVENTS, dispatch, needsDirectory } from "../../server/sockets/socket-handlers";
import type { SocketContext } from "../../server/sockets/socket-context";
import type { GameSocket } from "../../server/rooms/socket-types";
import type { Room } from "../../server/rooms/room";

function context(rooms: Record<string, Partial<Room>>): SocketContext {
  return { registry: { get: (code: string) => rooms[code] } } as unknown as SocketContext;
}

function socketWith(session?: { roomCode: string; playerId: string }): GameSocket {
  return { data: { session }, request: {} } as unknown as GameSocket;
}

describe("the socket handlers' table (sockets/socket-handlers.ts)", () => {
  it("has exactly one handler for every client event", () => {
    expect([...HANDLED_EVENTS].sort()).toEqual(Object.values(C2S).sort());
  });

  it("asks the cluster's directory for a new room always, and for a room named only when it is not held here", () => {
    const ctx = context({ ABCD: {} });
    expect(needsDirectory(ctx, C2S.roomCreate, { name: "Ann" })).toBe(true);
    expect(needsDirectory(ctx, C2S.roomJoin, { code: "abcd", name: "Ann" })).toBe(false);
    expect(needsDirectory(ctx, C2S.roomReclaim, { code: "BCDE", name: "Ann", rejoinCode: "X" })).toBe(true);
    expect(needsDirectory(ctx, C2S.gameVote, { target: "p" })).toBe(false);
  });

  it("refuses entering a room with a seat, and a member command without one", () => {
    const room = { hasMember: () => true, command: (playerId: string, event: string) => ({ ok: true as const, playerId, event }) };
    const ctx = context({ ROOM: room as unknown as Room });
    const seatedSocket = socketWith({ roomCode: "ROOM", playerId: "p-1" });
    expect(() => dispatch(ctx, seatedSocket, C2S.roomJoin, { code: "ROOM", name: "Ann" })).toThrow(expect.objectContaining({ code: "ALREADY_IN_ROOM" }));
    expect(() => dispatch(ctx, socketWith(), C2S.gameReady, {})).toThrow(expect.objectContaining({ code: "NOT_IN_ROOM" }));
    expect(() => dispatch(ctx, socketWith(), C2S.roomJoin, { code: "NONE", name: "Ann" })).toThrow(expect.objectContaining({ code: "ROOM_NOT_FOUND" }));
    expect(dispatch(ctx, seatedSocket, C2S.hostStart, {})).toEqual({ ok: true, playerId: "p-1", event: "host:start" });
  });

  it("leaving keeps the socket but ends its session", () => {
    const left: string[] = [];
    const room = { hasMember: () => true, leave: (playerId: string) => left.push(playerId) };
    const socket = socketWith({ roomCode: "ROOM", playerId: "p-1" });
    expect(dispatch(context({ ROOM: room as unknown as Room }), socket, C2S.roomLeave, {})).toEqual({ ok: true });
    expect(left).toEqual(["p-1"]);
    expect(socket.data.session).toBeUndefined();
  });
});
