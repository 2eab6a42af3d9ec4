import { describe, expect, it } from "vitest";
import { ConfigError, configFromEnv } from "../../server/config";

describe("net: configuration of the limits per address", () => {
  it("has defaults for a school class behind one address, and the proxy setting off", () => {
    expect(configFromEnv({}).addressLimits).toEqual({
      maxConnections: 64,
      handshakeBurst: 64,
      handshakesPerMinute: 120,
      roomBurst: 20,
      roomsPerMinute: 10,
      httpBurst: 30,
      httpPerMinute: 60,
      trustProxyHops: 0,
    });
  });

  it("reads every knob from the environment; 0 turns a limit off", () => {
    const limits = configFromEnv({
      SNEAK_ADDRESS_MAX_CONNECTIONS: "0",
      SNEAK_ADDRESS_HANDSHAKE_BURST: "10",
      SNEAK_ADDRESS_HANDSHAKES_PER_MINUTE: "30",
      SNEAK_ADDRESS_ROOM_BURST: "0",
      SNEAK_ADDRESS_ROOMS_PER_MINUTE: "0",
      SNEAK_ADDRESS_HTTP_BURST: "5",
      SNEAK_ADDRESS_HTTP_PER_MINUTE: "12",
      SNEAK_TRUST_PROXY: "1",
    }).addressLimits;
    expect(limits).toEqual({ maxConnections: 0, handshakeBurst: 10, handshakesPerMinute: 30, roomBurst: 0, roomsPerMinute: 0, httpBurst: 5, httpPerMinute: 12, trustProxyHops: 1 });
  });

  it("stops start-up with one line naming the variable", () => {
    expect(() => configFromEnv({ SNEAK_ADDRESS_MAX_CONNECTIONS: "-1" })).toThrow(ConfigError);
    expect(() => configFromEnv({ SNEAK_ADDRESS_MAX_CONNECTIONS: "-1" })).toThrow(/^SNEAK_ADDRESS_MAX_CONNECTIONS: must be a non-negative integer$/);
    expect(() => configFromEnv({ SNEAK_TRUST_PROXY: "yes" })).toThrow(/^SNEAK_TRUST_PROXY: /);
    expect(() => configFromEnv({ SNEAK_ADDRESS_ROOM_BURST: "1.5" })).toThrow(/^SNEAK_ADDRESS_ROOM_BURST: /);
  });

  it("refuses a bucket that would never refill", () => {
    expect(() => configFromEnv({ SNEAK_ADDRESS_HANDSHAKES_PER_MINUTE: "0" })).toThrow(
      "SNEAK_ADDRESS_HANDSHAKES_PER_MINUTE: must be at least 1 while SNEAK_ADDRESS_HANDSHAKE_BURST is on (set SNEAK_ADDRESS_HANDSHAKE_BURST=0 to turn the limit off)",
    );
    expect(() => configFromEnv({ SNEAK_ADDRESS_ROOMS_PER_MINUTE: "0" })).toThrow(/^SNEAK_ADDRESS_ROOMS_PER_MINUTE: must be at least 1/);
    expect(() => configFromEnv({ SNEAK_ADDRESS_HTTP_PER_MINUTE: "0" })).toThrow(/^SNEAK_ADDRESS_HTTP_PER_MINUTE: must be at least 1/);
    expect(() => configFromEnv({ SNEAK_ADDRESS_HANDSHAKE_BURST: "0", SNEAK_ADDRESS_HANDSHAKES_PER_MINUTE: "0" })).not.toThrow();
  });
});
