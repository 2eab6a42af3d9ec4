import { create } from "zustand";

/**
 * The socket's health as the player should see it. "offline" means socket.io gave up or the server
 * refused the handshake; "reconnecting" means it is still trying on its own; "elsewhere" means the seat was
 * opened by another tab or device (the newest connection wins), and this one can take it back.
 */
export type ConnectionStatus = "idle" | "connecting" | "connected" | "reconnecting" | "offline" | "elsewhere";

interface ConnectionState {
  status: ConnectionStatus;
  /** Why the last connection attempt or session failed, in words for the player. */
  problem: string | null;
  set(status: ConnectionStatus, problem?: string | null): void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  status: "idle",
  problem: null,
  set(status, problem = null) {
    set({ status, problem });
  },
}));
