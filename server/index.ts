import { pathToFileURL } from "node:url";
import { configFromEnv } from "./config";
import { startServer } from "./app";
import { wiredGameLog } from "./app-game-log";
import { dataRouter } from "./export/router";
import { defaultDeps } from "./server-deps";
import { storeConfigFromEnv } from "./store/store-config";
import { clusterConfigFromEnv } from "./cluster/cluster-config";
import { ClusterNode } from "./cluster/cluster-node";
import { logFailover } from "./cluster/log-failover";
import { AddressLimits } from "./rooms/address-limits";
import { studyConfigFromEnv } from "./studies/study-config";
import { wiredStudies } from "./studies/wired-studies";
import { startupLines } from "./share/share-addresses";

export { startServer, type StartOptions, type RunningServer, type GameDeps } from "./app";

/** `npm start`: the game on a printed URL, configured only by the environment (docs/PROTOCOL.md lists it). */
async function main(): Promise<void> {
  let config;
  let clusterConfig;
  let studyConfig;
  try {
    config = configFromEnv();
    clusterConfig = clusterConfigFromEnv();
    studyConfig = studyConfigFromEnv();
  } catch (error) {
    console.error(`sneak: bad configuration: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  try {
    const log = (line: string) => console.error(line);
    const storeConfig = storeConfigFromEnv();
    const deps = await defaultDeps(config, log);
    // Many game processes sharing a Postgres log take rooms over one by one (when their players come back),
    // not all at start-up: a process that starts must not claim the rooms its live siblings are playing.
    const sharedLog = clusterConfig !== null && Boolean(storeConfig.databaseUrl);
    let cluster: ClusterNode | undefined;
    // A write refused because another process claimed the room: this process lets the room go, and its
    // players reconnect to the new owner.
    const onFenced = (roomCode: string) => cluster?.releaseFenced(roomCode);
    const gameLog = await wiredGameLog(storeConfig, deps.dataset, config.evaluators, log, sharedLog ? { restoreOpenRooms: false, owner: clusterConfig!.processId, onFenced } : {});
    // Many game processes: rooms found through Redis (docs/DEPLOY.md).
    const failover = sharedLog && gameLog ? logFailover(gameLog, log) : null;
    if (clusterConfig) cluster = await ClusterNode.connect(clusterConfig, new AddressLimits(config.addressLimits), failover, config.graceMs, log);
    // The human studies (docs/STUDIES.md) live in the same database as the game log.
    const studies = await wiredStudies({ storeConfig, logOpen: gameLog !== null, dataset: deps.dataset, evaluators: deps.evaluators, config: studyConfig!, addressLimits: config.addressLimits, cluster, publicUrl: config.publicUrl, log });
    // Without a log the data endpoints still answer, with a 503 that says why.
    const server = await startServer({ config, deps, log, observer: gameLog?.observer, restore: gameLog?.restore, routers: [gameLog?.router ?? dataRouter(null), studies.router], cluster });
    console.log(`SNEAK is running at ${server.url}  (evaluators: ${config.evaluators.join(", ")}; bot models: ${config.botModels.join(", ") || "lexical only"})`);
    // As Vite prints its "Network:" lines: the addresses to send to friends, or how to open the server to them.
    for (const line of startupLines(server.share())) console.log(line);
    if (cluster) console.log(`Cluster: process ${cluster.processId} at ${clusterConfig!.publicUrl ?? server.url}, room registry in Redis${failover ? ", rooms of a dead process taken over from the shared log" : ""}`);
    console.log(
      gameLog === null
        ? "Game log: off (SNEAK_DB=off)"
        : `Game log: ${gameLog.where}${gameLog && gameLog.restore.length > 0 ? ` (${gameLog.restore.length} room(s) restored)` : ""}`,
    );
    const stop = () => {
      void server
        .close()
        .then(() => studies.close())
        .then(() => gameLog?.close())
        .finally(() => process.exit(0));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE") console.error(`sneak: port ${config.port} on ${config.host} is in use; set PORT to another port`);
    else console.error(`sneak: could not start: ${message}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) void main();
