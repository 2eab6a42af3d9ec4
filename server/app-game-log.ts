import type express from "express";
import type { Dataset } from "../shared/sneak/types";
import type { RestoredRoom } from "./app";
import { libraryOf } from "./app";
import type { RoomObserver } from "./rooms/room";
import { dataRouter } from "./export/router";
import { GameLog } from "./store/game-log";
import { GameStore } from "./store/game-store";
import { gameLogHooks } from "./store/room-hooks";
import { isFailure, plansForOpenLogs } from "./store/restore";
import type { StoreConfig } from "./store/store-config";

/**
 * The durable game log (server/store) wired to the rooms: every accepted action, session and bot decision
 * is written before it takes effect, every evaluator call recorded; rooms open at the last stop are replayed
 * and rebuilt. `SNEAK_DB=off` runs without it.
 */
export interface WiredGameLog {
  observer: RoomObserver;
  /** GET /api/games/:id/export, /api/export, /api/leaderboard over this log. */
  router: express.Router;
  restore: RestoredRoom[];
  close(): void;
}

export function wiredGameLog(store: StoreConfig, dataset: Dataset, evaluatorIds: string[], log: (line: string) => void): WiredGameLog | null {
  if (store.path === null) return null;
  const gameStore = new GameStore({ path: store.path, sync: store.sync });
  const { decoysOf } = libraryOf(dataset);
  const gameLog = new GameLog(gameStore, { decoysOf, evaluatorIds, log });
  const hooks = gameLogHooks(gameLog);
  const restore: RestoredRoom[] = [];
  for (const plan of plansForOpenLogs(gameStore)) {
    if (isFailure(plan)) {
      log(`game log ${plan.logId} (room ${plan.roomCode}) cannot be restored: ${plan.reason}`);
      gameLog.closeLog(plan.logId, `unrestorable: ${plan.reason}`);
      continue;
    }
    // The plan's replay left the reducer's RNG where the live room's was.
    restore.push({ roomCode: plan.roomCode, seed: plan.seed, state: plan.state, rng: plan.rng, sessions: plan.sessions, logId: plan.logId });
  }
  return {
    observer: {
      onCreate: hooks.onCreate,
      onAction: hooks.onAction,
      onSession: hooks.onSession,
      onDecision: hooks.onDecision,
      evaluatorsFor: hooks.evaluatorsFor,
      onDispose: hooks.onDispose,
      onRestore: (room, state, logId) => {
        if (logId) gameLog.resumed(room, logId, state);
      },
    },
    restore,
    router: dataRouter(gameStore),
    close: () => {
      // Judge calls and bot decisions of the last event-loop turn, then the file.
      gameLog.flush();
      gameStore.close();
    },
  };
}
