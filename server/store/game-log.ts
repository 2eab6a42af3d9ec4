import type { GameAction, GameState, PlayerId, RoundState } from "../../shared/game/types";
import type { Evaluator } from "../../shared/sneak/types";
import { FencedError, isPromiseLike, LogUnavailableError, type LogBatch, type LogStore, type MaybePromise } from "./log-store";
import type { SessionEndRecord, StoreRecord } from "./records";
import type { Knowledge } from "../agents/agent";
import { recordingEvaluator } from "./recording-evaluator";
import { recordsOfChange } from "./state-records";

/**
 * The game server's side of the log: the room calls these hooks (server/rooms/room.ts, `RoomObserver`), and
 * an action is in the log before the command that caused it is acknowledged. On SQLite every write is
 * synchronous and the hooks return nothing; on Postgres the hooks that must be durable first (open, action,
 * session) return a promise that the room waits for before the move takes effect.
 * One log per room: opened with the room's first state, closed when the room is disposed.
 */

/**
 * A write the log could not make durable; its message is for the player (details go to the server's log).
 * `moved`: another process has claimed the room (the log refused this one's write); `unavailable`: the log is
 * out of service (LogUnavailableError), and the same move may succeed later; `failed`: anything else (a bug).
 */
export class LogWriteError extends Error {
  constructor(
    message: string,
    readonly reason: "moved" | "unavailable" | "failed",
  ) {
    super(message);
  }

  /** How the room answers the command that caused the write (RoomObserver.onAction). */
  get ackCode(): "ROOM_ELSEWHERE" | "UNAVAILABLE" | "INTERNAL" {
    return this.reason === "moved" ? "ROOM_ELSEWHERE" : this.reason === "unavailable" ? "UNAVAILABLE" : "INTERNAL";
  }
}

/** What the log needs to know of a room. */
export interface LoggedRoom {
  readonly code: string;
  readonly seed: string;
}

/** A bot's decision as the room reports it (server/agents/agent.ts `Decision`). */
export interface DecisionLike {
  value: string;
  source: string;
  knowledge?: Knowledge;
  note?: string;
}

interface RoomEntry {
  logId: string;
  roomCode: string;
  state: GameState | null;
  /** Seats the fallback bot is playing right now (an absent human): their moves are logged as fallbacks. */
  fallbackSeats: Set<PlayerId>;
}

export interface GameLogOptions {
  /** The dataset's decoys of a category (what scoring shows the ally). */
  decoysOf(category: string): string[];
  evaluatorIds: string[];
  now?: () => number;
  /** Where write failures are reported (the game goes on; the log says what it lost). */
  log?: (line: string) => void;
  /**
   * Another process has claimed this room in the shared log (Postgres): this process must stop running it
   * (e.g. `room.shutdown()`, which does not close its log). Called once per refused write, at the end of the
   * event-loop turn, after the refused move's error has gone to the player.
   */
  onFenced?: (roomCode: string) => void;
}

export class GameLog {
  private readonly rooms = new WeakMap<LoggedRoom, RoomEntry>();
  private readonly now: () => number;
  private readonly report: (line: string) => void;
  private counter = 0;
  private pending: LogBatch[] = [];
  private flushScheduled = false;
  /** Postgres writes not yet settled (settled() waits for them). */
  private outstanding = 0;
  private readonly settledWaiters: (() => void)[] = [];

  constructor(
    readonly store: LogStore,
    private readonly options: GameLogOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.report = options.log ?? ((line) => console.error(line));
  }

  /** A fresh log id: the room code and the time, so ids sort by opening and a code reused later gets a new log. */
  private freshLogId(code: string): string {
    return `${code}-${this.now().toString(36)}${(this.counter++ % 1296).toString(36).padStart(2, "0")}`;
  }

  logIdOf(room: LoggedRoom): string | undefined {
    return this.rooms.get(room)?.logId;
  }

  /** The room's table exists: its starting state opens the log (the actions replay from it). */
  opened(room: LoggedRoom, initialState: GameState): MaybePromise<void> {
    const logId = this.freshLogId(room.code);
    this.rooms.set(room, { logId, roomCode: room.code, state: initialState, fallbackSeats: new Set() });
    return this.write(room.code, logId, [{ kind: "log-open", roomCode: room.code, seed: room.seed, initialState, evaluators: this.options.evaluatorIds }], "now");
  }

  /** A room rebuilt from its log after a restart goes on writing to the same log. */
  resumed(room: LoggedRoom, logId: string, state: GameState): void {
    this.rooms.set(room, { logId, roomCode: room.code, state, fallbackSeats: new Set() });
  }

  /** An action the rules accepted, with the state it produced. Throws when it cannot be made durable. */
  applied(room: LoggedRoom, action: GameAction, state: GameState): MaybePromise<void> {
    let entry = this.rooms.get(room);
    if (!entry) {
      // A room the log never saw open (no `opened` hook): log it anyway; it cannot be restored.
      entry = { logId: this.freshLogId(room.code), roomCode: room.code, state: null, fallbackSeats: new Set() };
      this.rooms.set(room, entry);
      // Its failure is reported by write; the action's own write (queued after it) decides the move.
      const opened = this.write(room.code, entry.logId, [{ kind: "log-open", roomCode: room.code, seed: room.seed, initialState: null, evaluators: this.options.evaluatorIds }], "now");
      if (isPromiseLike(opened)) opened.catch(() => {});
    }
    const before = entry.state;
    const fallbackSeats = entry.fallbackSeats;
    const derived = before
      ? recordsOfChange(before, state, {
          decoysOf: (round: RoundState) => (round.card.source === "dataset" ? this.options.decoysOf(round.card.category) : []),
          playedByFallback: (id) => fallbackSeats.has(id),
        })
      : [];
    const written = this.write(entry.roomCode, entry.logId, [{ kind: "action", action }, ...derived], "now");
    // The next action's records are derived from this state: the room sends it only after this write settled.
    entry.state = state;
    // A fallback decision covers the one move the room applies right after it; a timeout is the server's move.
    if ("by" in action && typeof action.by === "string") fallbackSeats.delete(action.by);
    if (action.type === "timeout") fallbackSeats.clear();
    if (!isPromiseLike(written)) return;
    const logged = entry;
    return written.catch((error: unknown) => {
      // Refused: the room keeps the state before this action, and so must the log's diff.
      if (logged.state === state) logged.state = before;
      throw error;
    });
  }

  /** A session token was issued: kept so that players can reconnect after a restart. */
  session(room: LoggedRoom, session: { token: string; playerId: string; spectator: boolean }, name: string): MaybePromise<void> {
    const entry = this.rooms.get(room);
    if (!entry) return;
    return this.write(entry.roomCode, entry.logId, [{ kind: "session", token: session.token, playerId: session.playerId, spectator: session.spectator, name }], "now");
  }

  /**
   * A player's tokens stopped working (kicked, left, expired): written with the end of the event-loop turn's
   * records, so that a restart refuses them with the reason (restore.ts).
   */
  sessionEnded(room: LoggedRoom, playerId: PlayerId, reason: SessionEndRecord["reason"]): void {
    const entry = this.rooms.get(room);
    if (!entry) return;
    void this.write(entry.roomCode, entry.logId, [{ kind: "session-end", playerId, reason }]);
  }

  /** A bot's (or the fallback bot's) decision, before the room applies it. */
  decision(room: LoggedRoom, playerId: PlayerId, duty: string, decision: DecisionLike): void {
    const entry = this.rooms.get(room);
    if (!entry) return;
    const state = entry.state;
    const round = state?.rounds[state.rounds.length - 1];
    const seatIndex = round ? round.order.indexOf(playerId) : -1;
    const seat = state?.seats.find((s) => s.id === playerId);
    const human = seat?.kind !== "bot";
    // The server decides for a human seat only when the human is absent or timed out: a fallback move.
    if (human) entry.fallbackSeats.add(playerId);
    void this.write(entry.roomCode, entry.logId, [
      {
        kind: "bot-decision",
        ...(round && seatIndex >= 0 ? { gameNumber: state!.gameNumber, round: round.number, seat: seatIndex } : {}),
        playerId,
        decision: duty,
        model: human ? "lexical" : (seat?.botProfile ?? "lexical"),
        fallback: human || decision.source === "fallback" || decision.source === "last-resort",
        source: decision.source,
        ...(decision.knowledge ? { knowledge: decision.knowledge } : {}),
        ...(decision.note ? { note: decision.note } : {}),
        output: decision.value,
      },
    ]);
  }

  /** The room's evaluators, recording every request and answer into this room's log. */
  evaluatorsFor(room: LoggedRoom, evaluators: readonly Evaluator[]): Evaluator[] {
    return evaluators.map((evaluator) =>
      recordingEvaluator(evaluator, (call) => {
        const entry = this.rooms.get(room);
        if (entry) void this.write(entry.roomCode, entry.logId, [call]);
      }),
    );
  }

  closed(room: LoggedRoom, reason: string): void {
    const entry = this.rooms.get(room);
    if (!entry) return;
    const forget = () => this.store.forget(entry.logId);
    try {
      const written = this.write(entry.roomCode, entry.logId, [{ kind: "log-close", reason }], "now");
      // Reported by write; a room that closes must not fail because its log could not say so.
      if (isPromiseLike(written)) void written.then(forget, forget);
      else forget();
    } catch {
      forget();
    }
    this.rooms.delete(room);
  }

  /** Closes a log the server cannot restore (used at start-up). */
  closeLog(logId: string, reason: string, roomCode?: string): MaybePromise<void> {
    return this.write(roomCode, logId, [{ kind: "log-close", reason }], "now");
  }

  /**
   * `now`: written before returning (SQLite) or resolving (Postgres), together with any records of the same
   * log still waiting (so the log keeps their order); a failure throws (or rejects) a LogWriteError, so the
   * room refuses the move. `soon`: records no command waits for (judge calls, bot decisions) wait for the end
   * of the event-loop turn and go in one write for all rooms; a bot decision is written with the move it led
   * to, which follows it at once.
   */
  private write(roomCode: string | undefined, logId: string, records: StoreRecord[], when: "now" | "soon" = "soon"): MaybePromise<void> {
    const at = this.now();
    if (when === "soon") {
      this.pending.push({ logId, records, at, roomCode });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => void this.flush());
      }
      return;
    }
    const earlier = this.pending.filter((batch) => batch.logId === logId);
    const batches: LogBatch[] = [...earlier, { logId, records, at, roomCode }];
    if (earlier.length > 0) this.pending = this.pending.filter((batch) => batch.logId !== logId);
    const refused = (error: unknown): LogWriteError => {
      const message = error instanceof Error ? error.message : String(error);
      this.report(`game log: could not write ${records.map((r) => r.kind).join(", ")} to ${logId}: ${message}`);
      // At the end of the turn: the refused move's error reaches the player before the room is stopped.
      if (error instanceof FencedError && this.options.onFenced) for (const code of error.roomCodes) setImmediate(() => this.options.onFenced?.(code));
      if (error instanceof FencedError) return new LogWriteError("this room has moved to another game server; reconnect to reach it", "moved");
      if (error instanceof LogUnavailableError) return new LogWriteError("the game log is not answering, so this was not done; try again in a moment", "unavailable");
      return new LogWriteError("the game log could not record this, so it was not done", "failed");
    };
    let written: MaybePromise<void>;
    try {
      written = this.store.appendBatches(batches);
    } catch (error) {
      // The waiting records of this log stay waiting (SQLite wrote none of the batch).
      this.pending.unshift(...earlier);
      throw refused(error);
    }
    if (isPromiseLike(written)) {
      this.outstanding++;
      return written.then(
        () => this.settle(),
        (error: unknown) => {
          this.settle();
          throw refused(error);
        },
      );
    }
  }

  private settle(): void {
    if (--this.outstanding === 0) for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  /** Resolves when every write made so far (and the records waiting for the end of the turn) has been written or refused. */
  async settled(): Promise<void> {
    await this.flush();
    if (this.outstanding > 0) await new Promise<void>((resolve) => this.settledWaiters.push(resolve));
  }

  /** Writes the records waiting for the end of the turn (also called before the store closes). */
  flush(): MaybePromise<void> {
    this.flushScheduled = false;
    const batches = this.pending;
    this.pending = [];
    if (batches.length === 0) return;
    const report = (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      this.report(`game log: could not write ${batches.reduce((n, b) => n + b.records.length, 0)} judge calls and bot decisions: ${message}`);
    };
    try {
      const written = this.store.appendBatches(batches);
      if (isPromiseLike(written)) {
        this.outstanding++;
        return written.then(
          () => this.settle(),
          (error: unknown) => {
            this.settle();
            report(error);
          },
        );
      }
    } catch (error) {
      report(error);
    }
  }
}
