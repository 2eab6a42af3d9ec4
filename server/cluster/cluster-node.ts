import type { Redis } from "ioredis";
import type { RestoredRoom } from "../rooms/restored-room";
import type { AddressLimits } from "../rooms/address-limits";
import { CommandError } from "../rooms/command-error";
import type { RoomRegistry } from "../rooms/registry";
import type { Room } from "../rooms/room";
import { freshRoomCode } from "../rooms/room-codes";
import type { ClusterConfig } from "./cluster-config";
import { directoryDown, gameLogDown, ownerDown, RoomElsewhereError } from "./cluster-errors";
import { fastFailingRedis, connectRedis } from "./redis-connection";
import { RoomDirectory, type RoomLocation } from "./room-directory";
import { SharedAddressLimits } from "./shared-limits";

/**
 * Takes a room over from the shared game log (Postgres): claims the room's log for this process (a new
 * owner epoch, after which the old owner's writes are refused) and replays it. null when the room has no
 * open log (it closed, or never existed).
 */
export interface FailoverSource {
  claim(roomCode: string, processId: string): Promise<RestoredRoom | null>;
  /** The process the log says owns the room (its last claimant), or null. */
  ownerOf(roomCode: string): Promise<string | null>;
  /** Codes of the rooms whose logs are open (rooms in play somewhere, or abandoned by a dead process). */
  openRoomCodes(): Promise<string[]>;
}

/** How long a sibling's origin stays allowed after a heartbeat last listed it. */
const SIBLING_MEMORY_MS = 10 * 60_000;

/** How long past a lease's end a held request looks again: Redis expires keys on its own clock, to the millisecond. */
const LAPSE_MARGIN_MS = 5;

/** Why a room is let go when the shared log refused this process's write to it. */
const FENCED = "was claimed by another process in the game log";

/** Abandoned rooms taken over per sweep: a sweep after a large process died spreads over several rounds. */
const SWEEP_BATCH = 50;

/** What the cluster needs of the game server it joins. */
export interface ClusterHost {
  registry: RoomRegistry;
  /** Rebuilds a room from its log in this process; null when the code is taken here. */
  adopt(restored: RestoredRoom): Room | null;
  /** The address the server listens on (the public URL when none is configured). */
  listeningUrl: string;
}

/**
 * One game process in a cluster (docs/DEPLOY.md). Each room lives in one process, in memory; Redis says
 * which (server/cluster/room-directory.ts). Redis is consulted only to create a room, to join or reconnect to
 * a room this process does not hold, and by the heartbeat (one round trip per process every third of a
 * lease, for all its rooms): never for a clue or a vote, so a room in play does not notice Redis going down.
 */
export class ClusterNode {
  readonly directory: RoomDirectory;
  readonly limits: SharedAddressLimits;
  private host: ClusterHost | null = null;
  private publicUrl = "";
  /** Origins of sibling processes → when a heartbeat last listed them. */
  private readonly siblingOrigins = new Map<string, number>();
  /** Sibling process id → its public URL, as the last heartbeats listed them (where a room went, with Redis down). */
  private readonly siblingUrls = new Map<string, { url: string; seen: number }>();
  /** Rooms being let go to another process → where they went (letGo). */
  private readonly leaving = new Map<string, Promise<string | null>>();
  private heartbeatTimer?: NodeJS.Timeout;
  private sweepTimer?: NodeJS.Timeout;
  private beating: Promise<void> | null = null;
  private stopping = false;
  private readonly takeovers = new Map<string, Promise<void>>();
  /** Heartbeats that failed in a row (Redis down or slow). */
  failedHeartbeats = 0;

  constructor(
    readonly config: ClusterConfig,
    readonly redis: Redis,
    localLimits: AddressLimits,
    private readonly failover: FailoverSource | null,
    graceMs: number,
    private readonly log: (line: string) => void,
  ) {
    this.directory = new RoomDirectory(redis, config.keyPrefix, config.processId, graceMs + config.leaseMs, config.leaseMs);
    this.limits = new SharedAddressLimits(redis, config.keyPrefix, config.processId, localLimits, log);
  }

  /** Connects to Redis (or throws a clear error) and makes the node. */
  static async connect(config: ClusterConfig, localLimits: AddressLimits, failover: FailoverSource | null, graceMs: number, log: (line: string) => void): Promise<ClusterNode> {
    const redis = fastFailingRedis(config.redisUrl, config.redisTimeoutMs, log);
    try {
      await connectRedis(redis, Math.max(3000, config.redisTimeoutMs * 4));
    } catch (error) {
      redis.disconnect();
      throw new Error(`cannot reach Redis at SNEAK_REDIS_URL: ${error instanceof Error ? error.message : String(error)}`);
    }
    return new ClusterNode(config, redis, localLimits, failover, graceMs, log);
  }

  get processId(): string {
    return this.config.processId;
  }

  /** Joins the cluster once the server listens: claims the rooms it restored, renews its lease from now on. */
  async start(host: ClusterHost): Promise<void> {
    this.host = host;
    this.publicUrl = this.config.publicUrl ?? host.listeningUrl;
    host.registry.onRemoved = (code) => this.roomRemoved(code);
    // Rooms this process rebuilt from its own log at start-up: kept only where no live process holds them.
    for (const room of host.registry.all()) {
      if (!(await this.directory.takeOver(room.code))) {
        this.log(`cluster: room ${room.code} is held by another live process; not reopened here`);
        room.shutdown();
      }
    }
    await this.heartbeat();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), Math.max(200, Math.floor(this.config.leaseMs / 3)));
    this.heartbeatTimer.unref?.();
    if (this.failover) {
      this.sweepTimer = setInterval(() => void this.sweep(), this.config.sweepMs);
      this.sweepTimer.unref?.();
    }
  }

  /**
   * Origins of the sibling processes: a page served by one may open its socket on another. Kept for ten
   * minutes after a heartbeat last listed them, so that a sibling whose lease lapsed for a moment (a stall)
   * does not lock its pages out; the list only ever holds addresses the processes registered themselves.
   */
  origins(): readonly string[] {
    return [...this.siblingOrigins.keys()];
  }

  /** A fresh code for a new room, reserved in the registry for this process. */
  async reserveRoomCode(): Promise<string> {
    const registry = this.host!.registry;
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = freshRoomCode((candidate) => registry.get(candidate) !== undefined);
      let reserved: boolean;
      try {
        reserved = await this.directory.reserve(code);
      } catch {
        throw directoryDown();
      }
      if (reserved) return code;
    }
    throw new CommandError("TOO_MANY_ROOMS", "no free room code was found; try again");
  }

  /** A reserved code whose room was never made. */
  unreserve(code: string): void {
    if (this.host?.registry.get(code)) return;
    this.directory.release(code).catch(() => {});
  }

  /**
   * Whether room `code` is open on some process, for a share link's lookup: a live owner elsewhere, or an
   * owner whose lease lapsed with a log to take it over from. Throws UNAVAILABLE when Redis or the log is down.
   */
  async roomExists(code: string): Promise<boolean> {
    if (this.host?.registry.get(code)) return true;
    let location;
    try {
      location = await this.directory.locate(code);
    } catch {
      throw directoryDown();
    }
    if (location.kind === "owned") return true;
    if (!this.failover) return false;
    try {
      return (await this.failover.ownerOf(code)) !== null;
    } catch {
      throw gameLogDown(code);
    }
  }

  /**
   * Makes sure room `code` is held here: returns when it is (taking it over from a dead owner's log if
   * need be); throws RoomElsewhereError when a live process holds it, ROOM_NOT_FOUND when no process or
   * log has it, UNAVAILABLE when Redis or the log does not answer.
   */
  async bringHere(code: string): Promise<void> {
    if (this.host!.registry.get(code)) return;
    const pending = this.takeovers.get(code);
    if (pending) return pending;
    const attempt = this.locateOrTakeOver(code).finally(() => this.takeovers.delete(code));
    this.takeovers.set(code, attempt);
    return attempt;
  }

  private async locateOrTakeOver(code: string): Promise<void> {
    let location = await this.locate(code);
    if (location.kind === "owned" && location.owner !== this.processId && this.failover && location.leaseLeftMs < this.config.leaseMs / 2) {
      // The owner has missed a heartbeat (it renews every third of a lease): it is dead, or stalled. Rather than
      // send the player to it, wait here for its lease to run out, and take the room over the moment it does; if
      // the owner renews meanwhile it was only slow, and the player goes to it.
      const lapse = Math.max(0, location.leaseLeftMs) + LAPSE_MARGIN_MS;
      await new Promise((resolve) => setTimeout(resolve, lapse));
      location = await this.locate(code);
    }
    if (location.kind === "owned" && location.owner !== this.processId) throw new RoomElsewhereError(code, location.url);
    if (!this.failover) {
      if (location.kind === "orphaned") throw ownerDown(code);
      throw new CommandError("ROOM_NOT_FOUND", `no room with code "${code}"`);
    }
    if (location.kind === "absent") {
      // No key in Redis (it restarted empty, or the key lapsed): the log knows the last owner; if that
      // process is alive, the room is still its own, and its next heartbeat writes the key back.
      let owner: string | null;
      try {
        owner = await this.failover.ownerOf(code);
      } catch {
        throw gameLogDown(code);
      }
      if (owner && owner !== this.processId) {
        const url = await this.directory.urlOf(owner).catch(() => {
          throw directoryDown();
        });
        if (url) throw new RoomElsewhereError(code, url);
      }
    }
    let claimed: boolean;
    try {
      claimed = await this.directory.takeOver(code);
    } catch {
      throw directoryDown();
    }
    if (!claimed) {
      // Another process took it over first: send the player there.
      const now = await this.directory.locate(code).catch(() => null);
      if (now?.kind === "owned") throw new RoomElsewhereError(code, now.url);
      throw directoryDown();
    }
    let restored: RestoredRoom | null;
    try {
      restored = await this.failover.claim(code, this.processId);
    } catch (error) {
      this.log(`cluster: taking over room ${code}: ${error instanceof Error ? error.message : String(error)}`);
      this.unreserve(code);
      throw gameLogDown(code);
    }
    if (this.host!.registry.get(code)) return;
    if (!restored) {
      this.unreserve(code);
      throw new CommandError("ROOM_NOT_FOUND", `no room with code "${code}"`);
    }
    if (!this.host!.adopt(restored)) throw new CommandError("INTERNAL", `room ${code} could not be reopened here`);
    this.log(`cluster: took over room ${code} from its game log`);
  }

  private async locate(code: string): Promise<RoomLocation> {
    try {
      return await this.directory.locate(code);
    } catch {
      throw directoryDown();
    }
  }

  private roomRemoved(code: string): void {
    this.leaving.delete(code);
    // A stopping process keeps its codes: its rooms stay open in the log, for another process or its restart.
    if (this.stopping) return;
    this.directory.release(code).catch(() => {});
  }

  /** Renews the lease of this process and of every room it holds; drops rooms another process took over. */
  heartbeat(): Promise<void> {
    if (this.beating) return this.beating;
    this.beating = this.beat().finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  private async beat(): Promise<void> {
    const registry = this.host!.registry;
    try {
      const { lost, siblings } = await this.directory.heartbeat(this.publicUrl, registry.all().map((room) => room.code));
      this.failedHeartbeats = 0;
      const now = Date.now();
      for (const { id, url } of siblings) {
        this.siblingOrigins.set(new URL(url).origin, now);
        this.siblingUrls.set(id, { url, seen: now });
      }
      for (const [origin, seen] of this.siblingOrigins) if (now - seen > SIBLING_MEMORY_MS) this.siblingOrigins.delete(origin);
      for (const [id, { seen }] of this.siblingUrls) if (now - seen > SIBLING_MEMORY_MS) this.siblingUrls.delete(id);
      for (const code of lost) {
        // Another process took the room over (this one lost its lease): the players follow it there.
        if (registry.get(code)) void this.letGo(code, "is now held by another process");
      }
    } catch (error) {
      this.failedHeartbeats++;
      if (this.failedHeartbeats === 1) this.log(`cluster: heartbeat failed (${error instanceof Error ? error.message : String(error)}); rooms in play go on`);
    }
  }

  /** The shared log refused this process's write to a room another process has claimed: let the room go. */
  releaseFenced(code: string): void {
    if (this.host?.registry.get(code)) void this.letGo(code, FENCED);
  }

  /**
   * Another process holds room `code` now: finds where (the registry; with Redis down, the log's owner and the
   * URL the heartbeats last gave it), then moves the room out (Room.moveOut: its members are told where and
   * disconnected, the commands already at the log answered first). Resolves with that URL (null: unknown), once
   * per room however many callers ask; the room leaves in a later turn of the event loop, so that callers that
   * answer a command with the URL answer before its socket closes.
   */
  letGo(code: string, why: string = FENCED): Promise<string | null> {
    const pending = this.leaving.get(code);
    if (pending) return pending;
    const located = this.newOwnerUrl(code);
    this.leaving.set(code, located);
    void located.then((url) =>
      setImmediate(() => {
        this.log(`cluster: room ${code} ${why}; its players are sent to ${url ?? "whichever process the directory names once it answers"}`);
        const room = this.host?.registry.get(code);
        if (room) room.moveOut(url);
        else this.leaving.delete(code);
      }),
    );
    return located;
  }

  private async newOwnerUrl(code: string): Promise<string | null> {
    try {
      const location = await this.directory.locate(code);
      if (location.kind === "owned" && location.owner !== this.processId) return location.url;
    } catch {
      // The registry is down: the log still knows who claimed the room.
    }
    try {
      const owner = this.failover ? await this.failover.ownerOf(code) : null;
      return owner && owner !== this.processId ? (this.siblingUrls.get(owner)?.url ?? null) : null;
    } catch {
      return null;
    }
  }

  /**
   * Rooms of dead processes that no player came back to would keep their logs open for good: one process at
   * a time (a lock in Redis) takes them over, a batch per sweep. Taken over, such a room runs out its grace
   * windows and its empty-room timer like any other, and its log is closed.
   */
  async sweep(): Promise<number> {
    if (!this.failover || this.stopping) return 0;
    let taken = 0;
    try {
      if (!(await this.directory.takeSweepLock(Math.max(1000, this.config.sweepMs - 500)))) return 0;
      const registry = this.host!.registry;
      for (const code of await this.failover.openRoomCodes()) {
        if (taken >= SWEEP_BATCH || this.stopping) break;
        if (registry.get(code)) continue;
        const location = await this.directory.locate(code);
        if (location.kind === "owned") continue;
        try {
          await this.bringHere(code);
          taken++;
        } catch {
          // Held by a live process after all (an absent key whose owner lives), or gone: nothing to sweep.
        }
      }
    } catch (error) {
      this.log(`cluster: sweep for abandoned rooms stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
    return taken;
  }

  /** A clean stop: the lease is dropped so that another process may take the rooms over at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.heartbeatTimer);
    clearInterval(this.sweepTimer);
    await this.beating;
    await this.directory.leave(this.publicUrl).catch(() => {});
    this.redis.disconnect();
  }

  /** For /healthz: this process's name and whether its last heartbeat reached Redis. */
  health(): { process: string; registry: "ok" | "unreachable" } {
    return { process: this.processId, registry: this.failedHeartbeats === 0 ? "ok" : "unreachable" };
  }
}
