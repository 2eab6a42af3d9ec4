import type { RecordKind, RecordOf, StoreRecord, StoredEvent } from "./records";

/**
 * The one storage interface of the game log, served by SQLite (game-store.ts, the embedded default) and by
 * Postgres (pg-game-store.ts, for several game processes). SQLite answers synchronously; Postgres answers with
 * promises. Callers that must stay as fast as today on SQLite (the room's command path) test for a promise
 * (`isPromiseLike`) instead of always awaiting; everything else simply awaits.
 */

import type { MaybePromise } from "../maybe-promise";

export { isPromiseLike, type MaybePromise } from "../maybe-promise";

/** Records for one log, written at one time. */
export interface LogBatch {
  logId: string;
  records: readonly StoreRecord[];
  at: number;
  /** The room the log belongs to (Postgres checks its owner epoch); default: the log id up to its last "-". */
  roomCode?: string;
}

/** One room's log. */
export interface LogSummary {
  logId: string;
  roomCode: string;
  openedAt: number;
  /** null while the room is open (or the server died with it open). */
  closedAt: number | null;
  closeReason: string | null;
}

export type LogBackend = "sqlite" | "postgres";

/** What the export, the leaderboard and the restore read. */
export interface LogReader {
  readonly backend: LogBackend;
  /** Where the log is, for messages (a file path, or a Postgres URL without its password). */
  readonly where: string;
  /** Logs in opening order; `since` (ms) keeps those opened at or after it. */
  logs(filter?: { since?: number; logId?: string }): MaybePromise<LogSummary[]>;
  /** Logs of rooms that were open when their server stopped: what a restart restores or closes. */
  openLogs(): MaybePromise<LogSummary[]>;
  /** Every record of one log in write order (optionally only some kinds). */
  eventsOf(logId: string, kinds?: readonly RecordKind[]): MaybePromise<StoredEvent[]>;
  /** Records of one kind across logs, in write order. */
  eventsOfKind<K extends RecordKind>(kind: K, logIds?: readonly string[]): MaybePromise<StoredEvent<RecordOf<K>>[]>;
  /** Changes whenever anything is written (caches key on it). */
  lastEventId(): MaybePromise<number>;
  /** SQL over the research views, with `?` placeholders on both backends (tests, tools). */
  query<T>(sql: string, ...params: unknown[]): MaybePromise<T[]>;
  close(): Promise<void>;
}

/** The writing side, used by the game server (game-log.ts). */
export interface LogStore extends LogReader {
  /**
   * Writes records of several logs, all or none, and returns (SQLite) or resolves (Postgres) once they are
   * durable. Postgres refuses the records of a room whose owner epoch is no longer this store's (FencedError).
   */
  appendBatches(batches: readonly LogBatch[]): MaybePromise<void>;
  /** Drops what the store caches about a log that will not be written again (a closed room). */
  forget(logId: string): void;
  /**
   * Makes this store the room's only writer and returns its owner epoch. Postgres bumps the room's epoch in
   * one statement: every later append by an earlier owner is refused. SQLite has one writer per file
   * (writer-lock.ts), so its epoch is always 1.
   */
  claimRoom(roomCode: string, owner?: string): MaybePromise<number>;
}

/**
 * An append refused because another process has claimed the room since (its epoch moved on), or because the
 * log turned out to hold a move this process had refused (a commit whose connection was lost): either way the
 * room must now be run from the log, not from this process's memory.
 */
export class FencedError extends Error {
  readonly code = "FENCED";
  constructor(
    readonly roomCodes: readonly string[],
    reason = "is now owned by another game process (its log epoch moved on)",
  ) {
    super(`room ${roomCodes.join(", ")} ${reason}`);
  }
}

/**
 * An append the log could not make durable because it is out of service (Postgres unreachable, timed out or
 * shutting down; a SQLite file on a full, read-only or failing disk, or locked): nothing of it was written,
 * and the same append may succeed later. Every other failure of an append is a bug, not an outage.
 */
export class LogUnavailableError extends Error {
  readonly code = "LOG_UNAVAILABLE";
  constructor(readonly failure: unknown) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

/** The room code a log id belongs to: log ids are `CODE-time` (game-log.ts). */
export function roomCodeOfLog(logId: string): string {
  const dash = logId.lastIndexOf("-");
  return dash > 0 ? logId.slice(0, dash) : logId;
}
