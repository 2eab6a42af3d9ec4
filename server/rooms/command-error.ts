import type { AckError, ErrorCode } from "../../shared/protocol";

/** A refused command: becomes the `{ ok: false, code, message }` ack, never a crash. */
export class CommandError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly rule?: string,
  ) {
    super(message);
  }

  toAck(): AckError {
    return this.rule === undefined
      ? { ok: false, code: this.code, message: this.message }
      : { ok: false, code: this.code, message: this.message, rule: this.rule };
  }
}

/**
 * A command for a room that another game process holds: the ack names where (`url`, an http(s) origin), or, when
 * no process can say yet, leaves it out: the client then reconnects with its token through any of them.
 */
export class RoomElsewhereError extends CommandError {
  constructor(
    readonly roomCode: string,
    readonly url: string | null,
    message = url ? `room ${roomCode} is played on another server: connect to ${url} and send this again` : `room ${roomCode} is played on another server: reconnect with your token and send this again`,
  ) {
    super("ROOM_ELSEWHERE", message);
  }

  override toAck(): AckError {
    return this.url ? { ok: false, code: this.code, message: this.message, url: this.url } : { ok: false, code: this.code, message: this.message };
  }
}

/** The answer to a command that reached a room after another process took it over. */
export function roomMoved(roomCode: string, url: string | null): RoomElsewhereError {
  return new RoomElsewhereError(
    roomCode,
    url,
    url ? `this room has moved to another game server (${url}): reconnect there with your token and send this again` : "this room has moved to another game server: reconnect with your token and send this again",
  );
}
