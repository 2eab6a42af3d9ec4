import { cleanName, sameName } from "../../shared/game/names";
import type { PlayerId, Seat } from "../../shared/game/types";
import { S2C, type RoomClosedPayload } from "../../shared/protocol";
import { CommandError } from "./command-error";
import type { SnapshotMember, StandInRecord } from "./room-snapshots";
import type { GameSocket } from "./socket-types";

export interface Member extends SnapshotMember {
  token: string;
  /** Spectators only: a spectator away for SNEAK_GRACE_MS is let go. A player's seat stays for the whole game. */
  graceTimer?: NodeJS.Timeout;
}

export type SessionEndReason = "kicked" | "left" | "expired";

/** What the members need from their room. */
export interface RoomMembersHooks {
  graceMs(): number;
  /** A spectator's grace window passed while they were away. */
  onGraceOver(playerId: PlayerId): void;
  /** A member's token stops working for good (the session store, then the game log). */
  endSession(token: string, playerId: PlayerId, reason: SessionEndReason): void;
}

/** How a member's sockets are let go: told why (or not), and cut off (or kept, for a member who leaves and may join another room). */
export interface Release {
  tell: RoomClosedPayload["reason"] | null;
  disconnect: boolean;
}

/**
 * The room's members (seated humans and spectators; bots are seats only) and their sockets: one connection
 * per member, when they went away, a spectator's grace window, the fallback bot's moves made for them, and
 * their session token. Names are one per member, look-alikes included.
 */
export class RoomMembers {
  private readonly members = new Map<PlayerId, Member>();

  constructor(private readonly hooks: RoomMembersHooks) {}

  get(playerId: PlayerId): Member | undefined {
    return this.members.get(playerId);
  }

  has(playerId: PlayerId): boolean {
    return this.members.has(playerId);
  }

  values(): IterableIterator<Member> {
    return this.members.values();
  }

  /** The members as snapshots read them. */
  get all(): ReadonlyMap<PlayerId, Member> {
    return this.members;
  }

  add(member: Omit<Member, "sockets" | "standIns" | "graceTimer">): Member {
    const added: Member = { ...member, sockets: new Set(), standIns: [] };
    this.members.set(added.playerId, added);
    return added;
  }

  isConnected(playerId: PlayerId): boolean {
    return (this.members.get(playerId)?.sockets.size ?? 0) > 0;
  }

  connectedCount(): number {
    let count = 0;
    for (const member of this.members.values()) count += member.sockets.size;
    return count;
  }

  /** One connection per member: the newest wins, and the one it replaces is told why it is cut off. */
  connect(member: Member, socket: GameSocket): void {
    for (const previous of member.sockets) {
      if (previous === socket) continue;
      previous.data.session = undefined;
      previous.emit(S2C.sessionReplaced, { reason: "opened-elsewhere", message: "This seat was opened in another tab or on another device." });
      previous.disconnect(true);
    }
    member.sockets.clear();
    member.sockets.add(socket);
    clearTimeout(member.graceTimer);
    member.graceTimer = undefined;
    member.awaySince = null;
  }

  /** The socket is gone; true when it was the member's last one (they are away now, or about to be). */
  dropSocket(member: Member, socket: GameSocket): boolean {
    return member.sockets.delete(socket) && member.sockets.size === 0;
  }

  /** The member has no socket left: a player keeps the seat, its points and a bot in it; a spectator has the grace window. */
  markAway(member: Member, now: number): void {
    member.awaySince = now;
    if (member.spectator) this.armGrace(member);
  }

  /** A spectator away for the grace window is let go (`onGraceOver`). */
  armGrace(member: Member): void {
    clearTimeout(member.graceTimer);
    member.graceTimer = setTimeout(() => this.hooks.onGraceOver(member.playerId), this.hooks.graceMs());
    member.graceTimer.unref?.();
  }

  /** The member's token stops working for good, here and (through the game log) after a restart. */
  endSession(member: Member, reason: SessionEndReason): void {
    this.hooks.endSession(member.token, member.playerId, reason);
  }

  /** The member is no longer one (their sockets stay theirs until `release`). */
  remove(playerId: PlayerId): Member | undefined {
    const member = this.members.get(playerId);
    if (!member) return undefined;
    clearTimeout(member.graceTimer);
    this.members.delete(playerId);
    return member;
  }

  /** The member's sockets no longer speak for them. */
  release(member: Member, how: Release): void {
    for (const socket of member.sockets) {
      socket.data.session = undefined;
      if (how.tell) socket.emit(S2C.roomClosed, { reason: how.tell });
      if (how.disconnect) socket.disconnect(true);
    }
  }

  /** The seat moved to a new session on another device: the device still on the old one is told and cut off. */
  replaceToken(member: Member, token: string): void {
    member.token = token;
    for (const socket of member.sockets) {
      socket.data.session = undefined;
      socket.emit(S2C.sessionReplaced, { reason: "seat-reclaimed", message: "Your seat was taken back on another device, which plays it from now on." });
      socket.disconnect(true);
    }
    member.sockets.clear();
  }

  /** The room closes: every member is let go. */
  releaseAll(how: Release): void {
    for (const member of this.members.values()) {
      clearTimeout(member.graceTimer);
      this.release(member, how);
    }
    this.members.clear();
  }

  /** Records a move the fallback bot made for an away player (their own snapshot names it). */
  addStandIn(seatId: PlayerId, record: StandInRecord): void {
    this.members.get(seatId)?.standIns.push(record);
  }

  /** The player makes a move again: the "a bot played for you" list has been seen. True when there was one. */
  clearStandIns(member: Member): boolean {
    if (member.standIns.length === 0) return false;
    member.standIns = [];
    return true;
  }

  spectatorNames(): string[] {
    return [...this.members.values()].filter((m) => m.spectator).map((m) => m.name);
  }

  /**
   * One name, one member: nobody may join (nor a bot be added) under a spectator's name, and a spectator may
   * not watch under a seat's name, look-alikes included (names.ts `sameName`). A seat's name against another
   * seat's is the rules' check (`name_taken` too).
   */
  refuseNameInUse(name: string, spectator: boolean, seats: readonly Seat[] | undefined): void {
    const cleaned = cleanName(name);
    const refuse = (taken: string, who: string): never => {
      throw new CommandError("RULE", taken === cleaned ? `"${taken}" is ${who} in this room: pick another name.` : `"${cleaned}" looks too much like "${taken}", ${who} in this room: pick another name.`, "name_taken");
    };
    const seat = spectator ? seats?.find((s) => sameName(s.name, name)) : undefined;
    if (seat) refuse(seat.name, seat.kind === "bot" ? "a bot's name" : "a player's name");
    for (const member of this.members.values()) if (member.spectator && sameName(member.name, name)) refuse(member.name, "a spectator's name");
  }
}
