import type express from "express";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Dataset, Evaluator } from "../shared/sneak/types";
import type { GameState, TopicCard } from "../shared/game/types";
import type { Rng } from "../shared/random";
import { DEFAULT_POOL_MIN_WORDS } from "../shared/game/settings";
import type { Deck } from "./dataset/deck";
import type { GameDeps } from "./server-deps";
import { attachSockets } from "./app-sockets";
import { createHttpApp } from "./app-http";
import { AddressLimits } from "./rooms/address-limits";
import { configFromEnv, type ServerConfig } from "./config";
import { RoomRegistry } from "./rooms/registry";
import { Room, type RoomObserver } from "./rooms/room";
import { SessionStore } from "./rooms/sessions";

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
}

/** A room as the game log replays it: its code and seed, the replayed state and RNG, its live sessions. */
export interface RestoredRoom {
  roomCode: string;
  seed: string;
  state: GameState;
  rng: Rng;
  sessions: readonly { token: string; playerId: string; spectator: boolean; name?: string }[];
  /** The game log this room goes on writing to. */
  logId?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  registry: RoomRegistry;
  close(): Promise<void>;
}

/**
 * The dataset as topic cards, and its decoys by category. With the deck (server/dataset/deck.ts), a
 * card's words are the deck's, near-duplicates collapsed, when they are all words of the dataset's
 * category (a deck built from another dataset is ignored card by card); a card with fewer than
 * DEFAULT_POOL_MIN_WORDS words is marked off by default.
 */
export function libraryOf(dataset: Dataset, deck?: Deck): { library: TopicCard[]; decoysOf(category: string): string[] } {
  const decoys = new Map(dataset.categories.map((c) => [c.category, c.decoys]));
  const deckWords = new Map(deck?.cards.map((card) => [card.category, card.words]));
  return {
    library: dataset.categories.map((c) => {
      const collapsed = deckWords.get(c.category);
      const words = collapsed && collapsed.every((w) => c.words.includes(w)) ? collapsed.slice() : c.words.slice();
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
  for (const restored of options.restore ?? []) {
    const room = registry.adopt(restored.roomCode, (code, onDispose) => buildRoom(code, onDispose, restored.seed));
    if (!room) {
      log(`restore: room ${restored.roomCode} appears twice; skipped`);
      continue;
    }
    room.restore(restored.state, restored.rng, restored.sessions, restored.logId);
  }

  // One table of limits per client address for the sockets and the HTTP API.
  const limits = new AddressLimits(config.addressLimits);
  const app = createHttpApp(config.staticDir, () => ({ rooms: registry.size }), options.routers, limits);
  const httpServer = createServer(app);
  const io = attachSockets(httpServer, config, registry, sessions, log, limits);
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    port,
    registry,
    async close() {
      registry.shutdownAll();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      httpServer.closeAllConnections?.();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
