import { createHash } from "node:crypto";
import type { Socket } from "socket.io";
import { cleanName, nameProblem } from "../../shared/game/names";
import type { PlayerId } from "../../shared/game/types";
import { S2C } from "../../shared/protocol";
import type { GameSocket } from "./socket-types";
import type { MaybePromise } from "../store/log-store";
import { CommandError } from "./command-error";
import { settleMaybe } from "./command-queue";
import type { SeatReturns } from "./seat-returns";
import type { Session } from "./sessions";

/**
 * What a kick keeps out, at a party table (docs/GAME-RULES.md, "Table"). A kicked player could rejoin at once
 * from a new tab under another name; so the devices and the client address they were connected from, when the
 * host removed them, wait for the host's approval to join again (as a player or a spectator) until the game
 * ends. Not refused outright: a table shares one Wi-Fi address, and a friend arriving late from it must still
 * get in, with the host's yes.
 */

/** Where a connection comes from: the client's address (IPv4, or an IPv6 /64) and the browser's device id, if sent. */
export interface ConnectionOrigin {
  address: string;
  device: string | null;
}

/** A device id as the browser client sends it in the handshake (`auth.device`); anything else is no id. */
export function deviceOf(auth: unknown): string | null {
  const device = (auth as { device?: unknown } | null | undefined)?.device;
  return typeof device === "string" && /^[\w-]{8,64}$/.test(device) ? device : null;
}

interface Mark extends ConnectionOrigin {
  /** The game whose end lifts the mark: the one in play at the kick, or the next one if none was. */
  untilGame: number;
}

/** More marks than any table makes: a host kicking in a loop cannot grow the list without bound. */
const MAX_MARKS = 64;

export class KickList {
  private marks: Mark[] = [];

  /** The kicked member's connections: their addresses and devices wait for the host until that game ends. */
  remember(sockets: Iterable<Socket>, game: { gameNumber: number; inGame: boolean }): void {
    const untilGame = game.inGame ? game.gameNumber : game.gameNumber + 1;
    for (const socket of sockets) {
      const origin = (socket.data as { origin?: ConnectionOrigin }).origin;
      if (origin) this.marks.push({ ...origin, untilGame });
    }
    this.marks = this.marks.slice(-MAX_MARKS);
  }

  /** Whether a join from here must wait for the host. */
  holds(from: ConnectionOrigin | undefined): boolean {
    if (!from) return false;
    return this.marks.some((mark) => mark.address === from.address || (from.device !== null && mark.device === from.device));
  }

  /** Game `gameNumber` is over: the marks it was to lift go. */
  gameEnded(gameNumber: number): void {
    this.marks = this.marks.filter((mark) => mark.untilGame > gameNumber);
  }
}

/** What letting a newcomer in takes from the room. */
export interface LetInRoom {
  readonly code: string;
  readonly returns: SeatReturns;
  hostConnected(): boolean;
  admit(name: string, spectator: boolean): MaybePromise<Session>;
  attach(playerId: PlayerId, socket: GameSocket): void;
}

/**
 * `room:join` from where a kick was made: the host is asked (a seat request of kind "join", one at a time per
 * address) and the joiner hears the answer on `seat:answer`, as after `room:askSeat`. Always throws: the ack
 * says HOST_APPROVAL (or why the host cannot be asked).
 */
export function askHostToLetIn(room: LetInRoom, name: string, spectator: boolean, socket: GameSocket): never {
  const fault = nameProblem(name);
  if (fault) throw new CommandError("RULE", fault, "invalid_name");
  if (!room.hostConnected()) throw new CommandError("HOST_APPROVAL", "The host removed someone from this device or network and is not here to let you in: try again later.");
  const from = createHash("sha256").update(socket.data.origin?.address ?? socket.id).digest("base64url").slice(0, 12);
  const refused = () => {
    if (socket.connected) socket.emit(S2C.seatAnswer, { approved: false, message: "The host did not answer in time: ask again." });
  };
  if (!room.returns.ask(`join-${from}`, cleanName(name), socket, refused, { spectator })) throw new CommandError("RATE_LIMITED", "A request to join from your network is already waiting for the host.");
  throw new CommandError("HOST_APPROVAL", "The host removed someone from this device or network, so the host decides who joins from it: they have been asked. Wait here.");
}

/** The host's answer to a newcomer's request: seated (or watching) with a new token, or told no. */
export function answerJoin(room: LetInRoom, request: { name: string; spectator?: boolean; socket: GameSocket }, approve: boolean): MaybePromise<void> {
  const { socket } = request;
  if (!socket.connected || socket.data.session) return;
  const no = (message: string) => void socket.emit(S2C.seatAnswer, { approved: false, message });
  if (!approve) return no("The host said no.");
  return settleMaybe(
    () => room.admit(request.name, request.spectator ?? false),
    (session) => {
      socket.data.session = session;
      socket.emit(S2C.seatAnswer, { approved: true, code: room.code, token: session.token, playerId: session.playerId, spectator: session.spectator });
      room.attach(session.playerId, socket);
    },
    (error) => no(error instanceof CommandError ? error.message : "The server could not seat you: try again."),
  );
}
