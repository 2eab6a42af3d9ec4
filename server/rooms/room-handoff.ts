import { S2C } from "../../shared/protocol";
import { roomMoved } from "./command-error";
import type { GameSocket } from "./socket-types";

/** How long a room that moved away waits for the commands already at the log before it lets its members go. */
export const MOVE_OUT_WAIT_MS = 15_000;

/** What moving out needs from the room. */
export interface MoveOutSteps {
  /** Nothing new starts here: timers, bots' pauses, seat requests stop. */
  stop(): void;
  /** Resolves once the commands already waiting for the log have their answers. */
  idle(): Promise<void>;
  /** The members' sockets, when they are told. */
  sockets(): Iterable<GameSocket>;
  /** Stops the room here without closing it in the log. */
  close(): void;
}

/**
 * The hand-off to another game process. Once another process holds this room (this one stalled past its
 * lease and the room was taken over, or the game log refused its write for that reason), nothing new starts
 * here: a command is answered ROOM_ELSEWHERE with the url; the commands already waiting for the log get their
 * answers first (the log refuses them, and the socket layer names the url), then every member is told where
 * the room went (`room:moved`) and disconnected, and the room stops here without being closed in the log,
 * which the new owner goes on writing.
 */
export class RoomHandoff {
  private moved: { url: string | null } | null = null;

  constructor(private readonly code: string) {}

  /** Where the room went, once another process holds it; null while it is played here. */
  get movedTo(): { url: string | null } | null {
    return this.moved;
  }

  /** A command that arrives after the room moved is not played here. */
  refuseIfMoved(): void {
    if (this.moved) throw roomMoved(this.code, this.moved.url);
  }

  /** Tells a socket where the room went and lets it go. */
  sendAway(socket: GameSocket): void {
    const url = this.moved?.url ?? null;
    const message = url ? `This room has moved to another game server (${url}): reconnect there with your token.` : "This room has moved to another game server: reconnect with your token.";
    socket.emit(S2C.roomMoved, url ? { url, message } : { message });
    socket.data.session = undefined;
    socket.disconnect(true);
  }

  /** The room moves out (once): see the class. */
  moveOut(url: string | null, steps: MoveOutSteps): void {
    if (this.moved) return;
    this.moved = { url };
    steps.stop();
    const tellAndStop = () => {
      for (const socket of steps.sockets()) this.sendAway(socket);
      steps.close();
    };
    // Bounded: the log answers or times out well within this (pg-game-store.ts), and the room must go regardless.
    const waited = Promise.race([steps.idle(), new Promise<void>((resolve) => setTimeout(resolve, MOVE_OUT_WAIT_MS).unref?.())]);
    // After the answers' own microtasks: each ack is on its socket before the socket closes.
    void waited.then(() => setImmediate(tellAndStop));
  }
}
