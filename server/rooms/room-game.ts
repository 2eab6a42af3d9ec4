import { applyAction, createGame } from "../../shared/game/rules";
import type { GameAction, GameState, PlayerId, TopicCard } from "../../shared/game/types";
import type { Rng } from "../../shared/random";
import { isPromiseLike, type MaybePromise } from "../maybe-promise";
import { CommandError } from "./command-error";
import { CommandQueue, settleMaybe } from "./command-queue";
import { recorded } from "./durable-write";

/** What the table needs from its room: the card library, the clock, the game log's hooks and what follows a change. */
export interface RoomGameHooks {
  code: string;
  library: readonly TopicCard[];
  allowBotsOnly: boolean;
  now(): number;
  log(line: string): void;
  /** Whether the game log wants every action (then a refused move's RNG draws are undone). */
  logsActions(): boolean;
  /** The game log's write of an accepted action, before it takes effect (RoomObserver.onAction). */
  onAction(action: GameAction, state: GameState, before: GameState): MaybePromise<void> | undefined;
  /** The game log opens for the new table (RoomObserver.onCreate). */
  onCreate(state: GameState): MaybePromise<void> | undefined;
  /** The state changed (the snapshots' version moves on). */
  changed(): void;
  /** An action took effect: timers, scoring, snapshots and bots follow. Not called once the room is closed. */
  afterChange(before: GameState, after: GameState): void;
  isClosed(): boolean;
}

/**
 * The table's rules state and its reducer RNG, and the one way they change: a move is checked by the pure
 * reducer, made durable in the game log, and only then taken, one change at a time (command-queue.ts).
 */
export class RoomGame {
  private current: GameState | null = null;
  private initialSettings: object = {};
  /** Every change of the rules state goes through here, in order (command-queue.ts). */
  private readonly changes = new CommandQueue();

  constructor(
    private rng: Rng,
    private readonly hooks: RoomGameHooks,
  ) {}

  get state(): GameState | null {
    return this.current;
  }

  /** Settings the room was created with: applied as the first host's, when the table opens. */
  setInitialSettings(settings: object): void {
    this.initialSettings = settings;
  }

  /** Runs `change` once every change queued before it has settled. */
  run<T>(change: () => MaybePromise<T>): MaybePromise<T> {
    return this.changes.run(change);
  }

  /** Resolves once every change queued so far has settled. */
  idle(): Promise<void> {
    return this.changes.idle();
  }

  /** The table a restarted server rebuilt from the game log, with the reducer RNG as the replay left it. */
  restore(state: GameState, rng: Rng): void {
    this.current = state;
    this.rng = rng;
  }

  /** Opens the table with its host; the game log opens before the host's session is issued. */
  createWithHost(playerId: PlayerId, name: string, kind: "human" | "bot", botProfile?: string): MaybePromise<void> {
    let state: GameState;
    try {
      state = createGame({
        host: { playerId, name, kind, botProfile },
        library: this.hooks.library,
        options: { allowBotsOnly: this.hooks.allowBotsOnly },
      });
    } catch (error) {
      throw new CommandError("RULE", error instanceof Error ? error.message : String(error), "invalid_action");
    }
    this.current = state;
    this.hooks.changed();
    if (Object.keys(this.initialSettings).length > 0) {
      const result = applyAction(state, { type: "updateSettings", now: this.hooks.now(), by: playerId, settings: this.initialSettings as never }, this.rng);
      this.initialSettings = {};
      if (!result.ok) {
        this.current = null;
        throw new CommandError("RULE", result.message, result.code);
      }
      this.current = result.state;
    }
    // The log opens before the host's session is issued (admit waits for both on Postgres).
    return recorded(() => this.hooks.onCreate(this.current!));
  }

  /**
   * Applies a player's action; a refusal becomes a RULE error ack. Called inside a change of the queue
   * (`run`), so the state it checks against cannot move until it has settled.
   */
  apply(action: GameAction): MaybePromise<void> {
    if (!this.current) throw new CommandError("NOT_IN_ROOM", "this room has no table yet");
    const before = this.current;
    // The reducer draws from the room's RNG (deals, tie-breaks). A refused move must not have drawn, or the
    // next deal would differ from what a replay of the log deals.
    const rngBefore = this.hooks.logsActions() ? this.rng.clone?.() : undefined;
    const result = applyAction(before, action, this.rng);
    if (!result.ok) {
      if (rngBefore) this.rng = rngBefore;
      const code = result.code === "not_host" ? "NOT_HOST" : result.code === "unknown_player" ? "UNKNOWN_PLAYER" : "RULE";
      // `rule` comes with code RULE only: NOT_HOST and UNKNOWN_PLAYER say it all, whichever path refused.
      throw new CommandError(code, result.message, code === "RULE" ? result.code : undefined);
    }
    // The game log makes the action durable before it takes effect (and before any ack); if it cannot,
    // the action is refused with the log's message rather than played unrecorded.
    const undoDraws = (error: unknown): never => {
      if (rngBefore) this.rng = rngBefore;
      throw error;
    };
    let durable: MaybePromise<void>;
    try {
      durable = recorded(() => this.hooks.onAction(action, result.state, before));
    } catch (error) {
      return undoDraws(error);
    }
    if (!isPromiseLike(durable)) return this.take(before, result.state);
    return durable.then(() => this.take(before, result.state), undoDraws);
  }

  /** Applies a server-made action (timeouts, bots, scores) in the queue; a refusal is logged, never thrown. */
  applyInternal(action: GameAction): MaybePromise<boolean> {
    // Server-made actions run from timers: nothing may escape to crash the process.
    return settleMaybe(
      () => this.changes.run(() => this.apply(action)),
      () => true,
      (error) => {
        if (!(error instanceof CommandError) || error.code === "INTERNAL") this.hooks.log(`room ${this.hooks.code}: ${action.type} failed: ${error instanceof Error ? error.message : String(error)}`);
        else if (action.type !== "readyToVote") this.hooks.log(`room ${this.hooks.code}: ${action.type} refused: ${error.message}`);
        return false;
      },
    );
  }

  /** The action is durable: it takes effect. */
  private take(before: GameState, after: GameState): void {
    this.current = after;
    this.hooks.changed();
    // A room closed while its last move was being written keeps the state and starts nothing new.
    if (!this.hooks.isClosed()) this.hooks.afterChange(before, after);
  }
}
