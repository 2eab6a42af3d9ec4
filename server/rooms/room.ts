import { answerJoin, askHostToLetIn, KickList, type LetInRoom } from "./kick-list";
import { randomBytes } from "node:crypto";
import type { GameSettings, GameState, PlayerId } from "../../shared/game/types";
import { seededRng, type Rng } from "../../shared/random";
import type { C2SEvent, RoomClosedPayload } from "../../shared/protocol";
import type { MaybePromise } from "../maybe-promise";
import { CommandError } from "./command-error";
import { andThen } from "./command-queue";
import { timeoutAt } from "./phase-deadline";
import { RevealPipeline, type RevealPipelineHooks } from "./reveal-pipeline";
import { RoomBroadcast } from "./room-broadcast";
import { RoomClock } from "./room-clock";
import { RoomCommands, type CommandAck, type RoomCommandsHooks } from "./room-commands";
import type { RoomDepsOf, RoomObserverOf } from "./room-deps";
import { RoomGame, type RoomGameHooks } from "./room-game";
import { RoomHandoff } from "./room-handoff";
import { RoomMembers } from "./room-members";
import { RoomMembership } from "./room-membership";
import { standInRecordOf, type SnapshotSource } from "./room-snapshots";
import { SeatDriver, type SeatDriverHost } from "./seat-driver";
import { SeatReclaim, type SeatReclaimHooks } from "./seat-reclaim";
import type { LoggedRevokeReason, Session } from "./sessions";
import type { GameSocket } from "./socket-types";

/** What a room needs from the server, and the game log's hooks on it (room-deps.ts). */
export type RoomDeps = RoomDepsOf<Room>;
export type RoomObserver = RoomObserverOf<Room>;

/**
 * One game table, a coordinator of parts that each own one concern: the rules state and its durable changes
 * (room-game.ts), the members and their sockets (room-members.ts), the timers (room-clock.ts), the scoring
 * and reveal pipeline (reveal-pipeline.ts), snapshots and their broadcast (room-broadcast.ts), the command
 * dispatch (room-commands.ts), seats taken back (seat-reclaim.ts), the bots' seats (seat-driver.ts) and the
 * hand-off to another process (room-handoff.ts). The room holds the flows that cross them: admitting,
 * kicking and letting go of members, connections coming and going, a deadline, closing.
 */
export class Room {
  readonly seed: string;
  private readonly now: () => number;
  private disposed = false;
  private readonly game: RoomGame;
  private readonly members: RoomMembers;
  private readonly clock: RoomClock;
  private readonly reveal: RevealPipeline;
  private readonly broadcast: RoomBroadcast;
  private readonly commands: RoomCommands;
  private readonly reclaims: SeatReclaim;
  private readonly handoff: RoomHandoff;
  private readonly seats: SeatDriver;
  private readonly membership: RoomMembership;
  /** Where the host kicked someone from, waiting for the host's yes until the game ends (kick-list.ts). */
  private readonly kicks = new KickList();

  constructor(
    readonly code: string,
    private readonly deps: RoomDeps,
    private readonly onDispose: () => void = () => {},
  ) {
    this.seed = deps.seed ?? randomBytes(8).toString("hex");
    this.now = deps.now ?? Date.now;
    const now = () => this.now();
    this.handoff = new RoomHandoff(code);
    this.clock = new RoomClock({ now, onDeadline: (deadline) => this.onDeadline(deadline) });
    this.broadcast = new RoomBroadcast({ now, live: () => this.game.state !== null && !this.disposed, source: (version) => this.snapshotSource(version) });
    this.members = new RoomMembers({
      graceMs: () => deps.config.graceMs,
      onGraceOver: (playerId) => this.membership.expire(playerId),
      endSession: (token, playerId, reason) => {
        deps.sessions.revoke(token, reason);
        deps.observer?.onSessionEnd?.(this, playerId, reason);
      },
    });
    this.game = new RoomGame(seededRng(`room/${this.seed}`), this.gameHooks());
    const evaluators = deps.observer?.evaluatorsFor?.(this, deps.evaluators) ?? deps.evaluators;
    this.reveal = new RevealPipeline(evaluators, this.revealHooks());
    this.reclaims = new SeatReclaim(this.reclaimHooks());
    this.seats = new SeatDriver(this.seatDriverHost());
    this.commands = new RoomCommands(this.commandHooks());
    this.membership = new RoomMembership({
      ...{ code, config: deps.config, sessions: deps.sessions, now, isClosed: () => this.disposed },
      ...{ members: this.members, game: this.game, clock: this.clock, broadcast: this.broadcast, seats: this.seats, reclaims: this.reclaims, handoff: this.handoff, kicks: this.kicks },
      onSession: (session, name) => deps.observer?.onSession?.(this, session, name),
      dispose: (reason) => this.dispose(reason),
    });
    this.membership.armEmptyTimer();
  }

  // ─── Wiring: what each part is given of the room ──────────────────────────

  private gameHooks(): RoomGameHooks {
    const { deps } = this;
    return {
      ...{ code: this.code, library: deps.library, allowBotsOnly: deps.allowBotsOnly ?? false, now: () => this.now(), log: deps.log },
      logsActions: () => Boolean(deps.observer?.onAction),
      onAction: (action, state, before) => deps.observer?.onAction?.(this, action, state, before),
      onCreate: (state) => deps.observer?.onCreate?.(this, state),
      changed: () => this.broadcast.bump(),
      afterChange: (before, after) => this.afterChange(before, after),
      isClosed: () => this.disposed,
    };
  }

  private revealHooks(): RevealPipelineHooks {
    const { deps } = this;
    return {
      ...{ seed: this.seed, now: () => this.now(), log: deps.log },
      decoysOf: (category) => deps.decoysOf(category),
      state: () => (this.disposed ? null : this.game.state),
      onScores: (key, scored) => deps.observer?.onScores?.(this, key, scored),
      attach: (action) => void this.game.applyInternal(action),
    };
  }

  private reclaimHooks(): SeatReclaimHooks {
    return {
      ...{ code: this.code, sessions: this.deps.sessions, members: this.members, now: () => this.now() },
      state: () => this.game.state,
      changed: () => this.broadcast.changed(),
      refuseIfMoved: () => this.handoff.refuseIfMoved(),
      logSession: (session, name) => this.membership.logSession(session, name),
      attach: (playerId, socket) => this.attach(playerId, socket),
      answerJoin: (request, approve) => answerJoin(this.letIn(), request, approve),
    };
  }

  /** What letting in a newcomer from where someone was kicked takes from the room (kick-list.ts). */
  private letIn(): LetInRoom {
    return {
      code: this.code,
      returns: this.reclaims.requests,
      hostConnected: () => {
        const hostId = this.game.state?.hostId;
        return hostId ? this.members.isConnected(hostId) : false;
      },
      admit: (name, spectator) => this.admit(name, spectator),
      attach: (playerId, socket) => this.attach(playerId, socket),
    };
  }

  private seatDriverHost(): SeatDriverHost {
    const { deps } = this;
    return {
      ...{ code: this.code, seed: this.seed, deps, now: () => this.now() },
      onDecision: (seatId, duty, decision) => deps.observer?.onDecision?.(this, seatId, duty, decision),
      state: () => (this.disposed ? null : this.game.state),
      isConnected: (seatId) => this.members.isConnected(seatId),
      gridSeen: (key) => this.reveal.gridSeenIn(key),
      apply: (action) => this.game.applyInternal(action),
      onStandIn: (seatId, action) => {
        const state = this.game.state;
        if (state && this.members.has(seatId)) this.members.addStandIn(seatId, standInRecordOf(action, state));
      },
    };
  }

  private commandHooks(): RoomCommandsHooks {
    return {
      ...{ botModels: () => this.deps.config.botModels, members: this.members, now: () => this.now() },
      state: () => this.game.state,
      run: (change) => this.game.run(change),
      apply: (action) => this.game.apply(action),
      snapshotFor: (member) => this.broadcast.snapshotFor(member),
      changed: () => this.broadcast.changed(),
      refuseIfMoved: () => this.handoff.refuseIfMoved(),
      kick: (by, targetId) => this.membership.kick(by, targetId),
      answerSeatRequest: (by, requestId, approve) => this.reclaims.answerSeatRequest(by, requestId, approve),
    };
  }

  // ─── Membership ───────────────────────────────────────────────────────────

  applyInitialSettings(settings: object): void {
    this.game.setInitialSettings(settings);
  }

  hasMember(playerId: PlayerId): boolean {
    return this.members.has(playerId);
  }

  /**
   * Seats a human (or adds a spectator) and issues their session token (room-membership.ts); the first human
   * creates the game. A refusal at any step leaves no token behind.
   */
  admit(name: string, spectator: boolean): MaybePromise<Session> {
    return this.membership.admit(name, spectator);
  }

  /** `room:join`: from where the host kicked someone, the host is asked first (kick-list.ts). */
  join(request: { name: string; spectator?: boolean }, socket: GameSocket): MaybePromise<Session> {
    if (this.kicks.holds(socket.data.origin)) askHostToLetIn(this.letIn(), request.name, request.spectator ?? false, socket);
    return this.admit(request.name, request.spectator ?? false);
  }

  /** A member's socket connected (the newest of a seat's wins). */
  attach(playerId: PlayerId, socket: GameSocket): void {
    this.membership.attach(playerId, socket);
  }

  /** A member's socket went away: the seat stays, with a bot in it until they are back. */
  detach(playerId: PlayerId, socket: GameSocket): void {
    this.membership.detach(playerId, socket);
  }

  /** A member leaves for good: their token stops working; a seated player's seat goes (host passes on). */
  leave(playerId: PlayerId): void {
    this.membership.leave(playerId);
  }

  /** A bots-only table for the CLI and tests: the first bot hosts. */
  seatBots(bots: readonly { name: string; profile: string }[]): MaybePromise<PlayerId[]> {
    const ids: PlayerId[] = [];
    let seated: MaybePromise<void> = undefined;
    for (const bot of bots) {
      seated = andThen(seated, () =>
        this.game.run(() => {
          const playerId = `b-${randomBytes(6).toString("base64url")}`;
          ids.push(playerId);
          const state = this.game.state;
          if (state === null) return this.game.createWithHost(playerId, bot.name, "bot", bot.profile);
          return this.game.apply({ type: "addBot", now: this.now(), by: state.hostId!, playerId, name: bot.name, botProfile: bot.profile });
        }),
      );
    }
    return andThen(seated, () => ids);
  }

  /** Host commands for a table the server runs itself (the CLI): applied as the host; a refusal throws. */
  hostAct(action: "start" | "nextRound" | "endGame"): MaybePromise<void>;
  hostAct(action: "updateSettings", settings: Partial<GameSettings>): MaybePromise<void>;
  hostAct(action: "start" | "nextRound" | "endGame" | "updateSettings", settings?: Partial<GameSettings>): MaybePromise<void> {
    return this.game.run(() => {
      const by = this.game.state?.hostId;
      if (!by) throw new CommandError("NOT_IN_ROOM", "this room has no table yet");
      if (action === "updateSettings") return this.game.apply({ type: "updateSettings", now: this.now(), by, settings: settings ?? {} });
      return this.game.apply({ type: action, now: this.now(), by });
    });
  }

  /**
   * Rebuilds the table from the game log after a restart (server/store/restore.ts): the replayed state, the
   * reducer RNG as the replay left it, and the sessions still valid. Everyone is away until they come back
   * with their token (players keep their seats; spectators have the grace window); clues not yet scored are
   * scored again.
   */
  restore(
    state: GameState,
    rng: Rng,
    sessions: readonly { token: string; playerId: PlayerId; spectator: boolean; name?: string }[],
    logId?: string,
    revoked: readonly { token: string; reason: LoggedRevokeReason }[] = [],
  ): void {
    if (this.game.state !== null) throw new Error(`room ${this.code} already has a table`);
    for (const { token, reason } of revoked) this.deps.sessions.adoptRevoked(token, reason);
    this.deps.observer?.onRestore?.(this, state, logId);
    this.game.restore(state, rng);
    this.broadcast.bump();
    for (const session of sessions) {
      const seat = state.seats.find((s) => s.id === session.playerId);
      if (!session.spectator && (!seat || seat.left)) continue;
      this.deps.sessions.adopt({ token: session.token, roomCode: this.code, playerId: session.playerId, spectator: session.spectator });
      const name = seat?.name ?? session.name ?? "Spectator";
      const member = this.members.add({ playerId: session.playerId, name, spectator: session.spectator, token: session.token, awaySince: this.now() });
      if (member.spectator) this.members.armGrace(member);
    }
    this.reveal.restore(state);
    this.armPhaseTimer();
    this.seats.schedule();
    this.membership.armHostHandover();
  }

  // ─── Commands and seats taken back ────────────────────────────────────────

  /** A client command from an authenticated member; returns the ack or throws a CommandError (room-commands.ts). */
  command(playerId: PlayerId, event: C2SEvent, payload: unknown): MaybePromise<CommandAck> {
    return this.commands.command(playerId, event, payload);
  }

  /** `room:reclaim` (seat-reclaim.ts). */
  reclaim(name: string, rejoinCode: string): MaybePromise<Session> {
    return this.reclaims.reclaim(name, rejoinCode);
  }

  /** `room:askSeat` (seat-reclaim.ts). */
  askForSeat(name: string, socket: GameSocket): string {
    return this.reclaims.askForSeat(name, socket);
  }

  // ─── Lifetime ─────────────────────────────────────────────────────────────

  /** Closes the room for good: members are told, tokens revoked, the game log closed. */
  dispose(reason: RoomClosedPayload["reason"]): void {
    this.close(reason);
  }

  /**
   * The server is stopping: timers stop and sockets drop, but the room is not closed in the game log and
   * members are not told it closed, so a restarted server rebuilds it and their tokens work again.
   */
  shutdown(): void {
    this.close(null);
  }

  /** Another game process holds this room now (room-handoff.ts). */
  moveOut(url: string | null): void {
    if (this.disposed) return;
    this.handoff.moveOut(url, {
      stop: () => {
        this.clock.stop();
        this.seats.dispose();
        this.reclaims.dispose();
      },
      idle: () => this.game.idle(),
      sockets: () => this.memberSockets(),
      close: () => this.close(null),
    });
  }

  /** Where the room went, once another process holds it (moveOut); null while it is played here. */
  get movedTo(): { url: string | null } | null {
    return this.handoff.movedTo;
  }

  private *memberSockets(): Generator<GameSocket> {
    for (const member of this.members.values()) yield* member.sockets;
  }

  private close(reason: RoomClosedPayload["reason"] | null): void {
    if (this.disposed) return;
    this.disposed = true;
    this.clock.stop();
    this.seats.dispose();
    this.reclaims.dispose();
    this.reveal.dispose();
    this.members.releaseAll({ tell: reason, disconnect: true });
    this.deps.sessions.revokeRoom(this.code);
    if (reason) this.deps.observer?.onDispose?.(this, reason);
    this.onDispose();
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** The current rules state: for the server's own use (CLI, tests of the server), never for a client. */
  get serverState(): GameState | null {
    return this.game.state;
  }

  /** Resolves when every clue given so far has been scored. */
  scoringSettled(): Promise<void> {
    return this.reveal.settled();
  }

  // ─── After a change, and the clock ────────────────────────────────────────

  private afterChange(before: GameState, after: GameState): void {
    if (after.phase === "gameOver" && before.phase !== "gameOver") this.kicks.gameEnded(after.gameNumber);
    this.reveal.afterChange(before, after);
    this.armPhaseTimer();
    this.broadcast.send();
    this.seats.schedule();
    if (after.hostId !== before.hostId) this.membership.armHostHandover();
  }

  private armPhaseTimer(): void {
    this.clock.armPhase(this.game.state?.deadline ?? null);
  }

  /** The phase deadline passed: the `timeout` action (phase-deadline.ts); "retry" when the rules refused it. */
  private async onDeadline(deadline: number): Promise<"done" | "retry"> {
    const host = { state: () => this.game.state, isClosed: () => this.disposed, seats: this.seats, fallbackAgent: this.deps.fallbackAgent, now: this.now };
    const action = await timeoutAt(host, deadline);
    if (!action) return "done";
    return (await this.game.applyInternal(action)) ? "done" : "retry";
  }

  /** What the members' snapshots are made of, as of now. */
  private snapshotSource(version: number): SnapshotSource {
    return {
      version,
      code: this.code,
      state: this.game.state!,
      members: this.members.all,
      fallbackSeatIds: new Set(this.seats.serverPlayed().filter((p) => p.fallback).map((p) => p.seatId)),
      botModels: this.deps.config.botModels,
      evaluatorIds: this.deps.evaluators.map((e) => e.id),
      standings: () => this.reveal.standingsList(),
      categories: () => this.deps.library.map((card) => card.category),
      rejoinCodeOf: (playerId) => this.reclaims.codeOf(playerId),
      seatRequests: () => this.reclaims.pending(),
      categoriesOffByDefault: () => this.deps.library.filter((card) => card.offByDefault).map((card) => card.category),
      serverTime: this.now(),
    };
  }
}
