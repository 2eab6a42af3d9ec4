import type { Server as HttpServer, IncomingMessage } from "node:http";
import { Server, type ServerOptions } from "socket.io";
import { HANDSHAKE_ERRORS, S2C } from "../shared/protocol";
import type { ServerConfig } from "./config";
import { isOriginAllowed } from "./rooms/origin-check";
import { RateLimiter } from "./rooms/rate-limit";
import { AddressLimits } from "./rooms/address-limits";
import type { RoomRegistry } from "./rooms/registry";
import type { SessionStore } from "./rooms/sessions";
import type { GameServer, GameSocket } from "./rooms/socket-types";
import type { ClusterNode } from "./cluster/cluster-node";
import { rawJsonParser } from "./raw-json-parser";
import { describeError, guarded } from "./socket-guard";
import { errorAck, type SocketContext } from "./sockets/socket-context";
import { handshake } from "./sockets/handshake";
import { onCommandFrame } from "./sockets/command-frames";

/**
 * socket.io wiring: the Origin check, limits per client address (connections, handshakes, room creation),
 * identity from the handshake token (never from a payload: sockets/handshake.ts), and one listener per socket
 * that takes each frame through the per-socket rate limit and payload validation to its handler
 * (sockets/command-frames.ts, the table of handlers by event in sockets/socket-handlers.ts). Every listener
 * goes through the one guard (socket-guard.ts): a bad event gets an error ack; nothing a client sends can
 * throw out of here.
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
  const ctx: SocketContext = { config, registry, sessions, limits, log, cluster };
  const io: GameServer = new Server(httpServer, serverOptions(ctx));
  // Open connections per address, counted at the transport level (a socket refused by the token check
  // below still held a connection until then).
  io.engine.on("connection", guarded("the transport's connection", log, countConnection(ctx)));
  io.use(
    guarded("the handshake", log, handshake(ctx), (_error, _socket, next) => {
      const failure = new Error("the server could not check this connection") as Error & { data?: unknown };
      failure.data = { code: HANDSHAKE_ERRORS.unavailable };
      next(failure);
    }),
  );
  io.on("connection", guarded("a new connection", log, (socket: GameSocket) => onConnection(ctx, socket)));
  return io;
}

function serverOptions(ctx: SocketContext): Partial<ServerOptions> {
  const { config, limits, cluster, log } = ctx;
  const allowedOrigins = () => (cluster ? [...config.allowedOrigins, ...cluster.origins()] : config.allowedOrigins);
  return {
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
  };
}

function countConnection(ctx: SocketContext): (connection: { request: IncomingMessage; once(event: "close", listener: () => void): void }) => void {
  return (connection) => {
    const address = ctx.limits.addressOf(connection.request);
    const counter = ctx.cluster?.limits ?? ctx.limits;
    counter.opened(address);
    connection.once("close", guarded("the transport's close", ctx.log, () => counter.closed(address)));
  };
}

/**
 * One listener per socket for every command (not one per event, nor per-socket copies of the helpers):
 * at 5,000 players those closures and listener tables were ~2 KB a connection.
 */
function onConnection(ctx: SocketContext, socket: GameSocket): void {
  const { config, registry, log } = ctx;
  const limiter = new RateLimiter(config.rateLimit.perSecond, config.rateLimit.burst);
  socket.on(
    "disconnect",
    guarded("a disconnection", log, () => {
      const current = socket.data.session;
      if (current) registry.get(current.roomCode)?.detach(current.playerId, socket);
    }),
  );
  // socket.io hands over whatever the frame held: no event name, a number, an object; extra arguments.
  socket.onAny(guarded("a command", log, (event: unknown, ...args: unknown[]) => onCommandFrame(ctx, socket, limiter, event, args), replyInternal));
  const session = socket.data.session;
  if (session) registry.get(session.roomCode)?.attach(session.playerId, socket);
}

/** The last resort when a command's handler itself failed: answer the ack, if the frame carried one. */
function replyInternal(_error: unknown, _event: unknown, ...args: unknown[]): void {
  const ack = args[args.length - 1];
  if (typeof ack === "function") ack(errorAck("INTERNAL", "the server could not handle this command"));
}

export { errorAck };

export { S2C };
