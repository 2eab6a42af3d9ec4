import type { Redis } from "ioredis";

/**
 * The room registry in Redis: which game process owns each room code, and where each live process can be
 * reached. Keys (under the deployment's prefix):
 * - `proc:ID` → the process's public URL, with a lease of `leaseMs` renewed by its heartbeat: a process
 *   whose key is gone is dead (or cut off), and its rooms may be taken over;
 * - `procs` → the set of process ids (so siblings can list each other's origins);
 * - `room:CODE` → the owner's id, with a TTL of the grace window plus a lease, renewed by the same
 *   heartbeat: a dead owner's codes stay reserved while its players may still come back, so a new room
 *   cannot take a code whose players are about to reconnect to it, and then vanish without a sweeper.
 * Every write of a room key is a compare-and-set in one Lua script: a code is never given to two owners.
 * The scripts read keys they were not passed (a process's lease), which a single Redis (or a primary with
 * replicas) allows and Redis Cluster does not; one Redis is plenty (docs/DEPLOY.md has the arithmetic).
 */

/** Where a room is, as the registry says. */
export type RoomLocation =
  | { kind: "absent" }
  /** `leaseLeftMs`: how long the owner's lease runs unless renewed (it renews every third of a lease). */
  | { kind: "owned"; owner: string; url: string; leaseLeftMs: number }
  /** The owner's lease lapsed: it died or lost Redis, and the room may be taken over. */
  | { kind: "orphaned"; owner: string };

export interface HeartbeatResult {
  /** Codes this process held that another process now owns. */
  lost: string[];
  /** Every live process (this one included): its id and public URL. */
  siblings: { id: string; url: string }[];
}

const RENEW = `
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('SADD', KEYS[2], ARGV[1])
local lost = {}
for i = 3, #KEYS do
  local owner = redis.call('GET', KEYS[i])
  if owner == ARGV[1] or not owner then
    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[4])
  else
    lost[#lost + 1] = string.sub(KEYS[i], #ARGV[5] + 6)
  end
end
local ids = {}
local urls = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local url = redis.call('GET', ARGV[5] .. 'proc:' .. id)
  if url then
    ids[#ids + 1] = id
    urls[#urls + 1] = url
  else
    redis.call('SREM', KEYS[2], id)
  end
end
return {lost, ids, urls}`;

const LOCATE = `
local owner = redis.call('GET', KEYS[1])
if not owner then return {} end
local url = redis.call('GET', ARGV[1] .. 'proc:' .. owner)
return {owner, url or '', redis.call('PTTL', ARGV[1] .. 'proc:' .. owner)}`;

/** Claims a code that is free or whose owner's lease lapsed; returns the owner after the call. */
const TAKE_OVER = `
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. 'proc:' .. owner) == 1 then return owner end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const LEAVE = `
if redis.call('GET', KEYS[1]) == ARGV[2] then redis.call('DEL', KEYS[1]) end
redis.call('SREM', KEYS[2], ARGV[1])
return 1`;

export class RoomDirectory {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly processId: string,
    /** How long a room key outlives its owner's last heartbeat. */
    private readonly roomTtlMs: number,
    private readonly leaseMs: number,
  ) {}

  private roomKey(code: string): string {
    return `${this.prefix}room:${code}`;
  }

  private procKey(id: string = this.processId): string {
    return `${this.prefix}proc:${id}`;
  }

  /** Reserves a fresh code for a new room; false when another process holds it. */
  async reserve(code: string): Promise<boolean> {
    return (await this.redis.set(this.roomKey(code), this.processId, "PX", this.roomTtlMs, "NX")) === "OK";
  }

  async locate(code: string): Promise<RoomLocation> {
    const reply = (await this.redis.eval(LOCATE, 1, this.roomKey(code), this.prefix)) as [string, string, number] | [];
    if (reply.length === 0) return { kind: "absent" };
    const [owner, url, leaseLeftMs] = reply;
    return url ? { kind: "owned", owner, url, leaseLeftMs } : { kind: "orphaned", owner };
  }

  /** A live process's public URL; null when its lease lapsed. */
  async urlOf(processId: string): Promise<string | null> {
    return this.redis.get(this.procKey(processId));
  }

  /** Takes a code that is free or orphaned (or already ours); false when a live process owns it. */
  async takeOver(code: string): Promise<boolean> {
    const owner = (await this.redis.eval(TAKE_OVER, 1, this.roomKey(code), this.processId, this.roomTtlMs, this.prefix)) as string;
    return owner === this.processId;
  }

  /** Gives a code back (its room closed), unless another process owns it by now. */
  async release(code: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.roomKey(code), this.processId);
  }

  /**
   * The heartbeat: renews this process's lease and every room key it holds in one round trip (a key that
   * expired while Redis was away is written again), and lists the live processes.
   */
  async heartbeat(publicUrl: string, codes: readonly string[]): Promise<HeartbeatResult> {
    const keys = [this.procKey(), `${this.prefix}procs`, ...codes.map((code) => this.roomKey(code))];
    const [lost, ids, urls] = (await this.redis.eval(RENEW, keys.length, ...keys, this.processId, publicUrl, this.leaseMs, this.roomTtlMs, this.prefix)) as [string[], string[], string[]];
    return { lost, siblings: ids.map((id, i) => ({ id, url: urls[i] })) };
  }

  /** The sweep lock: one process at a time looks for abandoned rooms; it lapses on its own. */
  async takeSweepLock(ttlMs: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}sweeper`, this.processId, "PX", ttlMs, "NX")) === "OK";
  }

  /** A clean stop: the lease goes at once, so the rooms can be taken over without waiting for it to lapse. */
  async leave(publicUrl: string): Promise<void> {
    await this.redis.eval(LEAVE, 2, this.procKey(), `${this.prefix}procs`, this.processId, publicUrl);
  }
}
