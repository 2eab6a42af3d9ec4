import type { RunningServer } from "../../server/app";
import { startServer } from "../../server/app";
import { wiredGameLog } from "../../server/app-game-log";
import { testConfig } from "../../server/config";
import { idleAgent } from "../../server/agents/idle-agent";
import type { Dataset, Evaluator } from "../../shared/sneak/types";
import type { StoreConfig } from "../../server/store/store-config";
import { studyConfigFromEnv } from "../../server/studies/study-config";
import type { StudyStore } from "../../server/studies/study-store";
import { wiredStudies } from "../../server/studies/wired-studies";
import { RAISED_ADDRESS_LIMITS } from "./socket-server";

/**
 * A game server with its log and its studies, wired as `npm start` wires them (server/index.ts): the game
 * log opened (and migrated) first, the studies on the same database, both routers mounted. No bot or judge
 * is loaded unless a test passes judges for the results page.
 */
export async function startStudyServer(
  storeConfig: StoreConfig,
  dataset: Dataset,
  options: {
    evaluators?: Evaluator[];
    researchKey?: string;
    limits?: { burst: number; perMinute: number };
    /** Joins per address and items held per address (raised unless a test sets them). */
    joins?: { joinBurst: number; joinsPerMinute: number; holdsPerAddress: number };
    /** Trust X-Forwarded-For (one proxy hop), so a test can speak from many addresses. */
    trustProxy?: boolean;
    publicUrl?: string;
    staticDir?: string;
  } = {},
): Promise<RunningServer & { studies: StudyStore }> {
  const log = () => {};
  const gameLog = (await wiredGameLog(storeConfig, dataset, ["lexical"], log))!;
  const config = testConfig({ staticDir: options.staticDir ?? "test/support/no-client", addressLimits: { ...RAISED_ADDRESS_LIMITS, trustProxyHops: options.trustProxy ? 1 : RAISED_ADDRESS_LIMITS.trustProxyHops } });
  const studies = await wiredStudies({
    storeConfig,
    logOpen: true,
    dataset,
    evaluators: options.evaluators ?? [],
    config: {
      ...studyConfigFromEnv({}),
      researchKey: options.researchKey ?? null,
      ...(options.limits ?? { burst: 100_000, perMinute: 100_000 }),
      ...(options.joins ?? { joinBurst: 100_000, joinsPerMinute: 100_000, holdsPerAddress: 100_000 }),
    },
    addressLimits: config.addressLimits,
    publicUrl: options.publicUrl ?? null,
    log,
  });
  const idle = idleAgent;
  const server = await startServer({ config, deps: { dataset, evaluators: [], fallbackAgent: idle, agentFor: () => idle }, log, observer: gameLog.observer, routers: [gameLog.router, studies.router] });
  return {
    ...server,
    studies: studies.store!,
    async close() {
      await server.close();
      await studies.close();
      await gameLog.close();
    },
  };
}
