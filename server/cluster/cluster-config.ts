import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { intFrom, PublicUrlSchema } from "../config";

/**
 * Many game processes (docs/DEPLOY.md): on when `SNEAK_REDIS_URL` is set, off otherwise (`npm start` stays
 * one process with no configuration). A bad value stops start-up with one line naming the variable.
 */
export interface ClusterConfig {
  redisUrl: string;
  /** Keys in Redis start with this, so that several deployments (or tests) can share one Redis. */
  keyPrefix: string;
  /** This process's name in the registry; unique among the processes sharing the Redis. */
  processId: string;
  /** Where players reach this process (an http(s) origin); the listening address when absent. */
  publicUrl: string | null;
  /** A process that has not renewed its lease for this long is dead and its rooms may be taken over. */
  leaseMs: number;
  /** Every Redis call gives up after this long: a slow or dead Redis refuses, it never hangs a player. */
  redisTimeoutMs: number;
  /**
   * How often one process (whichever holds the sweep lock) takes over the rooms of dead processes that no
   * player came back to, so that their logs close instead of staying open for good (shared log only).
   */
  sweepMs: number;
}

const ClusterEnv = z.object({
  SNEAK_REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL")
    .optional(),
  SNEAK_REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, "must be 1-40 letters, digits or :_-")
    .optional(),
  SNEAK_PROCESS_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "must be 1-64 letters, digits or ._-")
    .optional(),
  SNEAK_PUBLIC_URL: PublicUrlSchema.optional(),
  SNEAK_LEASE_MS: intFrom(15_000, 1000),
  SNEAK_REDIS_TIMEOUT_MS: intFrom(500, 50),
  SNEAK_SWEEP_MS: intFrom(60_000, 500),
});

/** null when the cluster is off (no SNEAK_REDIS_URL). Throws a message naming the bad variable. */
export function clusterConfigFromEnv(env: Record<string, string | undefined> = process.env): ClusterConfig | null {
  const parsed = ClusterEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  if (!e.SNEAK_REDIS_URL) return null;
  return {
    redisUrl: e.SNEAK_REDIS_URL,
    keyPrefix: `${e.SNEAK_REDIS_PREFIX ?? "sneak"}:`,
    processId: e.SNEAK_PROCESS_ID ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`,
    publicUrl: e.SNEAK_PUBLIC_URL ?? null,
    leaseMs: e.SNEAK_LEASE_MS,
    redisTimeoutMs: e.SNEAK_REDIS_TIMEOUT_MS,
    sweepMs: e.SNEAK_SWEEP_MS,
  };
}
