import type { Dataset } from "../../shared/sneak/types";
import { startServer, type RunningServer, type StartOptions } from "../../server/app";
import { testConfig, type ServerConfig } from "../../server/config";
import { createLexicalAgent, evaluatorsFor } from "../../server/server-deps";

/** A small real-word dataset, so that the lexical bots and judge have WordNet senses to work with. */
export const TEST_DATASET: Dataset = {
  name: "test",
  description: "three categories for server tests",
  categories: [
    {
      category: "fruit",
      words: ["apple", "banana", "cherry", "grape", "lemon", "mango", "orange", "peach", "pear", "plum", "melon", "strawberry"],
      decoys: ["food", "sweet", "tree", "juice", "seed", "market"],
    },
    {
      category: "animal",
      words: ["dog", "cat", "horse", "cow", "lion", "tiger", "elephant", "mouse", "rabbit", "sheep", "pig", "bear"],
      decoys: ["creature", "fur", "zoo", "wild", "pet", "farm"],
    },
    {
      category: "vehicle",
      words: ["car", "bus", "truck", "bicycle", "train", "boat", "plane", "motorcycle", "van", "tram", "ship", "taxi"],
      decoys: ["transport", "wheel", "road", "engine", "travel", "driver"],
    },
  ],
};

/**
 * Limits per address still on (the same code path as in production) but out of reach: every test client
 * connects from 127.0.0.1. Tests of the limits themselves (net-*.test.ts) pass the defaults back in.
 */
export const RAISED_ADDRESS_LIMITS: ServerConfig["addressLimits"] = {
  maxConnections: 100_000,
  handshakeBurst: 100_000,
  handshakesPerMinute: 100_000,
  roomBurst: 100_000,
  roomsPerMinute: 100_000,
  httpBurst: 100_000,
  httpPerMinute: 100_000,
  trustProxyHops: 0,
};

/** A real server on 127.0.0.1, port 0, no bot pause, the lexical judge and bots. */
export async function startTestServer(config: Partial<ServerConfig> = {}, options: Omit<StartOptions, "config"> = {}): Promise<RunningServer & { logs: string[] }> {
  const logs: string[] = [];
  const fallbackAgent = await createLexicalAgent();
  const server = await startServer({
    config: testConfig({ staticDir: "test/support/no-client", addressLimits: RAISED_ADDRESS_LIMITS, ...config }),
    deps: {
      dataset: TEST_DATASET,
      evaluators: await evaluatorsFor(["lexical"], (l) => logs.push(l)),
      fallbackAgent,
      agentFor: () => fallbackAgent,
      ...options.deps,
    },
    log: (line) => logs.push(line),
    seed: options.seed ?? "test",
    observer: options.observer,
    restore: options.restore,
    routers: options.routers,
    cluster: options.cluster,
    networkInterfaces: options.networkInterfaces,
  });
  return Object.assign(server, { logs });
}
