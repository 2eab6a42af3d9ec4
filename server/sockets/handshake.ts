import { HANDSHAKE_ERRORS, type AckError } from "../../shared/protocol";
import { deviceOf } from "../rooms/kick-list";
import { CommandError } from "../rooms/command-error";
import { roomCodeOfToken } from "../rooms/room-codes";
import type { GameSocket } from "../rooms/socket-types";
import type { SocketContext } from "./socket-context";

/**
 * Identity from the handshake token (never from a payload): the socket's session, or a handshake error that
 * says why the token seats no one here. A token for a room this process does not hold is brought here first
 * when the room's owner is gone (server/cluster).
 */
export function handshake(ctx: SocketContext): (socket: GameSocket, next: (error?: Error) => void) => void {
  const { sessions, registry, cluster } = ctx;
  return (socket, next) => {
    socket.data.origin = { address: ctx.limits.addressOf(socket.request), device: deviceOf(socket.handshake.auth) };
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
          next(found ? undefined : refusal(ctx, token));
        },
        (error: unknown) => {
          if (error instanceof CommandError && error.code === "ROOM_NOT_FOUND") return next(refusal(ctx, token));
          const failure = error instanceof CommandError ? error.toAck() : { code: "INTERNAL", message: "the server could not look up this room" };
          const handshakeError = new Error(failure.message) as Error & { data?: unknown };
          handshakeError.data = failure.code === "ROOM_ELSEWHERE" ? { code: HANDSHAKE_ERRORS.roomElsewhere, url: (failure as AckError).url } : { code: HANDSHAKE_ERRORS.unavailable };
          next(handshakeError);
        },
      );
      return;
    }
    next(refusal(ctx, token));
  };
}

/** A handshake for a room another process took over from this one: go there (or, not knowing where yet, retry). */
function movedAway(url: string | null): Error {
  const error = new Error(url ? `this room has moved to another game server: ${url}` : "this room has moved to another game server; try again in a moment") as Error & { data?: unknown };
  error.data = url ? { code: HANDSHAKE_ERRORS.roomElsewhere, url } : { code: HANDSHAKE_ERRORS.unavailable };
  return error;
}

/** Why a token seats no one here. */
function refusal(ctx: SocketContext, token: unknown): Error {
  const reason = ctx.sessions.revokedReason(token);
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
