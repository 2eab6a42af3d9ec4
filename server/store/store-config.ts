import { z } from "zod";
import type { SyncMode } from "./game-store";

/**
 * Where the game log lives. `SNEAK_DB` is a file path (default `.data/sneak.db`, ignored by git through
 * `*.db`) or `off` to run without a log (nothing survives a restart). `SNEAK_DB_SYNC=full` fsyncs every
 * commit (survives power loss); the default `normal` survives a killed process, which is what the tests prove.
 */
export interface StoreConfig {
  path: string | null;
  sync: SyncMode;
}

export const DEFAULT_DB_PATH = ".data/sneak.db";

const StoreEnv = z.object({
  SNEAK_DB: z.string().trim().min(1, "must be a file path or off").optional(),
  SNEAK_DB_SYNC: z.enum(["normal", "full"], { error: "must be normal or full" }).optional(),
});

export function storeConfigFromEnv(env: Record<string, string | undefined> = process.env): StoreConfig {
  const parsed = StoreEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join(".")}: ${issue.message}`);
  }
  const path = parsed.data.SNEAK_DB ?? DEFAULT_DB_PATH;
  return { path: path === "off" ? null : path, sync: parsed.data.SNEAK_DB_SYNC ?? "normal" };
}
