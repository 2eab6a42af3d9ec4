import { C2S, PayloadSchemas, type Ack, type C2SEvent } from "../../shared/protocol";
import { isPromiseLike } from "../maybe-promise";
import { RESERVED_EVENT_PREFIX } from "../raw-json-parser";
import { CommandError, RoomElsewhereError, roomMoved } from "../rooms/command-error";
import type { RateLimiter } from "../rooms/rate-limit";
import { normalizedRoomCode } from "../rooms/room-codes";
import type { GameSocket } from "../rooms/socket-types";
import { answerOnce, describeError } from "../socket-guard";
import { errorAck, type SocketContext } from "./socket-context";
import { createsRoom, dispatch, needsDirectory, refuseIfSeated } from "./socket-handlers";

const KNOWN_EVENTS = new Set<string>(Object.values(C2S));
/** Commands whose payload is `{}`: the payload may be left out. Every other command needs its payload object. */
const EMPTY_PAYLOAD_COMMANDS = new Set<string>([C2S.roomLeave, C2S.roomResync, C2S.hostStart, C2S.hostNextRound, C2S.hostEndGame, C2S.gameReady, C2S.gameTakeBack]);

/**
 * One frame from a socket, whatever it holds (no event name, a number, an object; extra arguments): the
 * per-socket rate limit, the event name, the payload's zod schema, then its handler (socket-handlers.ts), and
 * exactly one ack. Nothing a client sends can throw out of here.
 */
export function onCommandFrame(ctx: SocketContext, socket: GameSocket, limiter: RateLimiter, event: unknown, args: unknown[]): void {
  // An ack, when the frame asked for one, is always the last argument; every path below answers it once.
  const last = args[args.length - 1];
  const given = typeof last === "function" ? args.slice(0, -1) : args;
  const reply = answerOnce(typeof last === "function" ? (last as (r: Ack<object>) => void) : undefined, ctx.log, typeof event === "string" ? event : "a command");
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
  const fail = (error: unknown) => answerFailure(ctx, socket, command, error, reply);
  try {
    if (payload === undefined && !EMPTY_PAYLOAD_COMMANDS.has(command)) return reply(errorAck("BAD_PAYLOAD", `${command}: the payload object is missing`));
    const parsed = PayloadSchemas[command].safeParse(payload === undefined ? {} : payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply(errorAck("BAD_PAYLOAD", `${command}: ${issue.path.join(".") || "payload"} ${issue.message}`));
    }
    if (ctx.cluster && needsDirectory(ctx, command, parsed.data)) {
      void viaDirectory(ctx, socket, command, parsed.data).then(reply, fail);
      return;
    }
    // Acknowledged once the move is durable: at once on SQLite, after the commit on Postgres.
    const answer = dispatch(ctx, socket, command, parsed.data);
    if (isPromiseLike(answer)) answer.then(reply, fail);
    else reply(answer);
  } catch (error) {
    fail(error);
  }
}

/** A refused or failed command's ack. */
function answerFailure(ctx: SocketContext, socket: GameSocket, command: C2SEvent, error: unknown, reply: (answer: Ack<object>) => void): void {
  // The game log refused the move because another process has claimed the room: say where it went.
  const roomCode = socket.data.session?.roomCode;
  if (error instanceof CommandError && error.code === "ROOM_ELSEWHERE" && !(error instanceof RoomElsewhereError) && ctx.cluster && roomCode) {
    ctx.cluster.letGo(roomCode).then(
      (url) => reply(roomMoved(roomCode, url).toAck()),
      () => reply(error.toAck()),
    );
    return;
  }
  if (error instanceof CommandError) return reply(error.toAck());
  ctx.log(`internal error on ${command}: ${describeError(error)}`);
  reply(errorAck("INTERNAL", "the server could not handle this command"));
}

/** Creating a room, or entering one this process does not hold, goes through the cluster's registry. */
async function viaDirectory(ctx: SocketContext, socket: GameSocket, command: C2SEvent, payload: unknown): Promise<Ack<Record<string, unknown>>> {
  const node = ctx.cluster!;
  // Checked before the registry is asked, and again by dispatch after the wait.
  refuseIfSeated(ctx, socket);
  if (!createsRoom(command)) {
    await node.bringHere(normalizedRoomCode((payload as { code: string }).code)!);
    return dispatch(ctx, socket, command, payload);
  }
  const refusal = await node.limits.admitRoomCreation(ctx.limits.addressOf(socket.request));
  if (refusal) throw new CommandError("RATE_LIMITED", refusal);
  const code = await node.reserveRoomCode();
  try {
    return await dispatch(ctx, socket, command, payload, code);
  } finally {
    node.unreserve(code);
  }
}
