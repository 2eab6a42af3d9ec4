import type express from "express";
import type { Dataset } from "../shared/sneak/types";
import type { RestoredRoom } from "./rooms/restored-room";
import { libraryOf } from "./app";
import type { RoomObserver } from "./rooms/room";
import { dataRouter } from "./export/router";
import { GameLog } from "./store/game-log";
import { GameStore } from "./store/game-store";
import type { LogStore } from "./store/log-store";
import { PgGameStore } from "./store/pg-game-store";
import { gameLogHooks } from "./store/room-hooks";
import { isFailure, restoreOpenRooms, type RestorePlan } from "./store/restore";
import type { StoreConfig } from "./store/store-config";

/**
 * The durable game log (server/store) wired to the rooms: every accepted action, session and bot decision
 * is written before it takes effect, every evaluator call recorded; rooms open at the last stop are replayed
 * and rebuilt. SQLite by default, Postgres with SNEAK_DATABASE_URL; `SNEAK_DB=off` runs without a log.
 */
export interface WiredGameLog {
  observer: RoomObserver;
  /** GET /api/games/:id/export, /api/export, /api/leaderboard over this log. */
  router: express.Router;
  restore: RestoredRoom[];
  /** The store and its writer, for a process that takes rooms over from the shared log (restore.ts `restoreRoom`). */
  store: LogStore;
  gameLog: GameLog;
  /** Where the log is, for the start-up line. */
  where: string;
  close(): Promise<void>;
}

export interface WiredGameLogOptions {
  /**
   * Claim and rebuild every room whose log is open (default). A process of a cluster that shares a Postgres
   * log turns this off and takes rooms over one by one (restore.ts `restoreRoom`, `restoredRoomOf`).
   */
  restoreOpenRooms?: boolean;
  /** Who claims the rooms in the Postgres log (default: host, pid and a random suffix). */
  owner?: string;
  /** A room of this process was claimed by another one (GameLogOptions.onFenced). */
  onFenced?: (roomCode: string) => void;
}

export async function wiredGameLog(
  config: StoreConfig,
  dataset: Dataset,
  evaluatorIds: string[],
  log: (line: string) => void,
  options: WiredGameLogOptions = {},
): Promise<WiredGameLog | null> {
  let store: LogStore;
  if (config.databaseUrl) store = await PgGameStore.open({ url: config.databaseUrl, owner: options.owner, log });
  else if (config.path !== null) store = new GameStore({ path: config.path, sync: config.sync });
  else return null;
  const { decoysOf } = libraryOf(dataset);
  const gameLog = new GameLog(store, { decoysOf, evaluatorIds, log, onFenced: options.onFenced });
  const hooks = gameLogHooks(gameLog);
  const restore: RestoredRoom[] = [];
  try {
    for (const plan of options.restoreOpenRooms === false ? [] : await restoreOpenRooms(store, options.owner)) {
      if (isFailure(plan)) {
        log(`game log ${plan.logId} (room ${plan.roomCode}) cannot be restored: ${plan.reason}`);
        await gameLog.closeLog(plan.logId, `unrestorable: ${plan.reason}`, plan.roomCode === "?" ? undefined : plan.roomCode);
        continue;
      }
      restore.push(restoredRoomOf(plan));
    }
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    observer: {
      onCreate: hooks.onCreate,
      onAction: hooks.onAction,
      onSession: hooks.onSession,
      onSessionEnd: hooks.onSessionEnd,
      onDecision: hooks.onDecision,
      evaluatorsFor: hooks.evaluatorsFor,
      onDispose: hooks.onDispose,
      onRestore: (room, state, logId) => {
        if (logId) gameLog.resumed(room, logId, state);
      },
    },
    restore,
    router: dataRouter(store),
    store,
    gameLog,
    where: store.where,
    close: async () => {
      // Judge calls and bot decisions of the last event-loop turn, then the log.
      await gameLog.settled();
      await store.close();
    },
  };
}

/** A replayed log as the server rebuilds its room (the plan's replay left the reducer's RNG where the live room's was). */
export function restoredRoomOf(plan: RestorePlan): RestoredRoom {
  return { roomCode: plan.roomCode, seed: plan.seed, state: plan.state, rng: plan.rng, sessions: plan.sessions, revoked: plan.revoked, logId: plan.logId };
}
