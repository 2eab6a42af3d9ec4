import type express from "express";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Dataset, Evaluator } from "../shared/sneak/types";
import type { TopicCard } from "../shared/game/types";
import { DEFAULT_POOL_MIN_WORDS } from "../shared/game/settings";
import type { Deck } from "./dataset/deck";
import { dealtWords } from "./dataset/words-not-dealt";
import type { GameDeps } from "./server-deps";
import { attachSockets } from "./app-sockets";
import { createHttpApp } from "./app-http";
import { AddressLimits } from "./rooms/address-limits";
import { configFromEnv, type ServerConfig } from "./config";
import { RoomRegistry } from "./rooms/registry";
import { roomLookupRouter } from "./rooms/room-lookup";
import { Room, type RoomObserver } from "./rooms/room";
import { SessionStore } from "./rooms/sessions";
import type { ClusterNode } from "./cluster/cluster-node";
import type { RestoredRoom } from "./rooms/restored-room";
import { networkInterfaces } from "node:os";
import type { ShareAddresses } from "../shared/share";
import { shareAddresses, type NetworkInterfaces } from "./share/share-addresses";
import { shareRouter } from "./share/share-router";

export type { GameDeps };

export interface StartOptions {
  config?: Partial<ServerConfig>;
  /** Defaults to the dataset file, the configured evaluators and the lexical/LLM bots. */
  deps?: Partial<GameDeps>;
  log?: (line: string) => void;
  /** Fixed room seeds (tests): room N gets `${seed}/N`. */
  seed?: string;
  observer?: RoomObserver;
  /** Rooms to rebuild at start-up from the game log (server/store/restore.ts plans). */
  restore?: readonly RestoredRoom[];
  /** Extra HTTP endpoints (the game log's /api/export, /api/games/:id/export, /api/leaderboard). */
  routers?: readonly express.RequestHandler[];
  /** One of many game processes (server/cluster, docs/DEPLOY.md); joined once the server listens, left on close. */
  cluster?: ClusterNode;
  /** The machine's network interfaces (tests stand in other machines'); `os.networkInterfaces` by default. */
  networkInterfaces?: () => NetworkInterfaces;
}

export interface RunningServer {
  url: string;
  port: number;
  registry: RoomRegistry;
  /**
   * Rebuilds a room from its log while the server runs (a room taken over from a process that died:
   * server/store/restore.ts `restoreRoom`, then server/app-game-log.ts `restoredRoomOf`). False when a room
   * with that code is already here.
   */
  adoptRoom(restored: RestoredRoom): boolean;
  /** Where friends can reach this server now (also `GET /api/share`). */
  share(): ShareAddresses;
  close(): Promise<void>;
}

/**
 * The dataset as topic cards, and its decoys by category. With the deck (server/dataset/deck.ts), a
 * card's words are the deck's, near-duplicates collapsed, when they are all words of the dataset's
 * category (a deck built from another dataset is ignored card by card), else the dataset's less the words never
 * dealt (dealtWords); a card with fewer than DEFAULT_POOL_MIN_WORDS words is marked off by default.
 */
export function libraryOf(dataset: Dataset, deck?: Deck): { library: TopicCard[]; decoysOf(category: string): string[] } {
  const decoys = new Map(dataset.categories.map((c) => [c.category, c.decoys]));
  const deckWords = new Map(deck?.cards.map((card) => [card.category, card.words]));
  return {
    library: dataset.categories.map((c) => {
      const collapsed = deckWords.get(c.category);
      const words = collapsed && collapsed.every((w) => c.words.includes(w)) ? collapsed.slice() : dealtWords(c.words);
      const card: TopicCard = { id: c.category, category: c.category, words, source: "dataset" };
      return words.length < DEFAULT_POOL_MIN_WORDS ? { ...card, offByDefault: true } : card;
    }),
    decoysOf: (category) => decoys.get(category) ?? [],
  };
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...configFromEnv(), ...options.config };
  const log = options.log ?? ((line: string) => console.error(line));
  const missing = !options.deps?.dataset || !options.deps?.evaluators || !options.deps?.agentFor || !options.deps?.fallbackAgent;
  const defaults = missing ? await (await import("./server-deps")).defaultDeps(config, log) : undefined;
  const deps: GameDeps = { ...defaults, ...options.deps } as GameDeps;
  const { library, decoysOf } = libraryOf(deps.dataset, deps.deck);
  const sessions = new SessionStore();
  let roomCount = 0;
  const buildRoom = (code: string, onDispose: () => void, seed?: string) =>
    new Room(
      code,
      {
        config,
        sessions,
        library,
        decoysOf,
        evaluators: deps.evaluators,
        agentFor: deps.agentFor,
        fallbackAgent: deps.fallbackAgent,
        log,
        seed,
        observer: options.observer,
      },
      onDispose,
    );
  const registry = new RoomRegistry(config.maxRooms, (code, onDispose) => {
    roomCount++;
    return buildRoom(code, onDispose, options.seed === undefined ? undefined : `${options.seed}/${roomCount}`);
  });
  const adopt = (restored: RestoredRoom): Room | null => {
    const room = registry.adopt(restored.roomCode, (code, onDispose) => buildRoom(code, onDispose, restored.seed));
    room?.restore(restored.state, restored.rng, restored.sessions, restored.logId, restored.revoked);
    return room;
  };
  const adoptRoom = (restored: RestoredRoom): boolean => adopt(restored) !== null;
  for (const restored of options.restore ?? []) {
    if (!adopt(restored)) log(`restore: room ${restored.roomCode} appears twice; skipped`);
  }

  // One table of limits per client address for the sockets and the HTTP API (shared through Redis in a cluster).
  const cluster = options.cluster;
  const limits = cluster?.limits.local ?? new AddressLimits(config.addressLimits);
  let port = config.port;
  const share = () => shareAddresses({ host: config.host, port, publicUrl: config.publicUrl }, (options.networkInterfaces ?? networkInterfaces)());
  const app = createHttpApp(
    config.staticDir,
    () => ({ rooms: registry.size, ...(cluster ? { cluster: cluster.health() } : {}) }),
    [roomLookupRouter(registry, cluster && ((code) => cluster.roomExists(code))), shareRouter(share), ...(options.routers ?? [])],
    cluster?.limits ?? limits,
    log,
  );
  const httpServer = createServer(app);
  const io = attachSockets(httpServer, config, registry, sessions, log, limits, cluster);
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  port = (httpServer.address() as AddressInfo).port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  await cluster?.start({ registry, adopt, listeningUrl: url });
  return {
    url,
    port,
    registry,
    adoptRoom: (restored) => adopt(restored) !== null,
    share,
    async close() {
      await cluster?.stop();
      registry.shutdownAll();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      httpServer.closeAllConnections?.();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
