import type { AckError, ErrorCode } from "../../shared/protocol";
import type { ClusterNode } from "../cluster/cluster-node";
import type { ServerConfig } from "../config";
import type { AddressLimits } from "../rooms/address-limits";
import type { RoomRegistry } from "../rooms/registry";
import type { SessionStore } from "../rooms/sessions";

/** What every socket handler shares: the process's rooms, sessions and limits, and the cluster when there is one. */
export interface SocketContext {
  config: ServerConfig;
  registry: RoomRegistry;
  sessions: SessionStore;
  limits: AddressLimits;
  log: (line: string) => void;
  /** Many game processes (server/cluster): rooms held elsewhere, shared limits, sibling origins. */
  cluster?: ClusterNode;
}

export function errorAck(code: ErrorCode, message: string): AckError {
  return { ok: false, code, message };
}
