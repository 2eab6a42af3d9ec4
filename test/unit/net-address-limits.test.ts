import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { ADDRESS_REFUSAL } from "../../shared/protocol";
import { AddressLimits, addressKey, clientAddress, type AddressLimitSettings } from "../../server/rooms/address-limits";
import { configFromEnv } from "../../server/config";

const DEFAULTS = configFromEnv({}).addressLimits;

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function limitsWith(overrides: Partial<AddressLimitSettings> = {}, options: { maxAddresses?: number; sweepEveryMs?: number } = {}) {
  const c = clock();
  return { c, limits: new AddressLimits({ ...DEFAULTS, ...overrides }, { now: c.now, ...options }) };
}

function request(remoteAddress: string, forwardedFor?: string | string[]): IncomingMessage {
  return { socket: { remoteAddress }, headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor } } as unknown as IncomingMessage;
}

describe("net: limits per address", () => {
  it("admits a burst of handshakes, then refuses with the code and a wait until the bucket refills", () => {
    const { c, limits } = limitsWith({ handshakeBurst: 5, handshakesPerMinute: 60 });
    for (let i = 0; i < 5; i++) expect(limits.admitHandshake("10.0.0.1")).toBeNull();
    const refusal = limits.admitHandshake("10.0.0.1");
    expect(refusal).toMatch(new RegExp(`^${ADDRESS_REFUSAL}: too many new connections from your address; try again in 1 s$`));
    // Another address has its own bucket.
    expect(limits.admitHandshake("10.0.0.2")).toBeNull();
    c.advance(999);
    expect(limits.admitHandshake("10.0.0.1")).not.toBeNull();
    c.advance(1);
    expect(limits.admitHandshake("10.0.0.1")).toBeNull();
    expect(limits.admitHandshake("10.0.0.1")).not.toBeNull();
  });

  it("caps the connections open at once from one address, and frees a place when one closes", () => {
    const { limits } = limitsWith({ maxConnections: 3 });
    for (let i = 0; i < 3; i++) {
      expect(limits.admitHandshake("10.0.0.1")).toBeNull();
      limits.opened("10.0.0.1");
    }
    expect(limits.admitHandshake("10.0.0.1")).toBe(
      `${ADDRESS_REFUSAL}: 3 connections are already open from your address (the limit is 3); close some tabs or try again later`,
    );
    limits.closed("10.0.0.1");
    expect(limits.openFrom("10.0.0.1")).toBe(2);
    expect(limits.admitHandshake("10.0.0.1")).toBeNull();
    limits.closed("10.0.0.9"); // never seen: ignored, never negative
    expect(limits.openFrom("10.0.0.9")).toBe(0);
  });

  it("rate-limits room creation per address with its own bucket", () => {
    const { c, limits } = limitsWith({ roomBurst: 2, roomsPerMinute: 10 });
    expect(limits.admitRoomCreation("10.0.0.1")).toBeNull();
    expect(limits.admitRoomCreation("10.0.0.1")).toBeNull();
    expect(limits.admitRoomCreation("10.0.0.1")).toBe("too many rooms created from your address; try again in 6 s");
    expect(limits.admitHandshake("10.0.0.1")).toBeNull(); // handshakes are a separate bucket
    c.advance(6000);
    expect(limits.admitRoomCreation("10.0.0.1")).toBeNull();
  });

  it("0 turns a limit off", () => {
    const { limits } = limitsWith({ maxConnections: 0, handshakeBurst: 0, roomBurst: 0 });
    for (let i = 0; i < 1000; i++) {
      expect(limits.admitHandshake("10.0.0.1")).toBeNull();
      limits.opened("10.0.0.1");
      expect(limits.admitRoomCreation("10.0.0.1")).toBeNull();
    }
  });

  it("forgets an address once it has no open connection and its buckets have refilled", () => {
    const { c, limits } = limitsWith({ handshakeBurst: 4, handshakesPerMinute: 60, roomBurst: 2, roomsPerMinute: 6 });
    for (let i = 0; i < 100; i++) limits.admitHandshake(`10.0.${i >> 8}.${i & 255}`);
    limits.admitHandshake("10.9.9.9");
    limits.opened("10.9.9.9");
    limits.admitRoomCreation("10.0.0.1");
    expect(limits.size).toBe(101);
    c.advance(1000); // the handshake buckets are full again; 10.0.0.1's room bucket is not
    expect(limits.sweep()).toBe(99);
    expect(limits.size).toBe(2);
    c.advance(9000);
    expect(limits.sweep()).toBe(1); // 10.0.0.1
    limits.closed("10.9.9.9");
    expect(limits.sweep()).toBe(1);
    expect(limits.size).toBe(0);
  });

  it("sweeps by itself on a later handshake, so the table cannot grow without bound", () => {
    const { c, limits } = limitsWith({ handshakeBurst: 4, handshakesPerMinute: 60 }, { sweepEveryMs: 60_000 });
    for (let i = 0; i < 500; i++) limits.admitHandshake(`10.1.${i >> 8}.${i & 255}`);
    expect(limits.size).toBe(500);
    c.advance(60_000);
    limits.admitHandshake("10.2.0.1");
    expect(limits.size).toBe(1);
  });

  it("refuses new addresses while the table is full of active ones, and admits them once entries age out", () => {
    const { c, limits } = limitsWith({ handshakeBurst: 4, handshakesPerMinute: 60 }, { maxAddresses: 3 });
    for (const a of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) expect(limits.admitHandshake(a)).toBeNull();
    expect(limits.admitHandshake("10.0.0.4")).toMatch(/^TOO_MANY_CONNECTIONS: the server is busy/);
    expect(limits.admitHandshake("10.0.0.1")).toBeNull(); // known addresses go on
    c.advance(2000);
    expect(limits.admitHandshake("10.0.0.4")).toBeNull();
    expect(limits.size).toBe(1);
  });

  it("keys IPv4-mapped IPv6 as IPv4 and IPv6 by its /64", () => {
    expect(addressKey("::ffff:127.0.0.5")).toBe("127.0.0.5");
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(addressKey("2001:DB8:aa:bb::99")).toBe("2001:db8:aa:bb::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("takes the TCP peer unless told to trust proxies, then the entry the outermost proxy added", () => {
    expect(clientAddress(request("10.0.0.1", "6.6.6.6"), 0)).toBe("10.0.0.1");
    expect(clientAddress(request("10.0.0.1", "6.6.6.6, 203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientAddress(request("10.0.0.1", ["6.6.6.6", "203.0.113.9, 10.0.0.2"]), 2)).toBe("203.0.113.9");
    expect(clientAddress(request("10.0.0.1", "203.0.113.9"), 3)).toBe("203.0.113.9"); // fewer entries than hops
    expect(clientAddress(request("10.0.0.1"), 1)).toBe("10.0.0.1"); // no header: the peer
    expect(clientAddress(request("10.0.0.1", "not-an-address"), 1)).toBe("10.0.0.1");
    const limits = new AddressLimits({ ...DEFAULTS, trustProxyHops: 1 });
    expect(limits.addressOf(request("::ffff:10.0.0.1", "2001:db8:1:2:3:4:5:6"))).toBe("2001:db8:1:2::/64");
  });
});
