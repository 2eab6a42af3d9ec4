import { z } from "zod";
import { reasoningTokensFromEnv } from "./llm/request-adaptations";
import { DatabaseUrlSchema } from "./store/store-config";

/**
 * Environment → typed server configuration. Every knob has a default so that `npm start` works with no
 * configuration; a bad value stops start-up with one clear line (see `configFromEnv`).
 */

/** A non-negative integer variable at least `min`, or `fallback` when unset (also for the cluster's variables). */
export const intFrom = (fallback: number, min = 0) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a non-negative integer")
    .transform(Number)
    .pipe(z.number().int().min(min))
    .optional()
    .transform((value) => value ?? fallback);

/** SNEAK_PUBLIC_URL: an origin players can open (share links, and a cluster's redirects); a trailing slash is dropped. */
export const PublicUrlSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/\/+$/, ""))
  .pipe(z.string().regex(/^https?:\/\/[^/\s?#]+$/, "must be an origin such as http://10.0.0.5:3001 (no path)"));

const listFrom = (fallback: string[]) =>
  z
    .string()
    .optional()
    .transform((value) =>
      value === undefined
        ? fallback
        : value
            .split(",")
            .map((item) => item.trim())
            .filter((item) => item.length > 0),
    );

const EnvSchema = z.object({
  PORT: intFrom(3000),
  HOST: z.string().trim().min(1).optional().transform((v) => v ?? "127.0.0.1"),
  /** Extra origins allowed to open a socket (the server's own origin is always allowed). */
  SNEAK_ALLOWED_ORIGINS: listFrom([]),
  /** LLM models a host may give to a bot: `MODEL` (default endpoint, OPENAI_BASE_URL) or `MODEL@URL`. */
  SNEAK_BOT_MODELS: listFrom([]),
  /** Evaluators that score every clue in the game: `lexical` and/or `llm:MODEL[@URL]`. */
  SNEAK_EVALUATORS: listFrom(["lexical"]),
  /** Human-like pause before a bot acts. */
  SNEAK_BOT_DELAY_MS: intFrom(1200),
  /** Deadline for one LLM bot decision before it falls back to the lexical decision. */
  SNEAK_BOT_TIMEOUT_MS: intFrom(8000, 1),
  /** How long a disconnected human's turn waits before the fallback bot plays it. */
  SNEAK_FALLBACK_AFTER_MS: intFrom(10_000),
  /** How long a disconnected player keeps their seat and token. */
  SNEAK_GRACE_MS: intFrom(60_000),
  /** How long an empty room lives before it is disposed. */
  SNEAK_EMPTY_ROOM_MS: intFrom(5 * 60_000),
  SNEAK_MAX_ROOMS: intFrom(1000, 1),
  /** Per-socket rate limit: a bucket of `burst` events refilled at `perSecond`. */
  SNEAK_RATE_PER_SECOND: intFrom(10, 1),
  SNEAK_RATE_BURST: intFrom(20, 1),
  /**
   * Per client address (server/rooms/address-limits.ts; 0 disables a limit). Generous enough for a school
   * class behind one NAT address: 64 open connections, 64 new ones at once then 120 a minute, 20 rooms at
   * once then 10 a minute.
   */
  SNEAK_ADDRESS_MAX_CONNECTIONS: intFrom(64),
  SNEAK_ADDRESS_HANDSHAKE_BURST: intFrom(64),
  SNEAK_ADDRESS_HANDSHAKES_PER_MINUTE: intFrom(120),
  SNEAK_ADDRESS_ROOM_BURST: intFrom(20),
  SNEAK_ADDRESS_ROOMS_PER_MINUTE: intFrom(10),
  /** Requests to the HTTP API (exports, leaderboard) per address: at once, then per minute. */
  SNEAK_ADDRESS_HTTP_BURST: intFrom(30),
  SNEAK_ADDRESS_HTTP_PER_MINUTE: intFrom(60),
  /** Reverse proxies in front whose X-Forwarded-For is believed. Off (0): a direct client could forge it. */
  SNEAK_TRUST_PROXY: intFrom(0),
  /** Largest socket.io message the server accepts, in bytes. */
  SNEAK_MAX_MESSAGE_BYTES: intFrom(16 * 1024, 1024),
  /** Path of the dataset file; default data/sneak-dataset.json through the dataset loader. */
  SNEAK_DATASET: z.string().trim().min(1).optional(),
  /** The game log on Postgres (several game processes share it); unset: the SQLite file (server/store/store-config.ts). */
  SNEAK_DATABASE_URL: DatabaseUrlSchema.optional(),
  /** Where players reach this server (share links and QR codes); unset: the machine's network address. */
  SNEAK_PUBLIC_URL: PublicUrlSchema.optional(),
  /** Folder of the built client. */
  SNEAK_STATIC_DIR: z.string().trim().min(1).optional().transform((v) => v ?? "dist"),
});

export interface ServerConfig {
  port: number;
  host: string;
  allowedOrigins: string[];
  botModels: string[];
  evaluators: string[];
  botDelayMs: number;
  botTimeoutMs: number;
  fallbackAfterMs: number;
  graceMs: number;
  emptyRoomMs: number;
  maxRooms: number;
  rateLimit: { perSecond: number; burst: number };
  addressLimits: AddressLimitSettings;
  maxMessageBytes: number;
  datasetPath?: string;
  staticDir: string;
  /** SNEAK_PUBLIC_URL: the origin share links use; null: the machine's network address (server/share). */
  publicUrl: string | null;
}

export const EVALUATOR_SPEC = /^(lexical(:(combined|wordnet|vectors))?|llm:.+)$/;

export function configFromEnv(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  const badEvaluator = e.SNEAK_EVALUATORS.find((spec) => !EVALUATOR_SPEC.test(spec));
  if (badEvaluator) throw new ConfigError(`SNEAK_EVALUATORS: "${badEvaluator}" is neither "lexical" (or lexical:wordnet, lexical:vectors) nor "llm:MODEL[@URL]"`);
  if (e.SNEAK_EVALUATORS.length === 0) throw new ConfigError("SNEAK_EVALUATORS: give at least one evaluator (e.g. lexical)");
  for (const [burst, rate] of [
    ["SNEAK_ADDRESS_HANDSHAKE_BURST", "SNEAK_ADDRESS_HANDSHAKES_PER_MINUTE"],
    ["SNEAK_ADDRESS_ROOM_BURST", "SNEAK_ADDRESS_ROOMS_PER_MINUTE"],
    ["SNEAK_ADDRESS_HTTP_BURST", "SNEAK_ADDRESS_HTTP_PER_MINUTE"],
  ] as const) {
    // A bucket that never refills would lock an address out for good.
    if (e[burst] > 0 && e[rate] === 0) throw new ConfigError(`${rate}: must be at least 1 while ${burst} is on (set ${burst}=0 to turn the limit off)`);
  }
  // Read by the LLM client when it first meets a reasoning model; checked here so a bad value stops start-up.
  try {
    reasoningTokensFromEnv(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  return {
    port: e.PORT,
    host: e.HOST,
    allowedOrigins: e.SNEAK_ALLOWED_ORIGINS,
    botModels: e.SNEAK_BOT_MODELS,
    evaluators: e.SNEAK_EVALUATORS,
    botDelayMs: e.SNEAK_BOT_DELAY_MS,
    botTimeoutMs: e.SNEAK_BOT_TIMEOUT_MS,
    fallbackAfterMs: e.SNEAK_FALLBACK_AFTER_MS,
    graceMs: e.SNEAK_GRACE_MS,
    emptyRoomMs: e.SNEAK_EMPTY_ROOM_MS,
    maxRooms: e.SNEAK_MAX_ROOMS,
    rateLimit: { perSecond: e.SNEAK_RATE_PER_SECOND, burst: e.SNEAK_RATE_BURST },
    addressLimits: {
      maxConnections: e.SNEAK_ADDRESS_MAX_CONNECTIONS,
      handshakeBurst: e.SNEAK_ADDRESS_HANDSHAKE_BURST,
      handshakesPerMinute: e.SNEAK_ADDRESS_HANDSHAKES_PER_MINUTE,
      roomBurst: e.SNEAK_ADDRESS_ROOM_BURST,
      roomsPerMinute: e.SNEAK_ADDRESS_ROOMS_PER_MINUTE,
      httpBurst: e.SNEAK_ADDRESS_HTTP_BURST,
      httpPerMinute: e.SNEAK_ADDRESS_HTTP_PER_MINUTE,
      trustProxyHops: e.SNEAK_TRUST_PROXY,
    },
    maxMessageBytes: e.SNEAK_MAX_MESSAGE_BYTES,
    datasetPath: e.SNEAK_DATASET,
    staticDir: e.SNEAK_STATIC_DIR,
    publicUrl: e.SNEAK_PUBLIC_URL ?? null,
  };
}

/** Defaults for tests and embedding: no environment read, no bot pause. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...configFromEnv({}), port: 0, botDelayMs: 0, ...overrides };
}

export class ConfigError extends Error {}

/** The limits per client address (server/rooms/address-limits.ts applies them). */
export interface AddressLimitSettings {
  /** Connections open at once from one address; 0 = no cap. */
  maxConnections: number;
  /** New connections (handshakes) one address may open at once; 0 = no limit. */
  handshakeBurst: number;
  /** …refilled at this many per minute. */
  handshakesPerMinute: number;
  /** Rooms one address may create at once; 0 = no limit. */
  roomBurst: number;
  /** …refilled at this many per minute. */
  roomsPerMinute: number;
  /** Requests to the HTTP API (`/api/…`) one address may make at once; 0 = no limit. */
  httpBurst: number;
  /** …refilled at this many per minute. */
  httpPerMinute: number;
  /** Reverse proxies in front whose X-Forwarded-For entries are believed; 0 = the TCP peer is the client. */
  trustProxyHops: number;
}
