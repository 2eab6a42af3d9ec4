import { io, type Socket } from "socket.io-client";
import { S2C, type Ack, type RoomSnapshot } from "../../shared/protocol";

/** A test player: a real socket.io client that records every frame it receives, in order. */
export interface TestClient {
  socket: Socket;
  /** Every event received: [name, payload]. */
  frames: { event: string; payload: unknown }[];
  /** The newest room:state, if any. */
  latest(): RoomSnapshot | undefined;
  /** Sends a command and resolves with its ack. */
  send<T extends object = object>(event: string, payload?: unknown): Promise<Ack<T>>;
  /** Resolves with the first room:state (already received or coming) that satisfies `predicate`. */
  waitForState(predicate: (s: RoomSnapshot) => boolean, what?: string): Promise<RoomSnapshot>;
  close(): void;
}

/**
 * `localAddress` (e.g. 127.0.0.7) picks the source address, as a player on another machine would have;
 * `transports: ["polling"]` keeps the client on HTTP long-polling (it is WebSocket only otherwise).
 */
export function connectClient(url: string, auth: { token?: string } = {}, extra: { extraHeaders?: Record<string, string>; localAddress?: string; transports?: ("polling" | "websocket")[] } = {}): TestClient {
  const socket = io(url, { transports: ["websocket"], upgrade: false, forceNew: true, reconnection: false, auth, ...extra });
  const frames: { event: string; payload: unknown }[] = [];
  let latest: RoomSnapshot | undefined;
  const waiters: { predicate: (s: RoomSnapshot) => boolean; resolve: (s: RoomSnapshot) => void }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    frames.push({ event, payload });
    if (event !== S2C.roomState) return;
    const snapshot = payload as RoomSnapshot;
    if (latest && snapshot.version < latest.version) return;
    latest = snapshot;
    for (const waiter of [...waiters]) {
      if (waiter.predicate(snapshot)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(snapshot);
      }
    }
  });
  return {
    socket,
    frames,
    latest: () => latest,
    send: (event, payload = {}) => socket.timeout(10_000).emitWithAck(event, payload),
    waitForState(predicate, what = "a matching state") {
      if (latest && predicate(latest)) return Promise.resolve(latest);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}; last phase: ${latest?.game.phase}`)), 20_000);
        waiters.push({
          predicate,
          resolve: (s) => {
            clearTimeout(timer);
            resolve(s);
          },
        });
      });
    },
    close: () => socket.close(),
  };
}

/** Resolves on the socket's connection, or rejects with the handshake error (message and data.code). */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error: Error & { data?: { code?: string } }) => reject(error));
  });
}
