import { create } from "zustand";
import type { RoomSnapshot } from "../../shared/protocol";

interface RoomState {
  snapshot: RoomSnapshot | null;
  /** serverTime − local time when the last snapshot arrived: countdowns use server deadlines. */
  clockOffsetMs: number;
  /** Replaces the snapshot unless it is older than the one held (frames can cross on a reconnect). */
  receive(snapshot: RoomSnapshot): void;
  clear(): void;
}

export const useRoomStore = create<RoomState>((set, get) => ({
  snapshot: null,
  clockOffsetMs: 0,
  receive(snapshot) {
    const held = get().snapshot;
    if (held && held.code === snapshot.code && snapshot.version < held.version) return;
    set({ snapshot, clockOffsetMs: snapshot.serverTime - Date.now() });
  },
  clear() {
    set({ snapshot: null, clockOffsetMs: 0 });
  },
}));
