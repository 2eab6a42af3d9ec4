import { randomBytes } from "node:crypto";
import { cleanName, nameProblem } from "../../shared/game/names";
import type { PlayerId } from "../../shared/game/types";
import type { RoomClosedPayload } from "../../shared/protocol";
import type { ServerConfig } from "../config";
import type { MaybePromise } from "../maybe-promise";
import { CommandError } from "./command-error";
import { andThen } from "./command-queue";
import { orDiscard, recorded } from "./durable-write";
import { handoverDueIn, nextHost } from "./host-handover";
import type { RoomBroadcast } from "./room-broadcast";
import type { RoomClock } from "./room-clock";
import type { RoomGame } from "./room-game";
import type { RoomHandoff } from "./room-handoff";
import type { RoomMembers } from "./room-members";
import type { SeatDriver } from "./seat-driver";
import type { KickList } from "./kick-list";
import type { SeatReclaim } from "./seat-reclaim";
import type { Session, SessionStore } from "./sessions";
import type { GameSocket } from "./socket-types";

/** The parts membership moves, and what it needs from the room. */
export interface RoomMembershipHooks {
  code: string;
  config: Pick<ServerConfig, "graceMs" | "emptyRoomMs">;
  sessions: Pick<SessionStore, "issue" | "discard">;
  members: RoomMembers;
  game: Pick<RoomGame, "state" | "run" | "createWithHost" | "apply" | "applyInternal">;
  clock: Pick<RoomClock, "cancelEmpty" | "armEmpty" | "armHostHandover">;
  broadcast: Pick<RoomBroadcast, "send" | "changed">;
  seats: Pick<SeatDriver, "forget" | "schedule">;
  reclaims: Pick<SeatReclaim, "forgetSeat">;
  handoff: Pick<RoomHandoff, "refuseIfMoved" | "movedTo" | "sendAway">;
  /** Where the host kicked someone from, waiting for the host's yes until the game ends (kick-list.ts). */
  kicks: Pick<KickList, "remember">;
  now(): number;
  isClosed(): boolean;
  /** The game log's record of a new session (RoomObserver.onSession). */
  onSession(session: { token: string; playerId: string; spectator: boolean }, name: string): MaybePromise<void> | undefined;
  /** Nobody has been connected for SNEAK_EMPTY_ROOM_MS: the room closes. */
  dispose(reason: RoomClosedPayload["reason"]): void;
}

/**
 * Membership and sessions: who is admitted (and their token issued and logged), who connects and goes away,
 * who leaves, expires or is kicked, and the host's role passing on when the host stays away. The roster itself
 * is room-members.ts; this part moves the other parts as members come and go.
 */
export class RoomMembership {
  constructor(private readonly hooks: RoomMembershipHooks) {}

  /**
   * Seats a human (or adds a spectator) and issues their session token. The first human creates the game (the
   * table opens the game log, then the token is logged); anyone else's token is logged before they take their
   * seat, so that no seat exists whose token the log lacks. A refusal at any step leaves no token behind.
   */
  admit(name: string, spectator: boolean): MaybePromise<Session> {
    this.hooks.handoff.refuseIfMoved();
    const fault = nameProblem(name);
    if (fault) throw new CommandError("RULE", fault, "invalid_name");
    return this.hooks.game.run(() => {
      // Seats check their names among themselves in the rules; the room keeps spectators' names apart from them.
      this.hooks.members.refuseNameInUse(name, spectator, this.hooks.game.state?.seats);
      if (spectator && this.hooks.game.state === null) throw new CommandError("ROOM_NOT_FOUND", "this room has no table yet");
      const playerId = `${spectator ? "s" : "p"}-${randomBytes(6).toString("base64url")}`;
      const creating = !spectator && this.hooks.game.state === null;
      const opened = creating ? this.hooks.game.createWithHost(playerId, name, "human") : undefined;
      return andThen(opened, () => {
        const session = this.hooks.sessions.issue(this.hooks.code, playerId, spectator);
        const discard = () => this.hooks.sessions.discard(session.token);
        const logged = orDiscard(discard, () => this.logSession(session, cleanName(name)));
        const seated = andThen(logged, () => (spectator || creating ? undefined : orDiscard(discard, () => this.hooks.game.apply({ type: "join", now: this.hooks.now(), playerId, name }))));
        return andThen(seated, () => {
          this.hooks.members.add({ playerId, name: cleanName(name), spectator, token: session.token, awaySince: null });
          this.hooks.broadcast.send();
          return session;
        });
      });
    });
  }

  /** The game log records a session before its token works (RoomObserver.onSession); a failed write refuses. */
  logSession(session: Session, name: string): MaybePromise<void> {
    return recorded(() => this.hooks.onSession({ token: session.token, playerId: session.playerId, spectator: session.spectator }, name));
  }

  attach(playerId: PlayerId, socket: GameSocket): void {
    const member = this.hooks.members.get(playerId);
    if (this.hooks.handoff.movedTo && !this.hooks.isClosed()) return this.hooks.handoff.sendAway(socket);
    if (!member || this.hooks.isClosed()) {
      socket.disconnect(true);
      return;
    }
    this.hooks.members.connect(member, socket);
    this.hooks.clock.cancelEmpty();
    this.hooks.broadcast.changed();
    // A returning human takes their seat back from the fallback bot: drop its pending pauses.
    this.hooks.seats.forget(playerId);
    this.hooks.seats.schedule();
    // The host is back, or a human arrived who can take over from an away host.
    this.armHostHandover();
  }

  detach(playerId: PlayerId, socket: GameSocket): void {
    const member = this.hooks.members.get(playerId);
    if (!member || !this.hooks.members.dropSocket(member, socket) || this.hooks.isClosed()) return;
    // A player keeps the seat, its points and a bot in it until they come back; a spectator is let go.
    this.hooks.members.markAway(member, this.hooks.now());
    this.hooks.broadcast.changed();
    this.hooks.seats.schedule();
    this.armHostHandover();
    if (this.hooks.members.connectedCount() === 0) this.armEmptyTimer();
  }

  /** Re-checked whenever someone comes or goes: an away host hands over after the grace window (host-handover.ts). */
  armHostHandover(): void {
    const hostId = this.hooks.game.state?.hostId;
    const host = hostId ? this.hooks.members.get(hostId) : undefined;
    const due = this.hooks.isClosed() ? null : handoverDueIn(host, this.hooks.config.graceMs, () => this.hooks.now());
    this.hooks.clock.armHostHandover(due, () => {
      const state = this.hooks.game.state;
      if (!state || !host || state.hostId !== host.playerId || host.sockets.size > 0 || this.hooks.isClosed()) return;
      const next = nextHost(state, host.playerId, (id) => this.hooks.members.isConnected(id));
      if (next) void this.hooks.game.applyInternal({ type: "transferHost", now: this.hooks.now(), by: host.playerId, to: next });
    });
  }

  expire(playerId: PlayerId): void {
    const member = this.hooks.members.get(playerId);
    if (!member || member.sockets.size > 0) return;
    this.hooks.members.endSession(member, "expired");
    this.removeMember(playerId, "expired");
  }

  /** A member leaves for good: their token stops working; a seated player's seat goes (host passes on). */
  leave(playerId: PlayerId): void {
    const member = this.hooks.members.get(playerId);
    if (!member) return;
    this.hooks.members.endSession(member, "left");
    this.removeMember(playerId, null);
  }

  private removeMember(playerId: PlayerId, closeReason: RoomClosedPayload["reason"] | null): void {
    const member = this.hooks.members.remove(playerId);
    if (!member) return;
    this.hooks.reclaims.forgetSeat(playerId);
    if (!member.spectator && this.hooks.game.state?.seats.some((s) => s.id === playerId)) {
      void this.hooks.game.applyInternal({ type: "leave", now: this.hooks.now(), playerId });
    }
    // Leaving keeps the socket (it may join another room); being removed closes it.
    this.hooks.members.release(member, { tell: closeReason, disconnect: closeReason !== null });
    this.hooks.broadcast.changed();
    this.hooks.seats.schedule();
    if (this.hooks.members.connectedCount() === 0) this.armEmptyTimer();
  }

  /** `host:kick`: a spectator goes at once; a seated player once the rules (and the game log) took the kick. */
  kick(by: PlayerId, targetId: PlayerId): MaybePromise<void> {
    const state = this.hooks.game.state!;
    if (state.hostId !== by) throw new CommandError("NOT_HOST", "only the host can remove players");
    const target = this.hooks.members.get(targetId);
    const inGame = { gameNumber: state.gameNumber, inGame: state.phase !== "lobby" && state.phase !== "gameOver" };
    if (target?.spectator) {
      this.hooks.kicks.remember(target.sockets, inGame);
      this.hooks.members.endSession(target, "kicked");
      this.removeMember(targetId, "kicked");
      return;
    }
    return andThen(this.hooks.game.apply({ type: "kick", now: this.hooks.now(), by, playerId: targetId }), () => {
      if (!target) return;
      this.hooks.kicks.remember(target.sockets, inGame);
      this.hooks.members.endSession(target, "kicked");
      this.hooks.members.remove(targetId);
      this.hooks.reclaims.forgetSeat(targetId);
      this.hooks.members.release(target, { tell: "kicked", disconnect: true });
    });
  }

  /** Counts from when the room last became empty: later departures do not extend its life. */
  armEmptyTimer(): void {
    this.hooks.clock.armEmpty(this.hooks.config.emptyRoomMs, () => {
      if (this.hooks.members.connectedCount() === 0) this.hooks.dispose("room-closed");
    });
  }
}
