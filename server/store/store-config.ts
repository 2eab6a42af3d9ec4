import { z } from "zod";
import type { SyncMode } from "./game-store";

/**
 * Where the game log lives. `SNEAK_DB` is a file path (default `.data/sneak.db`, ignored by git through
 * `*.db`) or `off` to run without a log (nothing survives a restart). `SNEAK_DB_SYNC=full` fsyncs every
 * commit (survives power loss); the default `normal` survives a killed process, which is what the tests prove.
 * `SNEAK_DATABASE_URL=postgres://…` puts the log on Postgres instead (several game processes share it); then
 * `SNEAK_DB` and `SNEAK_DB_SYNC` are not used.
 */
export interface StoreConfig {
  path: string | null;
  sync: SyncMode;
  /** The Postgres log's URL; null: the SQLite file at `path`. */
  databaseUrl?: string | null;
}

export const DEFAULT_DB_PATH = ".data/sneak.db";

/** `postgres://` or `postgresql://` with a host; checked at start-up with one clear line. */
export const DatabaseUrlSchema = z
  .string()
  .trim()
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "must be a Postgres URL like postgres://user:password@host:5432/database");

const StoreEnv = z.object({
  SNEAK_DB: z.string().trim().min(1, "must be a file path or off").optional(),
  SNEAK_DB_SYNC: z.enum(["normal", "full"], { error: "must be normal or full" }).optional(),
  SNEAK_DATABASE_URL: DatabaseUrlSchema.optional(),
});

export function storeConfigFromEnv(env: Record<string, string | undefined> = process.env): StoreConfig {
  const parsed = StoreEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join(".")}: ${issue.message}`);
  }
  const path = parsed.data.SNEAK_DB ?? DEFAULT_DB_PATH;
  return { path: path === "off" ? null : path, sync: parsed.data.SNEAK_DB_SYNC ?? "normal", databaseUrl: parsed.data.SNEAK_DATABASE_URL ?? null };
}
