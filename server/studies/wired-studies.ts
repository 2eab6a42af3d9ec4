import type express from "express";
import type { Dataset, Evaluator } from "../../shared/sneak/types";
import type { ClusterNode } from "../cluster/cluster-node";
import { SharedAddressLimits } from "../cluster/shared-limits";
import { AddressLimits, type AddressLimitSettings } from "../rooms/address-limits";
import type { StoreConfig } from "../store/store-config";
import { openStudyDb } from "./study-db";
import { studyRouter } from "./router";
import type { StudyServerConfig } from "./study-config";
import { StudyStore } from "./study-store";
import { isOffensiveMessage, screenMessage } from "./clue-screen";

/**
 * The studies of a game server, on its game log's database (the SQLite file it writes, or the Postgres log a
 * cluster shares: any process then serves any participant). Their per-address limit is shared through Redis
 * in a cluster, like the game's.
 */
export async function wiredStudies(options: {
  storeConfig: StoreConfig;
  /** The game log is open (and so migrated) on this database. */
  logOpen: boolean;
  dataset: Dataset;
  evaluators: readonly Evaluator[];
  config: StudyServerConfig;
  addressLimits: AddressLimitSettings;
  cluster?: ClusterNode;
  /** SNEAK_PUBLIC_URL: the origin of the links a study prints when SNEAK_STUDY_URL is unset. */
  publicUrl?: string | null;
  log: (line: string) => void;
}): Promise<{ router: express.Router; store: StudyStore | null; close(): Promise<void> }> {
  const location = options.storeConfig.databaseUrl ?? options.storeConfig.path;
  const store = location && options.logOpen ? new StudyStore(await openStudyDb(location, { migrated: true }), screenMessage) : null;
  const local = new AddressLimits({ ...options.addressLimits, httpBurst: options.config.burst, httpPerMinute: options.config.perMinute });
  const cluster = options.cluster;
  const shared = cluster ? new SharedAddressLimits(cluster.redis, `${cluster.config.keyPrefix}study:`, cluster.config.processId, local, options.log) : null;
  // Joins have a bucket of their own, shared through Redis too, so a burst of joins from one address is bounded cluster-wide.
  const joinLocal = new AddressLimits({ ...options.addressLimits, httpBurst: options.config.joinBurst, httpPerMinute: options.config.joinsPerMinute });
  const joinShared = cluster ? new SharedAddressLimits(cluster.redis, `${cluster.config.keyPrefix}study-join:`, cluster.config.processId, joinLocal, options.log) : null;
  const router = studyRouter({
    store,
    dataset: options.dataset,
    evaluators: options.evaluators,
    researchKey: options.config.researchKey,
    limits: { addressOf: (req) => local.addressOf(req), admit: (address) => (shared ? shared.admitHttpRequest(address) : local.admitHttpRequest(address)) },
    joinLimits: { admit: (address) => (joinShared ? joinShared.admitHttpRequest(address) : joinLocal.admitHttpRequest(address)) },
    holdsPerAddress: options.config.holdsPerAddress,
    publicUrl: options.config.studyUrl ?? options.publicUrl ?? null,
    offensive: isOffensiveMessage,
  });
  return { router, store, close: async () => store?.close() };
}
