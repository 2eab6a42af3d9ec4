import { restoredRoomOf, type WiredGameLog } from "../app-game-log";
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
