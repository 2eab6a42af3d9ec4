import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer, type RunningServer } from "../../server/app";
import { wiredGameLog } from "../../server/app-game-log";
import { testConfig } from "../../server/config";
import { createLexicalAgent, evaluatorsFor } from "../../server/server-deps";
import { TEST_DATASET } from "../support/socket-server";

/**
 * The browser tests' server: the same deps as test/support/socket-server.ts (small real-word dataset,
 * lexical judge and bots, no bot pause), serving the built client, with a real game log in a temporary
 * file so the export buttons and the leaderboard page have data.
 */
export async function startServerWithGameLog(seed: string): Promise<RunningServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "sneak-e2e-log-"));
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  const gameLog = wiredGameLog({ path: path.join(dir, "games.db"), sync: "normal" }, TEST_DATASET, ["lexical"], log)!;
  const fallbackAgent = await createLexicalAgent();
  const server = await startServer({
    config: testConfig({ staticDir: "dist" }),
    deps: { dataset: TEST_DATASET, evaluators: await evaluatorsFor(["lexical"], log), fallbackAgent, agentFor: () => fallbackAgent },
    log,
    seed,
    observer: gameLog.observer,
    routers: [gameLog.router],
  });
  return {
    ...server,
    async close() {
      await server.close();
      gameLog.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
