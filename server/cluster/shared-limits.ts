import type { Redis } from "ioredis";
import { ADDRESS_REFUSAL } from "../../shared/protocol";
import type { AddressLimits, Refusal, TimedRefusal } from "../rooms/address-limits";
import { isRedisOutage } from "./redis-connection";

/**
 * The limits per client address (server/rooms/address-limits.ts) held across every game process through
 * Redis: the same token buckets (handshakes, room creations, HTTP API requests), kept in Redis hashes and
 * spent by a Lua script on Redis's clock, and the count of connections open at once, kept per process in a
 * hash so that a dead process's connections stop counting as soon as its lease lapses.
 *
 * Each process's own table still applies first (it costs nothing and protects the process). When Redis is
 * down or slow, the shared check is skipped: the limits then hold per process (N processes let an address
 * through N times), which keeps players playing through a Redis outage rather than locking everyone out.
 */

/** Spends a token: 0, or the milliseconds until one is there. Time is Redis's, the same for every process. */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2]) / 60000
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(saved[1]) or burst
local at = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / rate) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate) + 1000)
return wait`;

/** Connections open from an address on live processes (a dead process's count is dropped). */
const OPEN_COUNT = `
local total = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if redis.call('EXISTS', ARGV[1] .. 'proc:' .. fields[i]) == 1 then total = total + tonumber(fields[i + 1])
  else redis.call('HDEL', KEYS[1], fields[i]) end
end
return total`;

/** Adds ARGV[2] (±1) to this process's count; the hash lives an hour past its last change. */
const COUNT = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], 3600000)
return n`;

export class SharedAddressLimits {
  /** Shared checks skipped because Redis did not answer (for /healthz and the tests). */
  skipped = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly processId: string,
    readonly local: AddressLimits,
    private readonly log: (line: string) => void,
  ) {}

  private key(kind: string, address: string): string {
    return `${this.prefix}limit:${kind}:${address}`;
  }

  async admitHandshake(address: string): Promise<Refusal> {
    const local = this.local.admitHandshake(address);
    if (local) return local;
    const s = this.local.settings;
    return this.shared(async () => {
      if (s.maxConnections > 0) {
        const open = Number(await this.redis.eval(OPEN_COUNT, 1, this.key("open", address), this.prefix));
        if (open >= s.maxConnections) {
          return `${ADDRESS_REFUSAL}: ${open} connections are already open from your address (the limit is ${s.maxConnections}); close some tabs or try again later`;
        }
      }
      if (s.handshakeBurst === 0) return null;
      const wait = await this.take("handshakes", address, s.handshakeBurst, s.handshakesPerMinute);
      return wait > 0 ? `${ADDRESS_REFUSAL}: too many new connections from your address; try again in ${Math.ceil(wait / 1000)} s` : null;
    });
  }

  async admitRoomCreation(address: string): Promise<Refusal> {
    const local = this.local.admitRoomCreation(address);
    if (local) return local;
    const s = this.local.settings;
    if (s.roomBurst === 0) return null;
    return this.shared(async () => {
      const wait = await this.take("rooms", address, s.roomBurst, s.roomsPerMinute);
      return wait > 0 ? `too many rooms created from your address; try again in ${Math.ceil(wait / 1000)} s` : null;
    });
  }

  async admitHttpRequest(address: string): Promise<TimedRefusal | null> {
    const local = this.local.admitHttpRequest(address);
    if (local) return local;
    const s = this.local.settings;
    if (s.httpBurst === 0) return null;
    return this.shared(async () => {
      const wait = await this.take("http", address, s.httpBurst, s.httpPerMinute);
      if (wait === 0) return null;
      const retryAfterSeconds = Math.ceil(wait / 1000);
      return { message: `too many requests from your address; try again in ${retryAfterSeconds} s`, retryAfterSeconds };
    });
  }

  /** A connection is open: counted here at once, and in Redis without waiting (nothing is refused on it). */
  opened(address: string): void {
    this.local.opened(address);
    if (this.local.settings.maxConnections > 0) this.count(address, 1);
  }

  closed(address: string): void {
    this.local.closed(address);
    if (this.local.settings.maxConnections > 0) this.count(address, -1);
  }

  private count(address: string, delta: number): void {
    this.redis.eval(COUNT, 1, this.key("open", address), this.processId, delta).catch(() => {
      this.skipped++;
    });
  }

  private async take(kind: string, address: string, burst: number, perMinute: number): Promise<number> {
    return Number(await this.redis.eval(TAKE, 1, this.key(kind, address), burst, perMinute));
  }

  /** The shared verdict, or none (the local one stands) when Redis does not answer in time. */
  private async shared<T>(check: () => Promise<T | null>): Promise<T | null> {
    try {
      return await check();
    } catch (error) {
      this.skipped++;
      if (!isRedisOutage(error)) this.log(`shared limits: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}
