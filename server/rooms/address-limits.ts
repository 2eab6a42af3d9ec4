import type { IncomingMessage } from "node:http";
import { isIP, isIPv4, isIPv6 } from "node:net";
import { ADDRESS_REFUSAL } from "../../shared/protocol";
import type { AddressLimitSettings } from "../config";

/**
 * Limits per client address, on top of the per-socket event limit (rate-limit.ts): a token bucket on new
 * connections (handshakes), a cap on connections open at once, a token bucket on room creation, and one on
 * requests to the HTTP API (exports and the leaderboard, which read the whole game log). One
 * machine (or one botnet member) cannot then flood the server with reconnections or fill it with rooms,
 * while a household or a school class behind one NAT address stays well inside the defaults (config.ts).
 *
 * An address is forgotten once it has no open connection and its buckets have refilled: a fresh entry
 * would be identical, so forgetting loses nothing, and the table only holds addresses active in the last
 * minute or so. It is also capped (`maxAddresses`); past the cap, new addresses are refused until entries
 * age out, so a flood from countless addresses cannot grow it without bound.
 */

export type { AddressLimitSettings };

export interface AddressLimitsOptions {
  /** The clock (ms); tests inject one. */
  now?: () => number;
  /** Most addresses tracked at once. */
  maxAddresses?: number;
  /** How often idle addresses are swept (lazily, on the next handshake or room creation). */
  sweepEveryMs?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

interface Entry {
  open: number;
  handshakes: Bucket;
  rooms: Bucket;
  http: Bucket;
}

/** The outcome of a check: null when allowed, otherwise the refusal (a sentence starting with its code). */
export type Refusal = string | null;

/** A refusal with the seconds to wait before trying again (an HTTP Retry-After). */
export interface TimedRefusal {
  message: string;
  retryAfterSeconds: number;
}

export class AddressLimits {
  private readonly table = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly maxAddresses: number;
  private readonly sweepEveryMs: number;
  private lastSweep: number;

  constructor(
    readonly settings: AddressLimitSettings,
    options: AddressLimitsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxAddresses = options.maxAddresses ?? 100_000;
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
    this.lastSweep = this.now();
  }

  /** The key a request is limited under: its client address (IPv4, or an IPv6 /64 network). */
  addressOf(request: IncomingMessage): string {
    return addressKey(clientAddress(request, this.settings.trustProxyHops));
  }

  /** May this address open one more connection? Spends a handshake token when it may. */
  admitHandshake(address: string): Refusal {
    const s = this.settings;
    const entry = this.entryFor(address);
    if (!entry) return `${ADDRESS_REFUSAL}: the server is busy with too many addresses; try again in a minute`;
    if (s.maxConnections > 0 && entry.open >= s.maxConnections) {
      return `${ADDRESS_REFUSAL}: ${entry.open} connections are already open from your address (the limit is ${s.maxConnections}); close some tabs or try again later`;
    }
    if (s.handshakeBurst > 0) {
      const wait = this.take(entry.handshakes, s.handshakeBurst, s.handshakesPerMinute);
      if (wait > 0) return `${ADDRESS_REFUSAL}: too many new connections from your address; try again in ${Math.ceil(wait / 1000)} s`;
    }
    return null;
  }

  /** May this address create one more room? Spends a room token when it may. */
  admitRoomCreation(address: string): Refusal {
    return this.admitFrom("rooms", address, this.settings.roomBurst, this.settings.roomsPerMinute, "too many rooms created from your address")?.message ?? null;
  }

  /** May this address make one more HTTP API request? Spends a token when it may; a refusal says when to retry. */
  admitHttpRequest(address: string): TimedRefusal | null {
    return this.admitFrom("http", address, this.settings.httpBurst, this.settings.httpPerMinute, "too many requests from your address");
  }

  /** Spends a token of one of the address's buckets, or says how long to wait for one. */
  private admitFrom(bucket: "rooms" | "http", address: string, burst: number, perMinute: number, refusal: string): TimedRefusal | null {
    if (burst === 0) return null;
    const entry = this.entryFor(address);
    if (!entry) return { message: "the server is busy with too many addresses; try again in a minute", retryAfterSeconds: 60 };
    const wait = this.take(entry[bucket], burst, perMinute);
    if (wait === 0) return null;
    const retryAfterSeconds = Math.ceil(wait / 1000);
    return { message: `${refusal}; try again in ${retryAfterSeconds} s`, retryAfterSeconds };
  }

  /** A connection from this address is open (counted once the handshake succeeded). */
  opened(address: string): void {
    const entry = this.table.get(address) ?? this.fresh(address);
    entry.open++;
  }

  closed(address: string): void {
    const entry = this.table.get(address);
    if (entry && entry.open > 0) entry.open--;
  }

  /** Connections open from this address. */
  openFrom(address: string): number {
    return this.table.get(address)?.open ?? 0;
  }

  /** Addresses tracked now. */
  get size(): number {
    return this.table.size;
  }

  /** Forgets every address with no open connection whose buckets have refilled; returns how many. */
  sweep(): number {
    const now = this.now();
    this.lastSweep = now;
    const s = this.settings;
    let forgotten = 0;
    for (const [address, entry] of this.table) {
      if (entry.open > 0) continue;
      if (!isFull(entry.handshakes, s.handshakeBurst, s.handshakesPerMinute, now)) continue;
      if (!isFull(entry.rooms, s.roomBurst, s.roomsPerMinute, now)) continue;
      if (!isFull(entry.http, s.httpBurst, s.httpPerMinute, now)) continue;
      this.table.delete(address);
      forgotten++;
    }
    return forgotten;
  }

  /** The entry for an address (made if new); null when the table is full even after a sweep. */
  private entryFor(address: string): Entry | null {
    if (this.now() - this.lastSweep >= this.sweepEveryMs) this.sweep();
    const known = this.table.get(address);
    if (known) return known;
    if (this.table.size >= this.maxAddresses && this.sweep() === 0) return null;
    return this.fresh(address);
  }

  private fresh(address: string): Entry {
    const now = this.now();
    const s = this.settings;
    const entry: Entry = { open: 0, handshakes: { tokens: s.handshakeBurst, at: now }, rooms: { tokens: s.roomBurst, at: now }, http: { tokens: s.httpBurst, at: now } };
    this.table.set(address, entry);
    return entry;
  }

  /** Spends a token: 0 when there was one, otherwise the milliseconds until there will be. */
  private take(bucket: Bucket, burst: number, perMinute: number): number {
    const now = this.now();
    refill(bucket, burst, perMinute, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, ((1 - bucket.tokens) * 60_000) / perMinute);
  }
}

function refill(bucket: Bucket, burst: number, perMinute: number, now: number): void {
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute);
  bucket.at = now;
}

function isFull(bucket: Bucket, burst: number, perMinute: number, now: number): boolean {
  if (burst === 0) return true;
  return bucket.tokens + ((now - bucket.at) / 60_000) * perMinute >= burst;
}

/**
 * The client's address: the TCP peer, or, behind `hops` trusted reverse proxies, the X-Forwarded-For entry
 * that the outermost of them added (entries further left are whatever the client chose to send).
 */
export function clientAddress(request: IncomingMessage, hops: number): string {
  const peer = request.socket?.remoteAddress ?? "unknown";
  if (hops <= 0) return peer;
  const header = request.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const chain = [...forwarded, peer];
  const candidate = chain[Math.max(0, chain.length - 1 - hops)];
  return isIP(stripZone(candidate)) ? candidate : peer;
}

/** IPv4-mapped IPv6 as IPv4; IPv6 as its /64 network (one subscriber's usual allocation). */
export function addressKey(address: string): string {
  const bare = stripZone(address.trim().toLowerCase());
  if (bare.startsWith("::ffff:") && isIPv4(bare.slice(7))) return bare.slice(7);
  if (!isIPv6(bare)) return bare;
  const [head, tail] = bare.includes("::") ? bare.split("::") : [bare, undefined];
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (a.b.c.d) stands for two groups.
  const tailGroups = back.length + (back.some((g) => g.includes(".")) ? 1 : 0);
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - tailGroups)).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

function stripZone(address: string): string {
  const percent = address.indexOf("%");
  return percent < 0 ? address : address.slice(0, percent);
}
