import { applyAction } from "../../shared/game/rules";
import type { GameAction, GameState } from "../../shared/game/types";
import { seededRng, type Rng } from "../../shared/random";
import type { LogReader, LogStore } from "./log-store";
import type { LogOpenRecord, RoundDealtRecord, SessionEndRecord, SessionRecord, StoredEvent } from "./records";

/**
 * Rooms that were open when the server stopped (a crash, a kill -9) are rebuilt from their logs: the
 * starting state plus every logged action, replayed through the pure reducer with an RNG built from the
 * room's recorded seed, gives back the exact state of the last acknowledged move. The replay is checked
 * against the deals the log recorded; a log that does not replay is closed with the reason, never guessed at.
 */

/** Why a logged token stopped working: its session's end, or a newer token for the same seat (the rooms' sessions.ts has the same union). */
export type LoggedRevokeReason = SessionEndRecord["reason"] | "reclaimed";

/** How the room builds its reducer RNG from its seed (server/rooms/room.ts); the replay must draw the same numbers. */
export const roomRngOf = (seed: string): Rng => seededRng(`room/${seed}`);

export interface RestorePlan {
  logId: string;
  roomCode: string;
  seed: string;
  initialState: GameState;
  actions: GameAction[];
  /** The state after every logged action. */
  state: GameState;
  /** The reducer RNG as the replay left it: the restored room goes on drawing from it. */
  rng: Rng;
  /** Sessions whose holder is still at the table (or watching): they may reconnect with their tokens. */
  sessions: Omit<SessionRecord, "kind">[];
  /** Tokens that stopped working before the restart, with the reason the handshake gives for them. */
  revoked: { token: string; reason: LoggedRevokeReason }[];
}

export interface RestoreFailure {
  logId: string;
  roomCode: string;
  reason: string;
}

/** Replays one log. */
export function planOf(events: readonly StoredEvent[], rngOf: (seed: string) => Rng = roomRngOf): RestorePlan | RestoreFailure {
  const open = events.find((e): e is StoredEvent<LogOpenRecord> => e.kind === "log-open");
  const logId = events[0]?.logId ?? "?";
  if (!open) return { logId, roomCode: "?", reason: "the log has no opening record" };
  const fail = (reason: string): RestoreFailure => ({ logId, roomCode: open.roomCode, reason });
  if (!open.initialState) return fail("the log has no starting state to replay from");
  const rng = rngOf(open.seed);
  let state = open.initialState as GameState;
  const actions: GameAction[] = [];
  for (const event of events) {
    if (event.kind !== "action") continue;
    const action = event.action as GameAction;
    // The log holds moves the table accepted: replayed under a clue rule that may have grown stricter since.
    const result = applyAction(state, action, rng, { replay: true });
    if (!result.ok) return fail(`action ${event.seq} (${action?.type}) no longer applies: ${result.message}`);
    state = result.state;
    actions.push(action);
  }
  const divergence = dealDivergence(events, state);
  if (divergence) return fail(divergence);
  const { sessions, revoked } = sessionsOf(events, state);
  return { logId, roomCode: open.roomCode, seed: open.seed, initialState: open.initialState as GameState, actions, state, rng, sessions, revoked };
}

/**
 * Which logged tokens still seat someone, and why the others stopped: a `session-end` record after a token ends
 * it; a seat taken back on another device got a new token, so the newest session of a seat is its only valid
 * one and the older are `reclaimed`; a seat the host kicked (logs written before `session-end` existed) is
 * `kicked`. A token whose seat is gone for another reason seats no one and is unknown, as it was before.
 */
function sessionsOf(events: readonly StoredEvent[], state: GameState): Pick<RestorePlan, "sessions" | "revoked"> {
  const present = new Set(state.seats.filter((s) => !s.left).map((s) => s.id));
  const kicked = new Set(state.kickedIds);
  const newestByPlayer = new Map<string, StoredEvent<SessionRecord>>();
  const ends: StoredEvent<SessionEndRecord>[] = [];
  for (const e of events) {
    if (e.kind === "session") newestByPlayer.set(e.playerId, e as StoredEvent<SessionRecord>);
    else if (e.kind === "session-end") ends.push(e as StoredEvent<SessionEndRecord>);
  }
  const sessions: RestorePlan["sessions"] = [];
  const revoked: RestorePlan["revoked"] = [];
  for (const e of events) {
    if (e.kind !== "session") continue;
    const { token, playerId, spectator, name } = e as StoredEvent<SessionRecord>;
    const ended = ends.find((end) => end.playerId === playerId && end.seq > e.seq);
    if (ended) revoked.push({ token, reason: ended.reason });
    else if (newestByPlayer.get(playerId) !== e) revoked.push({ token, reason: "reclaimed" });
    else if (spectator || present.has(playerId)) sessions.push({ token, playerId, spectator, name });
    else if (kicked.has(playerId)) revoked.push({ token, reason: "kicked" });
  }
  return { sessions, revoked };
}

/** The replayed current game must have dealt what the log says was dealt (same cards, secrets and chameleons). */
function dealDivergence(events: readonly StoredEvent[], state: GameState): string | null {
  const dealt = events.filter((e): e is StoredEvent<RoundDealtRecord> => e.kind === "round-dealt" && e.gameNumber === state.gameNumber);
  for (const record of dealt) {
    const round = state.rounds.find((r) => r.number === record.round);
    if (!round || round.secret !== record.secret || round.card.category !== record.category || round.order[record.chameleonSeat] !== round.chameleonId) {
      return `the replay dealt round ${record.round} differently from the log (was the room's RNG changed?)`;
    }
  }
  return null;
}

export function isFailure(plan: RestorePlan | RestoreFailure): plan is RestoreFailure {
  return "reason" in plan;
}

/** Every open log, replayed (without claiming the rooms: read-only tools, or a single writer that already holds them). */
export async function plansForOpenLogs(store: LogReader, rngOf?: (seed: string) => Rng): Promise<(RestorePlan | RestoreFailure)[]> {
  const plans: (RestorePlan | RestoreFailure)[] = [];
  for (const log of await store.openLogs()) plans.push(planOf(await store.eventsOf(log.logId), rngOf));
  return plans;
}

/**
 * Takes a room over from its log (at start-up, or from a process that died): claims the room first, which on
 * Postgres fences off every later write of its previous owner and waits for the ones in flight, then replays
 * the room's latest open log. null: the room has no open log (it closed).
 */
export async function restoreRoom(store: LogStore, roomCode: string, owner?: string, rngOf?: (seed: string) => Rng): Promise<RestorePlan | RestoreFailure | null> {
  await store.claimRoom(roomCode, owner);
  const open = (await store.openLogs()).filter((log) => log.roomCode === roomCode);
  const latest = open[open.length - 1];
  return latest ? planOf(await store.eventsOf(latest.logId), rngOf) : null;
}

/** Claims and replays every room whose log is open (a single server restarting on its own log). */
export async function restoreOpenRooms(store: LogStore, owner?: string, rngOf?: (seed: string) => Rng): Promise<(RestorePlan | RestoreFailure)[]> {
  const open = await store.openLogs();
  const plans: (RestorePlan | RestoreFailure)[] = [];
  const latest = new Map(open.map((log) => [log.roomCode, log.logId]));
  // An older log of a room code opened again later cannot be restored beside it (a code names one room).
  for (const log of open) {
    if (latest.get(log.roomCode) !== log.logId) plans.push({ logId: log.logId, roomCode: log.roomCode, reason: "a later log of the same room code is open" });
  }
  for (const code of latest.keys()) {
    const plan = await restoreRoom(store, code, owner, rngOf);
    if (plan) plans.push(plan);
  }
  return plans;
}
