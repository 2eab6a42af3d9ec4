import { existsSync } from "node:fs";
import { GameStore } from "../store/game-store";
import { storeConfigFromEnv } from "../store/store-config";

/** Opens an existing game log read-only for the CLIs; a missing file is a clear one-line error. */
export function openLogForReading(path?: string): GameStore {
  const resolved = path ?? storeConfigFromEnv().path;
  if (!resolved) throw new Error("SNEAK_DB=off: there is no game log to read (give --db PATH)");
  if (!existsSync(resolved)) throw new Error(`no game log at ${resolved} (play a game first, or give --db PATH)`);
  return new GameStore({ path: resolved, readonly: true });
}
