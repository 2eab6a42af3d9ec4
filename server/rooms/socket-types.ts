import type { Server, Socket } from "socket.io";
import type { ClientToServerEvents, ServerToClientEvents } from "../../shared/protocol";
import type { Session } from "./sessions";
import type { ConnectionOrigin } from "./kick-list";

/** What the server keeps on each socket: the session its handshake token resolved to. */
export interface SocketData {
  session?: Session;
  /** Where it connects from, set at the handshake: what a kick marks (rooms/kick-list.ts). */
  origin?: ConnectionOrigin;
}

export type GameSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type GameServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
