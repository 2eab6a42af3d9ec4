import type { Server as HttpServer, IncomingMessage } from "node:http";
import { Server } from "socket.io";
import {
  C2S,
  HANDSHAKE_ERRORS,
  PayloadSchemas,
  S2C,
  type Ack,
  type AckError,
  type C2SEvent,
  type ClientToServerEvents,
  type ErrorCode,
  type ServerToClientEvents,
} from "../shared/protocol";
import type { ServerConfig } from "./config";
import { isOriginAllowed } from "./rooms/origin-check";
import { RateLimiter } from "./rooms/rate-limit";
import { AddressLimits } from "./rooms/address-limits";
import type { RoomRegistry } from "./rooms/registry";
import type { Session, SessionStore } from "./rooms/sessions";
import type { GameServer, GameSocket } from "./rooms/socket-types";
import { normalizedRoomCode, roomCodeOfToken } from "./rooms/room-codes";
import type { ClusterNode } from "./cluster/cluster-node";
import { CommandError, RoomElsewhereError, roomMoved } from "./rooms/command-error";
import { RESERVED_EVENT_PREFIX, rawJsonParser } from "./raw-json-parser";
import { andThen } from "./rooms/command-queue";
import { isPromiseLike, type MaybePromise } from "./store/log-store";
import { answerOnce, describeError, guarded } from "./socket-guard";

const KNOWN_EVENTS = new Set<string>(Object.values(C2S));
/** Commands whose payload is `{}`: the payload may be left out. Every other command needs its payload object. */
const EMPTY_PAYLOAD_COMMANDS = new Set<string>([C2S.roomLeave, C2S.roomResync, C2S.hostStart, C2S.hostNextRound, C2S.hostEndGame, C2S.gameReady, C2S.gameTakeBack]);

/**
 * socket.io wiring: the Origin check, limits per client address (connections, handshakes, room creation),
 * identity from the handshake token (never from a payload), the per-socket rate limit, payload validation,
 * and the dispatch of commands to rooms. A bad event gets an error ack; nothing a client sends can throw
 * out of here.
 */
export function attachSockets(
  httpServer: HttpServer,
  config: ServerConfig,
  registry: RoomRegistry,
  sessions: SessionStore,
  log: (line: string) => void,
  limits: AddressLimits = new AddressLimits(config.addressLimits),
  /** Many game processes (server/cluster): rooms held elsewhere, shared limits, sibling origins. */
  cluster?: ClusterNode,
): GameServer {
  const allowedOrigins = () => (cluster ? [...config.allowedOrigins, ...cluster.origins()] : config.allowedOrigins);
  const io: GameServer = new Server(httpServer, {
    maxHttpBufferSize: config.maxMessageBytes,
    allowRequest: (request, callback) => {
      if (!isOriginAllowed(request, allowedOrigins())) return callback(null, false);
      // Per-address limits, before the upgrade: a refused reconnection storm costs one small HTTP reply each.
      const address = limits.addressOf(request);
      if (cluster) {
        cluster.limits.admitHandshake(address).then(
          (refusal) => callback(refusal, refusal === null),
          (error: unknown) => {
            log(`internal error in the handshake limit: ${describeError(error)}`);
            callback("the server could not check this connection", false);
          },
        );
        return;
      }
      const refusal = limits.admitHandshake(address);
      callback(refusal, refusal === null);
    },
    // Long-polling from a page a sibling process served (the websocket transport needs no CORS).
    ...(cluster ? { cors: { origin: (origin: string | undefined, done: (error: Error | null, allow?: boolean) => void) => done(null, origin === undefined || allowedOrigins().includes(origin)) } } : {}),
    // Reconnections are handled by tokens; socket.io's own state recovery would replay frames unfiltered.
    connectionStateRecovery: undefined,
    // Snapshots go out as JSON assembled from shared parts (server/raw-json-parser.ts); the wire format is stock.
    parser: rawJsonParser,
  });

  // Open connections per address, counted at the transport level (a socket refused by the token check
  // below still held a connection until then).
  io.engine.on(
    "connection",
    guarded("the transport's connection", log, (connection: { request: IncomingMessage; once(event: "close", listener: () => void): void }) => {
      const address = limits.addressOf(connection.request);
      const counter = cluster?.limits ?? limits;
      counter.opened(address);
      connection.once("close", guarded("the transport's close", log, () => counter.closed(address)));
    }),
  );

  io.use(
    guarded("the handshake", log, authenticate, (_error, _socket, next) => {
      const failure = new Error("the server could not check this connection") as Error & { data?: unknown };
      failure.data = { code: HANDSHAKE_ERRORS.unavailable };
      next(failure);
    }),
  );

  function authenticate(socket: GameSocket, next: (error?: Error) => void): void {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (token === undefined || token === null || token === "") return next();
    const session = sessions.find(token);
    const held = session ? registry.get(session.roomCode) : undefined;
    if (session && held?.movedTo) return next(movedAway(held.movedTo.url));
    if (session && held) {
      socket.data.session = session;
      return next();
    }
    // A token for a room this process does not hold: its owner is elsewhere, or dead and taken over here.
    const code = cluster && !session ? roomCodeOfToken(token) : null;
    if (cluster && code && !registry.get(code)) {
      cluster.bringHere(code).then(
        () => {
          const found = sessions.find(token);
          if (found && registry.get(found.roomCode)) socket.data.session = found;
          next(found ? undefined : refusal(token));
        },
        (error: unknown) => {
          if (error instanceof CommandError && error.code === "ROOM_NOT_FOUND") return next(refusal(token));
          const failure = error instanceof CommandError ? error.toAck() : { code: "INTERNAL", message: "the server could not look up this room" };
          const handshakeError = new Error(failure.message) as Error & { data?: unknown };
          handshakeError.data = failure.code === "ROOM_ELSEWHERE" ? { code: HANDSHAKE_ERRORS.roomElsewhere, url: (failure as AckError).url } : { code: HANDSHAKE_ERRORS.unavailable };
          next(handshakeError);
        },
      );
      return;
    }
    next(refusal(token));
  }

  /** A handshake for a room another process took over from this one: go there (or, not knowing where yet, retry). */
  function movedAway(url: string | null): Error {
    const error = new Error(url ? `this room has moved to another game server: ${url}` : "this room has moved to another game server; try again in a moment") as Error & { data?: unknown };
    error.data = url ? { code: HANDSHAKE_ERRORS.roomElsewhere, url } : { code: HANDSHAKE_ERRORS.unavailable };
    return error;
  }

  /** Why a token seats no one here. */
  function refusal(token: unknown): Error {
    const reason = sessions.revokedReason(token);
    const [code, message] =
      reason === "kicked"
        ? [HANDSHAKE_ERRORS.kicked, "you were removed from this room"]
        : reason === "expired"
          ? [HANDSHAKE_ERRORS.expired, "your seat expired"]
          : reason === "room-closed"
            ? [HANDSHAKE_ERRORS.roomClosed, "this room has closed"]
            : reason === "reclaimed"
              ? [HANDSHAKE_ERRORS.reclaimed, "your seat was taken back on another device"]
              : [HANDSHAKE_ERRORS.unknownToken, "unknown session token"];
    const error = new Error(message) as Error & { data?: unknown };
    error.data = { code };
    return error;
  }

  // One listener per socket for every command (not one per event, nor per-socket copies of the helpers
  // below): at 5,000 players those closures and listener tables were ~2 KB a connection.
  io.on(
    "connection",
    guarded("a new connection", log, (socket: GameSocket) => {
      const limiter = new RateLimiter(config.rateLimit.perSecond, config.rateLimit.burst);
      socket.on(
        "disconnect",
        guarded("a disconnection", log, () => {
          const current = socket.data.session;
          if (current) registry.get(current.roomCode)?.detach(current.playerId, socket);
        }),
      );
      // socket.io hands over whatever the frame held: no event name, a number, an object; extra arguments.
      socket.onAny(guarded("a command", log, (event: unknown, ...args: unknown[]) => onEvent(socket, limiter, event, args), replyInternal));
      const session = socket.data.session;
      if (session) registry.get(session.roomCode)?.attach(session.playerId, socket);
    }),
  );

  /** The last resort when a command's handler itself failed: answer the ack, if the frame carried one. */
  function replyInternal(_error: unknown, _event: unknown, ...args: unknown[]): void {
    const ack = args[args.length - 1];
    if (typeof ack === "function") ack(errorAck("INTERNAL", "the server could not handle this command"));
  }

  function onEvent(socket: GameSocket, limiter: RateLimiter, event: unknown, args: unknown[]): void {
    // An ack, when the frame asked for one, is always the last argument; every path below answers it once.
    const last = args[args.length - 1];
    const given = typeof last === "function" ? args.slice(0, -1) : args;
    const reply = answerOnce(typeof last === "function" ? (last as (r: Ack<object>) => void) : undefined, log, typeof event === "string" ? event : "a command");
    // Bad frames count against the rate limit like good ones: a flood of them is answered, and cheaply.
    if (!limiter.tryTake()) return reply(errorAck("RATE_LIMITED", "too many events; slow down"));
    if (typeof event !== "string") return reply(errorAck("BAD_PAYLOAD", "an event name must be a string"));
    if (!KNOWN_EVENTS.has(event)) {
      const reserved = event.startsWith(RESERVED_EVENT_PREFIX) ? event.slice(RESERVED_EVENT_PREFIX.length) : null;
      return reply(errorAck("BAD_PAYLOAD", reserved ? `"${reserved}" is a name socket.io reserves, not a command` : `unknown event "${event.slice(0, 64)}"`));
    }
    const command = event as C2SEvent;
    // One payload object at most (a client may leave it out for a command whose payload is empty).
    if (given.length > 1) return reply(errorAck("BAD_PAYLOAD", `${command}: takes one payload object, got ${given.length} arguments`));
    const payload = given[0];
    const fail = (error: unknown) => {
      // The game log refused the move because another process has claimed the room: say where it went.
      const roomCode = socket.data.session?.roomCode;
      if (error instanceof CommandError && error.code === "ROOM_ELSEWHERE" && !(error instanceof RoomElsewhereError) && cluster && roomCode) {
        cluster.letGo(roomCode).then(
          (url) => reply(roomMoved(roomCode, url).toAck()),
          () => reply(error.toAck()),
        );
        return;
      }
      if (error instanceof CommandError) return reply(error.toAck());
      log(`internal error on ${command}: ${describeError(error)}`);
      reply(errorAck("INTERNAL", "the server could not handle this command"));
    };
    try {
      if (payload === undefined && !EMPTY_PAYLOAD_COMMANDS.has(command)) return reply(errorAck("BAD_PAYLOAD", `${command}: the payload object is missing`));
      const parsed = PayloadSchemas[command].safeParse(payload === undefined ? {} : payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reply(errorAck("BAD_PAYLOAD", `${command}: ${issue.path.join(".") || "payload"} ${issue.message}`));
      }
      if (cluster && needsDirectory(socket, command, parsed.data)) {
        void viaDirectory(socket, command, parsed.data).then(reply, fail);
        return;
      }
      // Acknowledged once the move is durable: at once on SQLite, after the commit on Postgres.
      const answer = dispatch(socket, command, parsed.data);
      if (isPromiseLike(answer)) answer.then(reply, fail);
      else reply(answer);
    } catch (error) {
      fail(error);
    }
  }

  /** Creating a room, or joining one this process does not hold, goes through the cluster's registry. */
  function needsDirectory(socket: GameSocket, command: C2SEvent, payload: unknown): boolean {
    if (command === C2S.roomCreate) return true;
    if (command !== C2S.roomJoin && command !== C2S.roomReclaim && command !== C2S.roomAskSeat) return false;
    const code = normalizedRoomCode((payload as { code: string }).code);
    return code !== null && !registry.get(code);
  }

  async function viaDirectory(socket: GameSocket, command: C2SEvent, payload: unknown): Promise<Ack<Record<string, unknown>>> {
    const node = cluster!;
    // Checked before the registry is asked, and again by dispatch after the wait.
    if (socket.data.session && registry.get(socket.data.session.roomCode)?.hasMember(socket.data.session.playerId)) {
      throw new CommandError("ALREADY_IN_ROOM", "this socket already has a seat; leave first");
    }
    if (command !== C2S.roomCreate) {
      await node.bringHere(normalizedRoomCode((payload as { code: string }).code)!);
      return dispatch(socket, command, payload);
    }
    const refusal = await node.limits.admitRoomCreation(limits.addressOf(socket.request));
    if (refusal) throw new CommandError("RATE_LIMITED", refusal);
    const code = await node.reserveRoomCode();
    try {
      return await dispatch(socket, command, payload, code);
    } finally {
      node.unreserve(code);
    }
  }

  function dispatch(socket: GameSocket, event: C2SEvent, payload: unknown, reservedCode?: string): MaybePromise<Ack<Record<string, unknown>>> {
    if (event === C2S.roomCreate || event === C2S.roomJoin || event === C2S.roomReclaim || event === C2S.roomAskSeat) {
      if (socket.data.session && registry.get(socket.data.session.roomCode)?.hasMember(socket.data.session.playerId)) {
        throw new CommandError("ALREADY_IN_ROOM", "this socket already has a seat; leave first");
      }
      if (event === C2S.roomAskSeat) {
        const { code, name } = payload as { code: string; name: string };
        return { ok: true, requestId: roomByCode(code).askForSeat(name, socket) };
      }
      const joining =
        event === C2S.roomCreate
          ? createRoom(socket, payload as never, reservedCode)
          : event === C2S.roomJoin
            ? joinRoom(payload as never)
            : roomByCode((payload as { code: string }).code).reclaim((payload as { name: string }).name, (payload as { rejoinCode: string }).rejoinCode);
      return andThen(joining, (joined) => {
        socket.data.session = joined;
        registry.get(joined.roomCode)?.attach(joined.playerId, socket);
        return { ok: true as const, code: joined.roomCode, token: joined.token, playerId: joined.playerId, spectator: joined.spectator };
      });
    }
    const current = socket.data.session;
    const room = current ? registry.get(current.roomCode) : undefined;
    if (!current || !room || !room.hasMember(current.playerId)) throw new CommandError("NOT_IN_ROOM", "create or join a room first");
    if (event === C2S.roomLeave) {
      room.leave(current.playerId);
      socket.data.session = undefined;
      return { ok: true };
    }
    return room.command(current.playerId, event, payload);
  }

  function createRoom(socket: GameSocket, payload: { name: string; settings?: object }, reservedCode?: string): MaybePromise<Session> {
    // A reserved code came through the cluster, which has already spent the address's room token.
    const refusal = reservedCode ? null : limits.admitRoomCreation(limits.addressOf(socket.request));
    if (refusal) throw new CommandError("RATE_LIMITED", refusal);
    const room = registry.create(payload.settings ?? {}, reservedCode);
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

  function roomByCode(given: string) {
    const code = normalizedRoomCode(given);
    const room = code ? registry.get(code) : undefined;
    if (!room) throw new CommandError("ROOM_NOT_FOUND", `no room with code "${given.trim().toUpperCase()}"`);
    return room;
  }

  function joinRoom(payload: { code: string; name: string; spectator?: boolean }): MaybePromise<Session> {
    return roomByCode(payload.code).admit(payload.name, payload.spectator ?? false);
  }

  return io;
}

export function errorAck(code: ErrorCode, message: string): AckError {
  return { ok: false, code, message };
}

export { S2C };
