import { restoredRoomOf, type WiredGameLog } from "../app-game-log";
import type { Room, RoomObserver } from "../rooms/room";
import { LogWriteError } from "../store/game-log";
import { isPromiseLike } from "../store/log-store";
import { isFailure, restoreRoom } from "../store/restore";
import type { FailoverSource } from "./cluster-node";

/**
 * Rooms moved between game processes through the shared Postgres log: `claim` makes this process the
 * room's owner in the log (a new owner epoch: the previous owner's writes are refused from then on) and
 * replays the room's open log into a room this process can adopt.
 */
export function logFailover(wired: WiredGameLog, log: (line: string) => void): FailoverSource {
  return {
    async openRoomCodes() {
      return [...new Set((await wired.store.openLogs()).map((log) => log.roomCode))];
    },
    async ownerOf(roomCode) {
      const rows = await wired.store.query<{ owner: string }>("SELECT owner FROM room_owners WHERE room_code = ?", roomCode);
      return rows[0]?.owner ?? null;
    },
    async claim(roomCode, processId) {
      const plan = await restoreRoom(wired.store, roomCode, processId);
      if (plan === null) return null;
      if (isFailure(plan)) {
        log(`game log ${plan.logId} (room ${roomCode}) cannot be taken over: ${plan.reason}`);
        await wired.gameLog.closeLog(plan.logId, `unrestorable: ${plan.reason}`, roomCode);
        return null;
      }
      return restoredRoomOf(plan);
    },
  };
}

/**
 * The game log's room hooks, with one addition for a cluster: a write refused because another process has
 * claimed the room (the log's owner epoch moved on) makes this process let go of the room at once, so its
 * players reconnect and are sent to the new owner. The move itself is refused (never played unrecorded).
 */
export function releasingFencedRooms(observer: RoomObserver, release: (roomCode: string) => void): RoomObserver {
  const watch = <A extends unknown[], R>(hook: ((room: Room, ...args: A) => R) | undefined) =>
    hook &&
    ((room: Room, ...args: A): R => {
      const onError = (error: unknown) => {
        if (error instanceof LogWriteError && error.fenced) release(room.code);
        throw error;
      };
      try {
        const result = hook(room, ...args);
        return (isPromiseLike(result) ? result.then((value) => value, onError) : result) as R;
      } catch (error) {
        return onError(error);
      }
    });
  return {
    ...observer,
    onCreate: watch(observer.onCreate) as RoomObserver["onCreate"],
    onAction: watch(observer.onAction) as RoomObserver["onAction"],
    onSession: watch(observer.onSession) as RoomObserver["onSession"],
  };
}
