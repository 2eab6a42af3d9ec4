import type { RoomSnapshot } from "../../shared/protocol";
import { sendSnapshots, snapshotFor, type SnapshotMember, type SnapshotSource } from "./room-snapshots";

/** What the broadcast needs from its room. */
export interface RoomBroadcastHooks {
  now(): number;
  /** True while there is something to send: a table, in a room not closed. */
  live(): boolean;
  /** What the snapshots are made of, as of now, at this version. */
  source(version: number): SnapshotSource;
}

/**
 * The room's snapshots in time: their version (a hybrid clock) and when they go out. Snapshots go out at the
 * end of the event-loop turn, one per member for all the changes made in it: the commands of a turn are
 * acknowledged first (each made durable before its ack), and a burst of moves at one table (votes landing
 * together, a reveal and its scores) costs one snapshot per member, not one per move.
 */
export class RoomBroadcast {
  private version = 0;
  private pending = false;

  constructor(private readonly hooks: RoomBroadcastHooks) {}

  get currentVersion(): number {
    return this.version;
  }

  /**
   * Snapshot versions are a hybrid clock: one more than the last, and never below the server's clock in ms.
   * A room rebuilt after a restart (or a crash) therefore starts above every version the old process sent,
   * with no counter to persist: the restart took longer than the room's changes could run ahead of the clock.
   */
  bump(): void {
    this.version = Math.max(this.version + 1, this.hooks.now());
  }

  /** Every member gets a fresh snapshot at the end of this event-loop turn (once, however many changes). */
  send(): void {
    if (this.pending || !this.hooks.live()) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      if (this.hooks.live()) sendSnapshots(this.hooks.source(this.version));
    });
  }

  /** Something members see changed outside the rules state (a connection, a request): a new version, sent. */
  changed(): void {
    this.bump();
    this.send();
  }

  /** One member's snapshot now (the resync ack). */
  snapshotFor(member: SnapshotMember): RoomSnapshot {
    return snapshotFor(this.hooks.source(this.version), member);
  }
}
