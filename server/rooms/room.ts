import { randomBytes } from "node:crypto";
import { applyAction, createGame } from "../../shared/game/rules";
import { DEFAULT_BOT_LEVEL, type GameAction, type GameSettings, type GameState, type PlayerId, type RoundState, type TopicCard } from "../../shared/game/types";
import { seededRng, type Rng } from "../../shared/random";
import { C2S, S2C, type C2SEvent, type PayloadOf, type RevealedClueScores, type RoomClosedPayload, type RoomSnapshot } from "../../shared/protocol";
import type { Evaluator } from "../../shared/sneak/types";
import type { Agent, Decision } from "../agents/agent";
import type { ServerConfig } from "../config";
import { RoomScoring } from "../scoring/scoring-service";
import { informedCluesUpTo, type ClueToScore } from "../scoring/clue-scoring";
import type { GameSocket } from "./socket-types";
import { CommandError, roomMoved } from "./command-error";
import type { LoggedRevokeReason, Session, SessionStore } from "./sessions";
import { dutyOf, type Duty } from "./bot-duties";
import { SeatDriver } from "./seat-driver";
import { gameActionFor } from "./command-actions";
import { sendSnapshots, snapshotFor, type SnapshotMember, type SnapshotSource, type StandInRecord } from "./room-snapshots";
import { andThen, CommandQueue, settleMaybe } from "./command-queue";
import { isPromiseLike, type MaybePromise } from "../store/log-store";
import { SeatReturns } from "./seat-returns";
import { RoomStandings } from "./room-standings";
import { cleanName, nameProblem, sameName } from "../../shared/game/names";

/** What a room needs from the server: configuration, the card library and the bots. */
export interface RoomDeps {
  config: ServerConfig;
  sessions: SessionStore;
  library: readonly TopicCard[];
  /** The dataset's decoys of a category (best first); [] when unknown. */
  decoysOf(category: string): string[];
  evaluators: readonly Evaluator[];
  /** The agent for a bot seat's profile ("lexical" or "llm:MODEL"). */
  agentFor(profile: string): Agent;
  /** The lexical bot that plays for absent humans and supplies timed-out clues. */
  fallbackAgent: Agent;
  log(line: string): void;
  now?: () => number;
  /** The room's seed (deals, bot decisions, option orders); random when absent. */
  seed?: string;
  /** Bots-only games (the CLI and tests). */
  allowBotsOnly?: boolean;
  /** Sees every change and bot decision (the game log, the CLI). */
  observer?: RoomObserver;
}

/** Hooks for the game log (server/store) and the CLI; every one optional. */
export interface RoomObserver {
  /** The table exists: its first state (the lobby with the host seated, initial settings applied). */
  onCreate?(room: Room, state: GameState): MaybePromise<void>;
  /**
   * Every accepted action, before it takes effect: a throw (or a rejected promise) refuses it, with the
   * error's message to the player (the log could not make it durable) and the ack code in the error's
   * `ackCode` (`UNAVAILABLE`, `ROOM_ELSEWHERE`; else `INTERNAL`). The same holds for onCreate and onSession. A
   * promise holds the room's later changes until it settles (command-queue.ts).
   */
  onAction?(room: Room, action: GameAction, state: GameState, before: GameState): MaybePromise<void>;
  /** A session token was issued (so a restarted server can let the player back in); durable before the ack. */
  onSession?(room: Room, session: { token: string; playerId: string; spectator: boolean }, name: string): MaybePromise<void>;
  /** A member's tokens stopped working for good (kicked, left, a spectator's grace window passed). */
  onSessionEnd?(room: Room, playerId: PlayerId, reason: "kicked" | "left" | "expired"): void;
  /** The room's evaluators, wrapped (e.g. to record every request); called once per room. */
  evaluatorsFor?(room: Room, evaluators: readonly Evaluator[]): Evaluator[];
  onDispose?(room: Room, reason: string): void;
  /** The room was rebuilt from a log after a restart (`logId` names that log). */
  onRestore?(room: Room, state: GameState, logId: string | undefined): void;
  onDecision?(room: Room, seatId: PlayerId, duty: Duty["kind"] | "chat", decision: Decision<string>): void;
  onScores?(room: Room, roundKey: string, scores: RevealedClueScores): void;
}

interface Member extends SnapshotMember {
  token: string;
  /** Spectators only: a spectator away for SNEAK_GRACE_MS is let go. A player's seat stays for the whole game. */
  graceTimer?: NodeJS.Timeout;
}

/**
 * One game table: owns the rules state, its clock (phase deadlines, bot pauses, grace windows), the
 * sockets of its members and its scoring queue. Every change goes through `apply`, then every member gets
 * a fresh snapshot built by `viewFor` for them alone.
 */
export class Room {
  readonly seed: string;
  private state: GameState | null = null;
  private version = 0;
  private rng: Rng;
  private readonly members = new Map<PlayerId, Member>();
  private readonly scoring: RoomScoring;
  private phaseTimer?: NodeJS.Timeout;
  private phaseTimerFor: number | null = null;
  private emptyTimer?: NodeJS.Timeout;
  private hostHandoverTimer?: NodeJS.Timeout;
  private readonly seats: SeatDriver;
  private readonly returns: SeatReturns;
  private readonly revealedRounds = new Set<string>();
  private readonly standings = new RoomStandings();
  private readonly gridSeen = new Map<string, string[]>();
  private initialSettings: object = {};
  private disposed = false;
  /** Set once another game process holds this room: where it went (null: unknown yet). */
  private moved: { url: string | null } | null = null;
  private broadcastPending = false;
  private readonly now: () => number;
  /** Every change of the rules state goes through here, in order (command-queue.ts). */
  private readonly changes = new CommandQueue();

  constructor(
    readonly code: string,
    private readonly deps: RoomDeps,
    private readonly onDispose: () => void = () => {},
  ) {
    this.seed = deps.seed ?? randomBytes(8).toString("hex");
    this.rng = seededRng(`room/${this.seed}`);
    this.now = deps.now ?? Date.now;
    const evaluators = deps.observer?.evaluatorsFor?.(this, deps.evaluators) ?? deps.evaluators;
    this.scoring = new RoomScoring(evaluators, (key, scored) => this.attachScores(key, [scored]), deps.log);
    this.returns = new SeatReturns(
      () => this.now(),
      () => {
        this.bumpVersion();
        this.broadcast();
      },
    );
    this.seats = new SeatDriver({
      code: this.code,
      seed: this.seed,
      deps,
      onDecision: (seatId, duty, decision) => deps.observer?.onDecision?.(this, seatId, duty, decision),
      state: () => (this.disposed ? null : this.state),
      now: () => this.now(),
      isConnected: (seatId) => (this.members.get(seatId)?.sockets.size ?? 0) > 0,
      gridSeen: (key) => this.gridSeen.get(key),
      apply: (action) => this.applyInternal(action),
      onStandIn: (seatId, action) => {
        const member = this.members.get(seatId);
        const state = this.state;
        if (member && state) member.standIns.push(standInRecordOf(action, state));
      },
    });
    this.armEmptyTimer();
  }

  // ─── Membership ───────────────────────────────────────────────────────────

  applyInitialSettings(settings: object): void {
    this.initialSettings = settings;
  }

  hasMember(playerId: PlayerId): boolean {
    return this.members.has(playerId);
  }

  /**
   * Seats a human (or adds a spectator) and issues their session token. The first human creates the game (the
   * table opens the game log, then the token is logged); anyone else's token is logged before they take their
   * seat, so that no seat exists whose token the log lacks. A refusal at any step leaves no token behind.
   */
  admit(name: string, spectator: boolean): MaybePromise<Session> {
    this.refuseIfMoved();
    const fault = nameProblem(name);
    if (fault) throw new CommandError("RULE", fault, "invalid_name");
    return this.changes.run(() => {
      // Seats check their names among themselves in the rules; the room keeps spectators' names apart from them.
      this.refuseNameInUse(name, spectator);
      if (spectator && this.state === null) throw new CommandError("ROOM_NOT_FOUND", "this room has no table yet");
      const playerId = `${spectator ? "s" : "p"}-${randomBytes(6).toString("base64url")}`;
      const creating = !spectator && this.state === null;
      const opened = creating ? this.createGameWithHost(playerId, name, "human") : undefined;
      return andThen(opened, () => {
        const session = this.deps.sessions.issue(this.code, playerId, spectator);
        const logged = this.orDiscard(session, () => this.recorded(() => this.deps.observer?.onSession?.(this, { token: session.token, playerId, spectator }, cleanName(name))));
        const seated = andThen(logged, () => (spectator || creating ? undefined : this.orDiscard(session, () => this.apply({ type: "join", now: this.now(), playerId, name }))));
        return andThen(seated, () => {
          this.members.set(playerId, { playerId, name: cleanName(name), spectator, token: session.token, sockets: new Set(), awaySince: null, standIns: [] });
          this.broadcast();
          return session;
        });
      });
    });
  }

  /**
   * One name, one member: nobody may join (nor a bot be added) under a spectator's name, and a spectator may
   * not watch under a seat's name, look-alikes included (names.ts `sameName`). A seat's name against another
   * seat's is the rules' check (`name_taken` too).
   */
  private refuseNameInUse(name: string, spectator: boolean): void {
    const cleaned = cleanName(name);
    const refuse = (taken: string, who: string): never => {
      throw new CommandError("RULE", taken === cleaned ? `"${taken}" is ${who} in this room: pick another name.` : `"${cleaned}" looks too much like "${taken}", ${who} in this room: pick another name.`, "name_taken");
    };
    const seat = spectator ? this.state?.seats.find((s) => sameName(s.name, name)) : undefined;
    if (seat) refuse(seat.name, seat.kind === "bot" ? "a bot's name" : "a player's name");
    for (const member of this.members.values()) if (member.spectator && sameName(member.name, name)) refuse(member.name, "a spectator's name");
  }

  /** A bots-only table for the CLI and tests: the first bot hosts. */
  seatBots(bots: readonly { name: string; profile: string }[]): MaybePromise<PlayerId[]> {
    const ids: PlayerId[] = [];
    let seated: MaybePromise<void> = undefined;
    for (const bot of bots) {
      seated = andThen(seated, () =>
        this.changes.run(() => {
          const playerId = `b-${randomBytes(6).toString("base64url")}`;
          ids.push(playerId);
          if (this.state === null) return this.createGameWithHost(playerId, bot.name, "bot", bot.profile);
          return this.apply({ type: "addBot", now: this.now(), by: this.state.hostId!, playerId, name: bot.name, botProfile: bot.profile });
        }),
      );
    }
    return andThen(seated, () => ids);
  }

  /** Host commands for a table the server runs itself (the CLI): applied as the host; a refusal throws. */
  hostAct(action: "start" | "nextRound" | "endGame"): MaybePromise<void>;
  hostAct(action: "updateSettings", settings: Partial<GameSettings>): MaybePromise<void>;
  hostAct(action: "start" | "nextRound" | "endGame" | "updateSettings", settings?: Partial<GameSettings>): MaybePromise<void> {
    return this.changes.run(() => {
      const by = this.state?.hostId;
      if (!by) throw new CommandError("NOT_IN_ROOM", "this room has no table yet");
      if (action === "updateSettings") return this.apply({ type: "updateSettings", now: this.now(), by, settings: settings ?? {} });
      return this.apply({ type: action, now: this.now(), by });
    });
  }

  private createGameWithHost(playerId: PlayerId, name: string, kind: "human" | "bot", botProfile?: string): MaybePromise<void> {
    let state: GameState;
    try {
      state = createGame({
        host: { playerId, name, kind, botProfile },
        library: this.deps.library,
        options: { allowBotsOnly: this.deps.allowBotsOnly ?? false },
      });
    } catch (error) {
      throw new CommandError("RULE", error instanceof Error ? error.message : String(error), "invalid_action");
    }
    this.state = state;
    this.bumpVersion();
    if (Object.keys(this.initialSettings).length > 0) {
      const result = applyAction(state, { type: "updateSettings", now: this.now(), by: playerId, settings: this.initialSettings as never }, this.rng);
      this.initialSettings = {};
      if (!result.ok) {
        this.state = null;
        throw new CommandError("RULE", result.message, result.code);
      }
      this.state = result.state;
    }
    // The log opens before the host's session is issued (admit waits for both on Postgres).
    return this.recorded(() => this.deps.observer?.onCreate?.(this, this.state!));
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
    if (this.state !== null) throw new Error(`room ${this.code} already has a table`);
    for (const { token, reason } of revoked) this.deps.sessions.adoptRevoked(token, reason);
    this.deps.observer?.onRestore?.(this, state, logId);
    this.state = state;
    this.rng = rng;
    this.bumpVersion();
    for (const session of sessions) {
      const seat = state.seats.find((s) => s.id === session.playerId);
      if (!session.spectator && (!seat || seat.left)) continue;
      this.deps.sessions.adopt({ token: session.token, roomCode: this.code, playerId: session.playerId, spectator: session.spectator });
      const member: Member = {
        playerId: session.playerId,
        name: seat?.name ?? session.name ?? "Spectator",
        spectator: session.spectator,
        token: session.token,
        sockets: new Set(),
        awaySince: this.now(),
        standIns: [],
      };
      if (member.spectator) this.armGrace(member);
      this.members.set(member.playerId, member);
    }
    for (const round of state.rounds) {
      if (round.outcome === null && !round.aborted) continue;
      this.revealedRounds.add(this.roundKey(state, round));
      // The leaderboard counts the current game's rounds again (earlier games' live only in the log).
      this.standings.countRound(state, round);
      for (const clue of round.clues) for (const record of clue.scores) this.standings.countClue(state, state.gameNumber, record as RevealedClueScores);
    }
    const current = state.rounds[state.rounds.length - 1];
    if (current) {
      const key = this.roundKey(state, current);
      this.gridSeen.set(key, current.card.words.slice());
      current.clues.forEach((clue, index) => {
        if (clue.scores.length === 0) this.scoring.enqueue(key, this.clueJob(state, current, index));
      });
      if (this.revealedRounds.has(key)) this.scoring.reveal(key);
    }
    this.armPhaseTimer();
    this.seats.schedule();
    this.armHostHandover();
  }

  attach(playerId: PlayerId, socket: GameSocket): void {
    const member = this.members.get(playerId);
    if (this.moved && !this.disposed) return this.sendAway(socket);
    if (!member || this.disposed) {
      socket.disconnect(true);
      return;
    }
    // One connection per seat: the newest wins, and the one it replaces is told why it is cut off.
    for (const previous of member.sockets) {
      if (previous === socket) continue;
      previous.data.session = undefined;
      previous.emit(S2C.sessionReplaced, { reason: "opened-elsewhere", message: "This seat was opened in another tab or on another device." });
      previous.disconnect(true);
    }
    member.sockets.clear();
    member.sockets.add(socket);
    clearTimeout(member.graceTimer);
    member.graceTimer = undefined;
    member.awaySince = null;
    clearTimeout(this.emptyTimer);
    this.emptyTimer = undefined;
    this.bumpVersion();
    this.broadcast();
    // A returning human takes their seat back from the fallback bot: drop its pending pauses.
    this.seats.forget(playerId);
    this.seats.schedule();
    // The host is back, or a human arrived who can take over from an away host.
    this.armHostHandover();
  }

  detach(playerId: PlayerId, socket: GameSocket): void {
    const member = this.members.get(playerId);
    if (!member || !member.sockets.delete(socket) || member.sockets.size > 0 || this.disposed) return;
    member.awaySince = this.now();
    // A player keeps the seat, its points and a bot in it until they come back; a spectator is let go.
    if (member.spectator) this.armGrace(member);
    this.bumpVersion();
    this.broadcast();
    this.seats.schedule();
    this.armHostHandover();
    if (this.connectedCount() === 0) this.armEmptyTimer();
  }

  /**
   * A host away for SNEAK_GRACE_MS hands the host's role to the next connected human in seat order (their
   * seat and points stay): otherwise nobody could deal the next round. Re-checked whenever someone comes or goes.
   */
  private armHostHandover(): void {
    clearTimeout(this.hostHandoverTimer);
    this.hostHandoverTimer = undefined;
    const hostId = this.state?.hostId;
    const host = hostId ? this.members.get(hostId) : undefined;
    if (!host || host.sockets.size > 0 || host.awaySince === null || this.disposed) return;
    const due = Math.max(0, host.awaySince + this.deps.config.graceMs - this.now());
    this.hostHandoverTimer = setTimeout(() => {
      this.hostHandoverTimer = undefined;
      const state = this.state;
      if (!state || state.hostId !== host.playerId || host.sockets.size > 0 || this.disposed) return;
      const start = state.seats.findIndex((seat) => seat.id === host.playerId);
      const next = [...state.seats.slice(start + 1), ...state.seats.slice(0, start)].find(
        (seat) => seat.kind === "human" && !seat.left && (this.members.get(seat.id)?.sockets.size ?? 0) > 0,
      );
      if (next) this.applyInternal({ type: "transferHost", now: this.now(), by: host.playerId, to: next.id });
    }, due);
    this.hostHandoverTimer.unref?.();
  }

  private armGrace(member: Member): void {
    clearTimeout(member.graceTimer);
    member.graceTimer = setTimeout(() => this.expire(member.playerId), this.deps.config.graceMs);
    member.graceTimer.unref?.();
  }

  private expire(playerId: PlayerId): void {
    const member = this.members.get(playerId);
    if (!member || member.sockets.size > 0) return;
    this.endSession(member, "expired");
    this.removeMember(playerId, "expired");
  }

  /** A member leaves for good: their token stops working; a seated player's seat goes (host passes on). */
  leave(playerId: PlayerId): void {
    const member = this.members.get(playerId);
    if (!member) return;
    this.endSession(member, "left");
    this.removeMember(playerId, null);
  }

  /** The member's token stops working for good, here and (through the game log) after a restart. */
  private endSession(member: Member, reason: "kicked" | "left" | "expired"): void {
    this.deps.sessions.revoke(member.token, reason);
    this.deps.observer?.onSessionEnd?.(this, member.playerId, reason);
  }

  private removeMember(playerId: PlayerId, closeReason: RoomClosedPayload["reason"] | null): void {
    const member = this.members.get(playerId);
    if (!member) return;
    clearTimeout(member.graceTimer);
    this.members.delete(playerId);
    this.returns.forgetSeat(playerId);
    if (!member.spectator && this.state?.seats.some((s) => s.id === playerId)) {
      void this.applyInternal({ type: "leave", now: this.now(), playerId });
    }
    // Leaving keeps the socket (it may join another room); being removed closes it.
    for (const socket of member.sockets) {
      socket.data.session = undefined;
      if (!closeReason) continue;
      socket.emit(S2C.roomClosed, { reason: closeReason });
      socket.disconnect(true);
    }
    this.bumpVersion();
    this.broadcast();
    this.seats.schedule();
    if (this.connectedCount() === 0) this.armEmptyTimer();
  }

  /**
   * Snapshot versions are a hybrid clock: one more than the last, and never below the server's clock in ms.
   * A room rebuilt after a restart (or a crash) therefore starts above every version the old process sent,
   * with no counter to persist: the restart took longer than the room's changes could run ahead of the clock.
   */
  private bumpVersion(): void {
    this.version = Math.max(this.version + 1, this.now());
  }

  private connectedCount(): number {
    let count = 0;
    for (const member of this.members.values()) count += member.sockets.size;
    return count;
  }

  /** Counts from when the room last became empty: later departures do not extend its life. */
  private armEmptyTimer(): void {
    if (this.emptyTimer !== undefined) return;
    this.emptyTimer = setTimeout(() => {
      this.emptyTimer = undefined;
      if (this.connectedCount() === 0) this.dispose("room-closed");
    }, this.deps.config.emptyRoomMs);
    this.emptyTimer.unref?.();
  }

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

  /**
   * Another game process holds this room now (this one stalled past its lease and the room was taken over, or
   * the game log refused its write for that reason). Nothing new starts here: a command is answered
   * ROOM_ELSEWHERE with `url`; the commands already waiting for the log get their answers first (the log refuses
   * them, and the socket layer names `url`), then every member is told where the room went (`room:moved`) and
   * disconnected, and the room stops here without being closed in the log, which the new owner goes on writing.
   */
  moveOut(url: string | null): void {
    if (this.disposed || this.moved) return;
    this.moved = { url };
    clearTimeout(this.phaseTimer);
    clearTimeout(this.emptyTimer);
    clearTimeout(this.hostHandoverTimer);
    this.seats.dispose();
    this.returns.dispose();
    const tellAndStop = () => {
      for (const member of this.members.values()) for (const socket of member.sockets) this.sendAway(socket);
      this.close(null);
    };
    // Bounded: the log answers or times out well within this (pg-game-store.ts), and the room must go regardless.
    const waited = Promise.race([this.changes.idle(), new Promise<void>((resolve) => setTimeout(resolve, MOVE_OUT_WAIT_MS).unref?.())]);
    // After the answers' own microtasks: each ack is on its socket before the socket closes.
    void waited.then(() => setImmediate(tellAndStop));
  }

  /** Where the room went, once another process holds it (moveOut); null while it is played here. */
  get movedTo(): { url: string | null } | null {
    return this.moved;
  }

  private sendAway(socket: GameSocket): void {
    const url = this.moved?.url ?? null;
    const message = url ? `This room has moved to another game server (${url}): reconnect there with your token.` : "This room has moved to another game server: reconnect with your token.";
    socket.emit(S2C.roomMoved, url ? { url, message } : { message });
    socket.data.session = undefined;
    socket.disconnect(true);
  }

  /** A command that arrives after the room moved is not played here. */
  private refuseIfMoved(): void {
    if (this.moved) throw roomMoved(this.code, this.moved.url);
  }

  private close(reason: RoomClosedPayload["reason"] | null): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.phaseTimer);
    clearTimeout(this.emptyTimer);
    clearTimeout(this.hostHandoverTimer);
    this.seats.dispose();
    this.returns.dispose();
    this.scoring.dispose();
    for (const member of this.members.values()) {
      clearTimeout(member.graceTimer);
      for (const socket of member.sockets) {
        if (reason) socket.emit(S2C.roomClosed, { reason });
        socket.data.session = undefined;
        socket.disconnect(true);
      }
    }
    this.members.clear();
    this.deps.sessions.revokeRoom(this.code);
    if (reason) this.deps.observer?.onDispose?.(this, reason);
    this.onDispose();
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** The current rules state: for the server's own use (CLI, tests of the server), never for a client. */
  get serverState(): GameState | null {
    return this.state;
  }

  /** Resolves when every clue given so far has been scored. */
  scoringSettled(): Promise<void> {
    return this.scoring.settled();
  }

  // ─── Commands ─────────────────────────────────────────────────────────────

  /** A client command from an authenticated member; returns the ack or throws a CommandError. */
  command(playerId: PlayerId, event: C2SEvent, payload: unknown): MaybePromise<{ ok: true } & Record<string, unknown>> {
    this.refuseIfMoved();
    const member = this.members.get(playerId);
    if (!member || !this.state) throw new CommandError("NOT_IN_ROOM", "create or join a room first");
    // A resync changes nothing: answered at once, even while moves wait for the log.
    if (event === C2S.roomResync) return { ok: true, state: snapshotFor(this.snapshotSource(), member) };
    return this.changes.run(() => this.change(playerId, event, payload));
  }

  private change(playerId: PlayerId, event: C2SEvent, payload: unknown): MaybePromise<{ ok: true } & Record<string, unknown>> {
    const member = this.members.get(playerId);
    const state = this.state;
    if (!member || !state) throw new CommandError("NOT_IN_ROOM", "create or join a room first");
    const now = this.now();
    const p = payload as Record<string, unknown>;
    if (event === C2S.roomResync) return { ok: true, state: snapshotFor(this.snapshotSource(), member) };
    // The player makes a move again: the "a bot played for you" list has been seen (chatting keeps it, so a
    // player who came back can still take back the stand-in's vote).
    if (member.standIns.length > 0 && event !== C2S.chatSend) {
      member.standIns = [];
      this.bumpVersion();
      this.broadcast();
    }
    if (member.spectator) {
      // A spectator is not the host (a host command), nor a player (a move or the chat).
      if (event.startsWith("host:")) throw new CommandError("NOT_HOST", "only the host can do that, and spectators never host");
      if (event.startsWith("game:") || event === C2S.chatSend) throw new CommandError("NOT_A_PLAYER", "spectators watch; join as a player to take part");
    }
    switch (event) {
      case C2S.hostAddBot:
        return andThen(this.addBot(playerId, p as PayloadOf<typeof C2S.hostAddBot>), (added) => ({ ok: true as const, playerId: added }));
      case C2S.hostRemoveBot: {
        const target = state.seats.find((s) => s.id === p.playerId);
        if (!target || target.kind !== "bot") throw new CommandError("UNKNOWN_PLAYER", "no bot with that id at this table");
        return andThen(this.apply({ type: "kick", now, by: playerId, playerId: target.id }), () => OK);
      }
      case C2S.hostKick:
        return andThen(this.kick(playerId, p.playerId as string), () => OK);
      case C2S.hostAnswerSeat:
        return andThen(this.answerSeatRequest(playerId, p.requestId as string, p.approve as boolean), () => OK);
      default: {
        const action = gameActionFor(event, playerId, payload, now);
        if (!action) throw new CommandError("BAD_PAYLOAD", `"${event}" is not a room command`);
        return andThen(this.apply(action), () => OK);
      }
    }
  }

  private addBot(by: PlayerId, request: PayloadOf<typeof C2S.hostAddBot>): MaybePromise<PlayerId> {
    const state = this.state!;
    if (state.hostId !== by) throw new CommandError("NOT_HOST", "only the host can add bots");
    let profile = "lexical";
    if (request.kind === "llm") {
      const models = this.deps.config.botModels;
      const model = request.model ?? models[0];
      if (model === undefined) throw new CommandError("UNKNOWN_MODEL", "this server offers no LLM models (set SNEAK_BOT_MODELS)");
      if (!models.includes(model)) throw new CommandError("UNKNOWN_MODEL", `"${model}" is not offered; choose one of: ${models.join(", ")}`);
      profile = `llm:${model}`;
    }
    const playerId = `b-${randomBytes(6).toString("base64url")}`;
    const names = [...state.seats.map((s) => s.name), ...[...this.members.values()].filter((m) => m.spectator).map((m) => m.name)];
    const free = (candidate: string) => !names.some((n) => sameName(n, candidate));
    const name = request.name ?? BOT_NAMES.find(free) ?? `Bot ${state.seats.length + 1}`;
    if (request.name !== undefined) this.refuseNameInUse(request.name, false);
    return andThen(this.apply({ type: "addBot", now: this.now(), by, playerId, name, botProfile: profile, botLevel: request.level ?? DEFAULT_BOT_LEVEL }), () => playerId);
  }

  private kick(by: PlayerId, targetId: PlayerId): MaybePromise<void> {
    const state = this.state!;
    if (state.hostId !== by) throw new CommandError("NOT_HOST", "only the host can remove players");
    const target = this.members.get(targetId);
    if (target?.spectator) {
      this.endSession(target, "kicked");
      this.removeMember(targetId, "kicked");
      return;
    }
    return andThen(this.apply({ type: "kick", now: this.now(), by, playerId: targetId }), () => {
      if (!target) return;
      this.endSession(target, "kicked");
      this.members.delete(targetId);
      this.returns.forgetSeat(targetId);
      clearTimeout(target.graceTimer);
      for (const socket of target.sockets) {
        socket.emit(S2C.roomClosed, { reason: "kicked" });
        socket.data.session = undefined;
        socket.disconnect(true);
      }
    });
  }

  // ─── Seats taken back from another device ─────────────────────────────────

  /** The human seat a returning player names (case and look-alikes aside); refuses when there is none. */
  private seatNamed(name: string): Member {
    const seat = this.state?.seats.find((s) => s.kind === "human" && !s.left && sameName(s.name, name));
    const member = seat ? this.members.get(seat.id) : undefined;
    if (!seat || !member || member.spectator) throw new CommandError("UNKNOWN_PLAYER", `No player named "${name.trim()}" has a seat at this table.`);
    return member;
  }

  /** `room:reclaim`: the seat's rejoin code gives it to this socket's new session. */
  reclaim(name: string, rejoinCode: string): MaybePromise<Session> {
    this.refuseIfMoved();
    const member = this.seatNamed(name);
    const check = this.returns.check(member.playerId, rejoinCode);
    if (!check.ok) {
      if (check.reason === "locked") throw new CommandError("RATE_LIMITED", `Too many wrong codes for this seat: a new code was made. Try again in ${check.retryInSeconds} s, or ask the host.`);
      throw new CommandError("WRONG_REJOIN_CODE", "That is not this seat's rejoin code. It is shown on the device you played on, under the players.");
    }
    return this.handOver(member);
  }

  /** `room:askSeat`: a request the host answers with `host:answerSeat`; the asker hears back on `seat:answer`. */
  askForSeat(name: string, socket: GameSocket): string {
    this.refuseIfMoved();
    const member = this.seatNamed(name);
    const hostId = this.state?.hostId;
    const host = hostId ? this.members.get(hostId) : undefined;
    if (!host || host.sockets.size === 0 || hostId === member.playerId) {
      throw new CommandError("RULE", "The host is not here to approve: use the rejoin code shown on your other device.", "host_away");
    }
    const request = this.returns.ask(member.playerId, name.trim(), socket, () => {
      if (socket.connected) socket.emit(S2C.seatAnswer, { approved: false, message: "The host did not answer in time. Ask again, or use your rejoin code." });
    });
    if (!request) throw new CommandError("RATE_LIMITED", "A request for this seat is already waiting for the host.");
    return request.requestId;
  }

  private answerSeatRequest(by: PlayerId, requestId: string, approve: boolean): MaybePromise<void> {
    if (this.state?.hostId !== by) throw new CommandError("NOT_HOST", "Only the host can answer a request for a seat.");
    const request = this.returns.take(requestId);
    if (!request) throw new CommandError("UNKNOWN_PLAYER", "That request is no longer waiting (answered, withdrawn or expired).");
    const member = this.members.get(request.playerId);
    if (!request.socket.connected || request.socket.data.session) return;
    if (!approve || !member) {
      request.socket.emit(S2C.seatAnswer, { approved: false, message: "The host said no." });
      return;
    }
    return andThen(this.handOver(member), (session) => {
      request.socket.data.session = session;
      request.socket.emit(S2C.seatAnswer, { approved: true, code: this.code, token: session.token, playerId: session.playerId, spectator: false });
      this.attach(session.playerId, request.socket);
    });
  }

  /**
   * The seat moves to a new session, once the game log holds it (so a restarted server honours the new token,
   * and refuses the old one as reclaimed): the old token is retired and the device still on it is told and
   * disconnected. If the log cannot record it, nothing changes and the old token still works.
   */
  private handOver(member: Member): MaybePromise<Session> {
    const session = this.deps.sessions.issue(this.code, member.playerId, false);
    const logged = this.orDiscard(session, () => this.recorded(() => this.deps.observer?.onSession?.(this, { token: session.token, playerId: member.playerId, spectator: false }, member.name)));
    return andThen(logged, () => {
      this.deps.sessions.revoke(member.token, "reclaimed");
      member.token = session.token;
      for (const socket of member.sockets) {
        socket.data.session = undefined;
        socket.emit(S2C.sessionReplaced, { reason: "seat-reclaimed", message: "Your seat was taken back on another device, which plays it from now on." });
        socket.disconnect(true);
      }
      member.sockets.clear();
      return session;
    });
  }

  /** A step of issuing `session`: if it throws or rejects, the token is discarded (no token outlives a refusal) and the error goes on. */
  private orDiscard(session: Session, step: () => MaybePromise<unknown>): MaybePromise<void> {
    return settleMaybe(step, () => undefined, (error): never => {
      this.deps.sessions.discard(session.token);
      throw error;
    });
  }

  // ─── Applying actions ─────────────────────────────────────────────────────

  /**
   * Applies a player's action; a refusal becomes a RULE error ack. Called inside a change of the room's
   * queue (`this.changes`), so the state it checks against cannot move until it has settled.
   */
  private apply(action: GameAction): MaybePromise<void> {
    if (!this.state) throw new CommandError("NOT_IN_ROOM", "this room has no table yet");
    const before = this.state;
    // The reducer draws from the room's RNG (deals, tie-breaks). A refused move must not have drawn, or the
    // next deal would differ from what a replay of the log deals.
    const rngBefore = this.deps.observer?.onAction ? this.rng.clone?.() : undefined;
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
      durable = this.recorded(() => this.deps.observer?.onAction?.(this, action, result.state, before));
    } catch (error) {
      return undoDraws(error);
    }
    if (!isPromiseLike(durable)) return this.take(before, result.state);
    return durable.then(() => this.take(before, result.state), undoDraws);
  }

  /** The action is durable: it takes effect. */
  private take(before: GameState, after: GameState): void {
    this.state = after;
    this.bumpVersion();
    // A room closed while its last move was being written keeps the state and starts nothing new.
    if (!this.disposed) this.afterChange(before, after);
  }

  /**
   * An observer's write; its failure (thrown or rejected) refuses the change with its message, as the code the
   * error names in `ackCode` (the game log's: UNAVAILABLE when it is out of service, ROOM_ELSEWHERE when another
   * process has claimed the room), else as INTERNAL.
   */
  private recorded(write: () => MaybePromise<void> | undefined): MaybePromise<void> {
    const refusal = (error: unknown) => (error instanceof CommandError ? error : new CommandError(ackCodeOf(error), error instanceof Error ? error.message : String(error)));
    let written: MaybePromise<void> | undefined;
    try {
      written = write();
    } catch (error) {
      throw refusal(error);
    }
    if (isPromiseLike(written)) {
      return written.then(undefined, (error: unknown) => {
        throw refusal(error);
      });
    }
  }

  /** Applies a server-made action (timeouts, bots, scores) in the room's queue; a refusal is logged, never thrown. */
  private applyInternal(action: GameAction): MaybePromise<boolean> {
    // Server-made actions run from timers: nothing may escape to crash the process.
    return settleMaybe(
      () => this.changes.run(() => this.apply(action)),
      () => true,
      (error) => {
        if (!(error instanceof CommandError) || error.code === "INTERNAL") this.deps.log(`room ${this.code}: ${action.type} failed: ${error instanceof Error ? error.message : String(error)}`);
        else if (action.type !== "readyToVote") this.deps.log(`room ${this.code}: ${action.type} refused: ${error.message}`);
        return false;
      },
    );
  }

  private afterChange(before: GameState, after: GameState): void {
    if (after.gameNumber !== before.gameNumber) this.forgetEarlierGames(after.gameNumber);
    this.queueNewClues(before, after);
    this.revealFinishedRound(after);
    this.armPhaseTimer();
    this.broadcast();
    this.seats.schedule();
    if (after.hostId !== before.hostId) this.armHostHandover();
  }

  private roundKey(state: GameState, round: RoundState): string {
    return `${state.gameNumber}/${round.number}`;
  }

  /** A new game: what the room kept of earlier games' rounds (scores, grids seen) is no longer shown or used. */
  private forgetEarlierGames(gameNumber: number): void {
    const current = (key: string) => key.startsWith(`${gameNumber}/`);
    for (const key of this.revealedRounds) if (!current(key)) this.revealedRounds.delete(key);
    for (const key of this.gridSeen.keys()) if (!current(key)) this.gridSeen.delete(key);
    this.scoring.keepOnly(current);
  }

  private queueNewClues(before: GameState, after: GameState): void {
    const round = after.rounds[after.rounds.length - 1];
    if (!round) return;
    const old = before.gameNumber === after.gameNumber ? before.rounds.find((r) => r.number === round.number) : undefined;
    const from = old ? old.clues.length : 0;
    const key = this.roundKey(after, round);
    // Remember the grid the chameleon saw while clues were given (the hidden-grid variant hides it at the guess).
    if (!this.gridSeen.has(key)) {
      this.gridSeen.set(key, round.card.words.slice());
      this.scoring.prepare(round.card.category, round.card.words);
    }
    for (let index = from; index < round.clues.length; index++) this.scoring.enqueue(key, this.clueJob(after, round, index));
  }

  private clueJob(state: GameState, round: RoundState, index: number): ClueToScore {
    const clue = round.clues[index];
    const key = this.roundKey(state, round);
    return {
      round: round.number,
      clueIndex: index,
      playerId: clue.playerId,
      clue: clue.text,
      byChameleon: clue.playerId === round.chameleonId,
      fallback: clue.fallback,
      category: round.card.category,
      words: round.card.words,
      secret: round.secret,
      decoys: round.card.source === "dataset" ? this.deps.decoysOf(round.card.category) : [],
      informedCluesSoFar: informedCluesUpTo(round.clues.map((c) => ({ text: c.text, byChameleon: c.playerId === round.chameleonId })), index),
      seed: `${this.seed}/${key}/${index}`,
    };
  }

  private revealFinishedRound(state: GameState): void {
    for (const round of state.rounds) {
      const key = this.roundKey(state, round);
      if (this.revealedRounds.has(key) || (round.outcome === null && !round.aborted)) continue;
      this.revealedRounds.add(key);
      this.standings.countRound(state, round);
      const ready = this.scoring.reveal(key);
      if (ready.length > 0) queueMicrotask(() => this.attachScores(key, ready));
    }
  }

  /** Scores go into the state only once their round is revealed (viewFor would hide them anyway). */
  private attachScores(key: string, scores: readonly RevealedClueScores[]): void {
    const state = this.state;
    if (!state || this.disposed) return;
    const [game, roundNumber] = key.split("/").map(Number);
    if (state.gameNumber !== game || !this.revealedRounds.has(key)) return;
    for (const scored of scores) {
      this.deps.observer?.onScores?.(this, key, scored);
      this.standings.countClue(state, game, scored);
    }
    // A round's scores usually arrive together at the reveal: one action, one log write and one snapshot for
    // all of them, not one per clue (each snapshot goes to every member and carries every clue's scores).
    void this.applyInternal({ type: "attachScores", now: this.now(), game, round: roundNumber, clues: scores.map((scored) => ({ clueIndex: scored.clueIndex, scores: [scored] })) });
  }

  // ─── Clock ────────────────────────────────────────────────────────────────

  private armPhaseTimer(): void {
    const deadline = this.state?.deadline ?? null;
    if (deadline === this.phaseTimerFor) return;
    clearTimeout(this.phaseTimer);
    this.phaseTimerFor = deadline;
    if (deadline === null) return;
    this.phaseTimer = setTimeout(() => void this.onDeadline(deadline), Math.max(0, deadline - this.now()));
    this.phaseTimer.unref?.();
  }

  private async onDeadline(deadline: number): Promise<void> {
    const state = this.state;
    if (!state || this.disposed || state.deadline !== deadline) return;
    let fallbackClue: string | undefined;
    let fallbackAccused: PlayerId | undefined;
    const round = state.rounds[state.rounds.length - 1];
    if (state.phase === "clues" && round) {
      const turnId = round.order.find((id) => !round.clues.some((c) => c.playerId === id)) ?? round.order[round.clues.length];
      const duty = turnId ? dutyOf(state, turnId) : null;
      if (duty) fallbackClue = await this.seats.legalClue(turnId, duty, this.deps.fallbackAgent);
      if (this.state?.deadline !== deadline) return;
    }
    if (state.phase === "tieBreak" && round) {
      // An idle dealer's tie-break: the fallback bot chooses for them, as for a timed-out clue (docs/GAME-RULES.md).
      fallbackAccused = await this.seats.standInTieBreak(round.dealerId);
      if (this.state?.deadline !== deadline) return;
    }
    if (await this.applyInternal({ type: "timeout", now: Math.max(this.now(), deadline), fallbackClue, fallbackAccused })) return;
    // Refused (a clock step, a state the rules did not expect): try again shortly rather than spin.
    clearTimeout(this.phaseTimer);
    this.phaseTimer = setTimeout(() => void this.onDeadline(deadline), 1000);
    this.phaseTimer.unref?.();
  }

  // ─── Snapshots ────────────────────────────────────────────────────────────

  /** What the members' snapshots are made of, as of now. */
  private snapshotSource(): SnapshotSource {
    return {
      version: this.version,
      code: this.code,
      state: this.state!,
      members: this.members,
      fallbackSeatIds: new Set(this.seats.serverPlayed().filter((p) => p.fallback).map((p) => p.seatId)),
      botModels: this.deps.config.botModels,
      evaluatorIds: this.deps.evaluators.map((e) => e.id),
      standings: () => this.standings.list(),
      categories: () => this.deps.library.map((card) => card.category),
      rejoinCodeOf: (playerId) => this.returns.codeOf(playerId),
      seatRequests: () => this.returns.pending(),
      categoriesOffByDefault: () => this.deps.library.filter((card) => card.offByDefault).map((card) => card.category),
      serverTime: this.now(),
    };
  }

  /**
   * Snapshots go out at the end of the event-loop turn, one per member for all the changes made in it: the
   * commands of a turn are acknowledged first (each made durable before its ack), and a burst of moves at one
   * table (votes landing together, a reveal and its scores) costs one snapshot per member, not one per move.
   */
  private broadcast(): void {
    if (this.broadcastPending || !this.state || this.disposed) return;
    this.broadcastPending = true;
    setImmediate(() => {
      this.broadcastPending = false;
      this.broadcastNow();
    });
  }

  private broadcastNow(): void {
    if (!this.state || this.disposed) return;
    sendSnapshots(this.snapshotSource());
  }
}

const OK = { ok: true } as const;

/** How long a room that moved away waits for the commands already at the log before it lets its members go. */
const MOVE_OUT_WAIT_MS = 15_000;

/** The ack code a failed observer write asks for (RoomObserver), INTERNAL when it names none the room knows. */
function ackCodeOf(error: unknown): "UNAVAILABLE" | "ROOM_ELSEWHERE" | "INTERNAL" {
  const code = (error as { ackCode?: unknown } | null)?.ackCode;
  return code === "UNAVAILABLE" || code === "ROOM_ELSEWHERE" ? code : "INTERNAL";
}

/** What the fallback bot did in an away player's seat, in the words their snapshot names it. */
function standInRecordOf(action: GameAction, state: GameState): StandInRecord {
  const at = { game: state.gameNumber, round: state.rounds.length };
  switch (action.type) {
    case "giveClue":
      return { kind: "clue", ...at, text: action.text };
    case "vote":
      return { kind: "vote", ...at, targetId: action.target };
    case "breakTie":
      return { kind: "tieBreak", ...at, targetId: action.accusedId };
    case "guess":
      return { kind: "guess", ...at, text: action.word };
    default:
      return { kind: "ready", ...at };
  }
}

const BOT_NAMES = ["Ada", "Basil", "Clio", "Dex", "Echo", "Fern", "Gus", "Hal", "Iris", "Juno"];
