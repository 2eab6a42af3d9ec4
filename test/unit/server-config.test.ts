import { describe, expect, it } from "vitest";
import { ConfigError, configFromEnv } from "../../server/config";
import { RateLimiter } from "../../server/rooms/rate-limit";
import { CODE_ALPHABET, freshRoomCode, normalizedRoomCode } from "../../server/rooms/room-codes";
import { isOriginAllowed } from "../../server/rooms/origin-check";
import { SessionStore } from "../../server/rooms/sessions";
import type { IncomingMessage } from "node:http";

describe("server config from the environment", () => {
  it("has defaults for everything", () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ port: 3000, host: "127.0.0.1", evaluators: ["lexical"], botModels: [], graceMs: 60_000 });
  });
  it("reads lists and numbers", () => {
    const config = configFromEnv({ PORT: "8080", SNEAK_BOT_MODELS: " a , b@http://127.0.0.1:9/v1 ", SNEAK_EVALUATORS: "lexical,llm:j", SNEAK_GRACE_MS: "5" });
    expect(config.port).toBe(8080);
    expect(config.botModels).toEqual(["a", "b@http://127.0.0.1:9/v1"]);
    expect(config.evaluators).toEqual(["lexical", "llm:j"]);
    expect(config.graceMs).toBe(5);
  });
  it("refuses bad values with one line naming the variable", () => {
    expect(() => configFromEnv({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => configFromEnv({ PORT: "eighty" })).toThrow(/^PORT: /);
    expect(() => configFromEnv({ SNEAK_EVALUATORS: "wordnet" })).toThrow(/SNEAK_EVALUATORS: "wordnet"/);
    expect(() => configFromEnv({ SNEAK_EVALUATORS: " , " })).toThrow(/at least one/);
    expect(() => configFromEnv({ SNEAK_LLM_REASONING_TOKENS: "many" })).toThrow(ConfigError);
    expect(() => configFromEnv({ SNEAK_DATABASE_URL: "sneak.db" })).toThrow(/^SNEAK_DATABASE_URL: must be a Postgres URL like postgres:\/\/user:password@host:5432\/database$/);
    expect(() => configFromEnv({ SNEAK_DATABASE_URL: "postgres://sneak@127.0.0.1:5432/sneak" })).not.toThrow();
    expect(() => configFromEnv({ SNEAK_LLM_REASONING_TOKENS: "many" })).toThrow(/^SNEAK_LLM_REASONING_TOKENS must be a positive integer/);
  });
});

describe("room codes", () => {
  it("are 4 letters from an alphabet without look-alikes, and avoid taken codes", () => {
    expect(CODE_ALPHABET).not.toMatch(/[ILOUVSZ0125]/);
    const taken = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const code = freshRoomCode((c) => taken.has(c));
      expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{4}$`));
      expect(taken.has(code)).toBe(false);
      taken.add(code);
    }
  });
  it("normalizes what people type", () => {
    expect(normalizedRoomCode(" kxqd ")).toBe("KXQD");
    expect(normalizedRoomCode("KXQ")).toBeNull();
    expect(normalizedRoomCode("KXQO")).toBeNull();
  });
});

describe("rate limiter", () => {
  it("lets a burst through, then refills at the rate", () => {
    let now = 0;
    const limiter = new RateLimiter(2, 3, () => now);
    expect([limiter.tryTake(), limiter.tryTake(), limiter.tryTake(), limiter.tryTake()]).toEqual([true, true, true, false]);
    now = 499;
    expect(limiter.tryTake()).toBe(false);
    now = 500;
    expect(limiter.tryTake()).toBe(true);
    now = 100_000;
    expect([limiter.tryTake(), limiter.tryTake(), limiter.tryTake(), limiter.tryTake()]).toEqual([true, true, true, false]);
  });
});

describe("origin check", () => {
  const request = (origin: string | undefined, host = "127.0.0.1:3000") => ({ headers: { origin, host } }) as unknown as IncomingMessage;
  it("allows programs without Origin, the same origin and configured ones", () => {
    expect(isOriginAllowed(request(undefined), [])).toBe(true);
    expect(isOriginAllowed(request("http://127.0.0.1:3000"), [])).toBe(true);
    expect(isOriginAllowed(request("http://localhost:5173"), ["http://localhost:5173"])).toBe(true);
    expect(isOriginAllowed(request("http://evil.example"), ["*"])).toBe(true);
  });
  it("refuses other sites and junk", () => {
    expect(isOriginAllowed(request("http://evil.example"), [])).toBe(false);
    expect(isOriginAllowed(request("http://127.0.0.1:3001"), [])).toBe(false);
    expect(isOriginAllowed(request("not a url"), [])).toBe(false);
  });
});

describe("sessions", () => {
  it("issue unguessable tokens and remember why one was revoked", () => {
    const store = new SessionStore();
    const a = store.issue("ABCD", "p-1", false);
    const b = store.issue("ABCD", "p-2", true);
    expect(a.token).not.toBe(b.token);
    expect(a.token.length).toBeGreaterThanOrEqual(32);
    expect(store.find(a.token)).toEqual(a);
    store.revoke(a.token, "kicked");
    expect(store.find(a.token)).toBeUndefined();
    expect(store.revokedReason(a.token)).toBe("kicked");
    store.revokeRoom("ABCD");
    expect(store.revokedReason(b.token)).toBe("room-closed");
    expect(store.find(123)).toBeUndefined();
  });
});
