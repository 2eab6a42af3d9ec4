import { C2S, type Ack, type C2SEvent } from "../../shared/protocol";
import { isPromiseLike, type MaybePromise } from "../maybe-promise";
import { CommandError } from "../rooms/command-error";
import { andThen } from "../rooms/command-queue";
import { normalizedRoomCode } from "../rooms/room-codes";
import type { Room } from "../rooms/room";
import type { Session } from "../rooms/sessions";
import type { GameSocket } from "../rooms/socket-types";
import type { SocketContext } from "./socket-context";

type Answer = MaybePromise<Ack<Record<string, unknown>>>;

/** A command from a socket with no seat yet: it enters a room (`reservedCode`: a room code the cluster reserved for a creation). */
interface EntryHandler {
  /** When the cluster's directory is asked first: always (a new room), or when the named room is not held here. */
  directory: "always" | "when-elsewhere";
  handle(ctx: SocketContext, socket: GameSocket, payload: unknown, reservedCode?: string): Answer;
}

/** A command from a member of a room this process holds. */
type MemberHandler = (ctx: SocketContext, socket: GameSocket, at: { room: Room; session: Session }, event: C2SEvent, payload: unknown) => Answer;

/** Room entry: create, join, take a seat back (code or host's approval). A socket already seated is refused. */
const ROOM_ENTRY: Partial<Record<C2SEvent, EntryHandler>> = {
  [C2S.roomCreate]: { directory: "always", handle: (ctx, socket, payload, reservedCode) => seated(ctx, socket, createRoom(ctx, socket, payload as never, reservedCode)) },
  [C2S.roomJoin]: {
    directory: "when-elsewhere",
    handle: (ctx, socket, payload) => {
      const { code, ...request } = payload as { code: string; name: string; spectator?: boolean };
      return seated(ctx, socket, roomByCode(ctx, code).join(request, socket));
    },
  },
  [C2S.roomReclaim]: {
    directory: "when-elsewhere",
    handle: (ctx, socket, payload) => {
      const { code, name, rejoinCode } = payload as { code: string; name: string; rejoinCode: string };
      return seated(ctx, socket, roomByCode(ctx, code).reclaim(name, rejoinCode));
    },
  },
  [C2S.roomAskSeat]: {
    directory: "when-elsewhere",
    handle: (ctx, socket, payload) => {
      const { code, name } = payload as { code: string; name: string };
      return { ok: true, requestId: roomByCode(ctx, code).askForSeat(name, socket) };
    },
  },
};

/** Every other command goes to the member's room (server/rooms/room-commands.ts). */
const toRoom: MemberHandler = (_ctx, _socket, { room, session }, event, payload) => room.command(session.playerId, event, payload);

/** Membership: leaving keeps the socket (it may join another room); a resync is the room's. */
const MEMBERSHIP: Partial<Record<C2SEvent, MemberHandler>> = {
  [C2S.roomLeave]: (_ctx, socket, { room, session }) => {
    room.leave(session.playerId);
    socket.data.session = undefined;
    return { ok: true };
  },
  [C2S.roomResync]: toRoom,
};

/** The host's commands (the room checks that the sender hosts). */
const HOST: Partial<Record<C2SEvent, MemberHandler>> = Object.fromEntries(
  [C2S.hostStart, C2S.hostSettings, C2S.hostAddBot, C2S.hostBotLevel, C2S.hostRemoveBot, C2S.hostKick, C2S.hostTransfer, C2S.hostMoveSeat, C2S.hostNextRound, C2S.hostEndGame, C2S.hostAnswerSeat].map((event) => [event, toRoom]),
);

/** A player's moves and the table's chat. */
const PLAY: Partial<Record<C2SEvent, MemberHandler>> = Object.fromEntries([C2S.gameClue, C2S.gameReady, C2S.gameTakeBack, C2S.gameVote, C2S.gameTieBreak, C2S.gameGuess, C2S.chatSend].map((event) => [event, toRoom]));

/** The handler of every member command, by event. */
const MEMBER_HANDLERS: Partial<Record<C2SEvent, MemberHandler>> = { ...MEMBERSHIP, ...HOST, ...PLAY };

/** Whether the cluster's directory must be asked before `dispatch` (creating a room, or entering one held elsewhere). */
export function needsDirectory(ctx: SocketContext, command: C2SEvent, payload: unknown): boolean {
  const entry = ROOM_ENTRY[command];
  if (!entry) return false;
  if (entry.directory === "always") return true;
  const code = normalizedRoomCode((payload as { code: string }).code);
  return code !== null && !ctx.registry.get(code);
}

/** True when the command enters a room: it creates one rather than naming one (the cluster reserves the code). */
export function createsRoom(command: C2SEvent): boolean {
  return ROOM_ENTRY[command]?.directory === "always";
}

/** A socket that already has a seat here must leave before it enters a room. */
export function refuseIfSeated(ctx: SocketContext, socket: GameSocket): void {
  const session = socket.data.session;
  if (session && ctx.registry.get(session.roomCode)?.hasMember(session.playerId)) {
    throw new CommandError("ALREADY_IN_ROOM", "this socket already has a seat; leave first");
  }
}

/** A validated command, handled by its event's handler; the ack, or a CommandError thrown. */
export function dispatch(ctx: SocketContext, socket: GameSocket, event: C2SEvent, payload: unknown, reservedCode?: string): Answer {
  const entry = ROOM_ENTRY[event];
  if (entry) {
    refuseIfSeated(ctx, socket);
    return entry.handle(ctx, socket, payload, reservedCode);
  }
  const session = socket.data.session;
  const room = session ? ctx.registry.get(session.roomCode) : undefined;
  if (!session || !room || !room.hasMember(session.playerId)) throw new CommandError("NOT_IN_ROOM", "create or join a room first");
  const handler = MEMBER_HANDLERS[event];
  if (!handler) throw new CommandError("BAD_PAYLOAD", `"${event}" is not a room command`);
  return handler(ctx, socket, { room, session }, event, payload);
}

/** The socket takes the seat it was given, and the ack names it. */
function seated(ctx: SocketContext, socket: GameSocket, joining: MaybePromise<Session>): Answer {
  return andThen(joining, (joined) => {
    socket.data.session = joined;
    ctx.registry.get(joined.roomCode)?.attach(joined.playerId, socket);
    return { ok: true as const, code: joined.roomCode, token: joined.token, playerId: joined.playerId, spectator: joined.spectator };
  });
}

function createRoom(ctx: SocketContext, socket: GameSocket, payload: { name: string; settings?: object }, reservedCode?: string): MaybePromise<Session> {
  // A reserved code came through the cluster, which has already spent the address's room token.
  const refusal = reservedCode ? null : ctx.limits.admitRoomCreation(ctx.limits.addressOf(socket.request));
  if (refusal) throw new CommandError("RATE_LIMITED", refusal);
  const room = ctx.registry.create(payload.settings ?? {}, reservedCode);
  // Bad initial settings or name, or a log that could not open: no half-made room is left behind.
  const abandon = (error: unknown): never => {
    room.dispose("room-closed");
    throw error;
  };
  try {
    const admitted = room.admit(payload.name, false);
    return isPromiseLike(admitted) ? admitted.catch(abandon) : admitted;
  } catch (error) {
    return abandon(error);
  }
}

function roomByCode(ctx: SocketContext, given: string): Room {
  const code = normalizedRoomCode(given);
  const room = code ? ctx.registry.get(code) : undefined;
  if (!room) throw new CommandError("ROOM_NOT_FOUND", `no room with code "${given.trim().toUpperCase()}"`);
  return room;
}

/** Every event some handler answers (each C2S event has exactly one: test/unit/server-socket-handlers.test.ts). */
export const HANDLED_EVENTS: readonly string[] = [...Object.keys(ROOM_ENTRY), ...Object.keys(MEMBER_HANDLERS)];
