import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunningServer } from "../../server/app";
import { wiredGameLog } from "../../server/app-game-log";
import { startTestServer, TEST_DATASET } from "../support/socket-server";

/**
 * The browser tests' server: the socket tests' server (small real-word dataset, lexical judge and bots, no
 * bot pause) serving the built client, with a real game log in a temporary file so the export buttons and
 * the leaderboard page have data.
 */
export async function startServerWithGameLog(seed: string): Promise<RunningServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "sneak-e2e-log-"));
  const gameLog = (await wiredGameLog({ path: path.join(dir, "games.db"), sync: "normal" }, TEST_DATASET, ["lexical"], () => {}))!;
  const server = await startTestServer({ staticDir: "dist" }, { seed, observer: gameLog.observer, routers: [gameLog.router] });
  return {
    ...server,
    async close() {
      await server.close();
      await gameLog.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
