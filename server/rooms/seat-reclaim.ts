import { sameName } from "../../shared/game/names";
import type { GameState, PlayerId } from "../../shared/game/types";
import { S2C, type SeatRequest } from "../../shared/protocol";
import type { MaybePromise } from "../maybe-promise";
import { CommandError } from "./command-error";
import { andThen } from "./command-queue";
import { orDiscard } from "./durable-write";
import type { Member, RoomMembers } from "./room-members";
import { SeatReturns } from "./seat-returns";
import type { Session, SessionStore } from "./sessions";
import type { GameSocket } from "./socket-types";

/** What taking a seat back needs from the room. */
export interface SeatReclaimHooks {
  code: string;
  sessions: Pick<SessionStore, "issue" | "revoke" | "discard">;
  members: Pick<RoomMembers, "get" | "replaceToken">;
  state(): GameState | null;
  now(): number;
  /** A code or a request changed what members are shown (a new snapshot). */
  changed(): void;
  refuseIfMoved(): void;
  /** The game log records the new session before it works (RoomObserver.onSession, refusals as acks). */
  logSession(session: Session, name: string): MaybePromise<void>;
  /** The approved asker's socket joins the room on its new session. */
  attach(playerId: PlayerId, socket: GameSocket): void;
  /** The host's answer to a newcomer from where someone was kicked (a request of kind "join", kick-list.ts). */
  answerJoin(request: NonNullable<ReturnType<SeatReturns["take"]>>, approve: boolean): MaybePromise<void>;
}

/**
 * Seats taken back from another device (docs/GAME-RULES.md, "A player who drops out"): with the seat's rejoin
 * code (`room:reclaim`), or with the host's approval of a request (`room:askSeat`, `host:answerSeat`). The
 * codes and the pending requests are seat-returns.ts's; this part hands the seat over to a new session.
 */
export class SeatReclaim {
  private readonly returns: SeatReturns;

  constructor(private readonly hooks: SeatReclaimHooks) {
    this.returns = new SeatReturns(() => hooks.now(), () => hooks.changed());
  }

  /** The queue of requests waiting for the host, which a newcomer's request to join also uses (kick-list.ts). */
  get requests(): SeatReturns {
    return this.returns;
  }

  /** A seated human's rejoin code (their own snapshots only). */
  codeOf(playerId: PlayerId): string {
    return this.returns.codeOf(playerId);
  }

  /** Pending requests for a seat back (the host's snapshots only). */
  pending(): SeatRequest[] {
    return this.returns.pending();
  }

  /** The seat is gone: its code and any request for it go too. */
  forgetSeat(playerId: PlayerId): void {
    this.returns.forgetSeat(playerId);
  }

  dispose(): void {
    this.returns.dispose();
  }

  /** `room:reclaim`: the seat's rejoin code gives it to this socket's new session. */
  reclaim(name: string, rejoinCode: string): MaybePromise<Session> {
    this.hooks.refuseIfMoved();
    const member = this.seatNamed(name);
    const check = this.returns.check(member.playerId, rejoinCode);
    if (!check.ok) {
      if (check.reason === "locked") throw new CommandError("RATE_LIMITED", `Too many wrong codes for this seat: a new code was made. Try again in ${check.retryInSeconds} s, or ask the host.`);
      throw new CommandError("WRONG_REJOIN_CODE", "That is not this seat's rejoin code. It is shown on the device you played on, under the players.");
    }
    return this.handOver(member);
  }

  /** `room:askSeat`: a request the host answers with `host:answerSeat`; the asker hears back on `seat:answer`. */
  askForSeat(name: string, socket: GameSocket): string {
    this.hooks.refuseIfMoved();
    const member = this.seatNamed(name);
    const hostId = this.hooks.state()?.hostId;
    const host = hostId ? this.hooks.members.get(hostId) : undefined;
    if (!host || host.sockets.size === 0 || hostId === member.playerId) {
      throw new CommandError("RULE", "The host is not here to approve: use the rejoin code shown on your other device.", "host_away");
    }
    const request = this.returns.ask(member.playerId, name.trim(), socket, () => {
      if (socket.connected) socket.emit(S2C.seatAnswer, { approved: false, message: "The host did not answer in time. Ask again, or use your rejoin code." });
    });
    if (!request) throw new CommandError("RATE_LIMITED", "A request for this seat is already waiting for the host.");
    return request.requestId;
  }

  /** `host:answerSeat`: the host's yes hands the seat to the asker's socket; a no tells them. */
  answerSeatRequest(by: PlayerId, requestId: string, approve: boolean): MaybePromise<void> {
    if (this.hooks.state()?.hostId !== by) throw new CommandError("NOT_HOST", "Only the host can answer a request for a seat.");
    const request = this.returns.take(requestId);
    if (!request) throw new CommandError("UNKNOWN_PLAYER", "That request is no longer waiting (answered, withdrawn or expired).");
    if (request.kind === "join") return this.hooks.answerJoin(request, approve);
    const member = this.hooks.members.get(request.playerId);
    if (!request.socket.connected || request.socket.data.session) return;
    if (!approve || !member) {
      request.socket.emit(S2C.seatAnswer, { approved: false, message: "The host said no." });
      return;
    }
    return andThen(this.handOver(member), (session) => {
      request.socket.data.session = session;
      request.socket.emit(S2C.seatAnswer, { approved: true, code: this.hooks.code, token: session.token, playerId: session.playerId, spectator: false });
      this.hooks.attach(session.playerId, request.socket);
    });
  }

  /** The human seat a returning player names (case and look-alikes aside); refuses when there is none. */
  private seatNamed(name: string): Member {
    const seat = this.hooks.state()?.seats.find((s) => s.kind === "human" && !s.left && sameName(s.name, name));
    const member = seat ? this.hooks.members.get(seat.id) : undefined;
    if (!seat || !member || member.spectator) throw new CommandError("UNKNOWN_PLAYER", `No player named "${name.trim()}" has a seat at this table.`);
    return member;
  }

  /**
   * The seat moves to a new session, once the game log holds it (so a restarted server honours the new token,
   * and refuses the old one as reclaimed): the old token is retired and the device still on it is told and
   * disconnected. If the log cannot record it, nothing changes and the old token still works.
   */
  private handOver(member: Member): MaybePromise<Session> {
    const { sessions } = this.hooks;
    const session = sessions.issue(this.hooks.code, member.playerId, false);
    const logged = orDiscard(() => sessions.discard(session.token), () => this.hooks.logSession(session, member.name));
    return andThen(logged, () => {
      sessions.revoke(member.token, "reclaimed");
      this.hooks.members.replaceToken(member, session.token);
      return session;
    });
  }
}
