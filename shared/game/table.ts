/**
 * Who sits at the table: joining, bots, leaving, kicks, the host and seat order.
 * Seats change freely between rounds; during a round (clues … guess) nobody new sits down and
 * a player who goes keeps the seat, marked `left`, for the server's fallback bot to finish the
 * round with, so a round never loses its chameleon or a voter halfway.
 */
import { cleanText } from "./clue-validation";
import { cleanName, MAX_NAME_CHARS, nameProblem as nameFault, sameName } from "./names";
import { accepted, ruleError } from "./rule-error";
import { MAX_SEATS } from "./settings";
import { BOT_LEVELS, DEFAULT_BOT_LEVEL, type ActionResult, type GameAction, type GameState, type Phase, type PlayerId, type Seat } from "./types";

export { MAX_NAME_CHARS };
export const MAX_BOT_PROFILE_CHARS = 100;

/** Phases in which a round is being played. */
export function isRoundPhase(phase: Phase): boolean {
  return phase === "clues" || phase === "discussion" || phase === "vote" || phase === "tieBreak" || phase === "guess";
}

export function seatOf(state: GameState, playerId: PlayerId): Seat | undefined {
  return state.seats.find((seat) => seat.id === playerId);
}

/** The name is refused (control characters, length) or taken: another seat's name, up to case and look-alike letters. */
function nameProblem(state: GameState, name: string, exceptId?: PlayerId): ActionResult | undefined {
  const fault = nameFault(name);
  if (fault) return ruleError("invalid_name", fault);
  const cleaned = cleanName(name);
  const taken = state.seats.find((seat) => seat.id !== exceptId && sameName(seat.name, cleaned));
  if (taken) return ruleError("name_taken", taken.name === cleaned ? `"${cleaned}" is already at the table: pick another name.` : `"${cleaned}" looks too much like "${taken.name}", who is already at the table: pick another name.`);
  return undefined;
}

/** Why nobody can take a seat now (a round in play, a full table), or undefined when a seat is free. */
export function canSitDown(state: GameState): ActionResult | undefined {
  if (isRoundPhase(state.phase)) return ruleError("round_in_progress", "A round is being played: you can take a seat when it ends.");
  if (state.seats.filter((seat) => !seat.left).length >= MAX_SEATS) return ruleError("table_full", `The table is full (${MAX_SEATS} seats).`);
  return undefined;
}

/** Points a seat earned in this game's rounds: a player who drops out between rounds and comes back keeps them. */
function pointsEarned(state: GameState, playerId: PlayerId): number {
  return state.rounds.reduce((sum, round) => sum + (round.points?.[playerId] ?? 0), 0);
}

/** A new seat at the end of the table; seats of players who left during the last round make room first. */
function seated(table: GameState, seat: Seat): GameState {
  const state = withoutLeftSeats(table);
  return {
    ...state,
    seats: [...state.seats, seat],
    points: { ...state.points, [seat.id]: pointsEarned(state, seat.id) },
    hostId: state.hostId ?? (seat.kind === "human" || state.options.allowBotsOnly ? seat.id : null),
  };
}

/** The next host when `leaving` goes: the next human in seat order, or any seat in a bots-only game. */
function successor(state: GameState, leaving: PlayerId): PlayerId | null {
  const start = state.seats.findIndex((seat) => seat.id === leaving);
  const candidates = state.seats
    .slice(start + 1)
    .concat(state.seats.slice(0, start))
    .filter((seat) => seat.id !== leaving && !seat.left);
  const human = candidates.find((seat) => seat.kind === "human");
  if (human) return human.id;
  return state.options.allowBotsOnly ? (candidates[0]?.id ?? null) : null;
}

/** The seat goes: removed between rounds, marked `left` during one. */
function withoutSeat(state: GameState, playerId: PlayerId): GameState {
  const hostId = state.hostId === playerId ? successor(state, playerId) : state.hostId;
  if (isRoundPhase(state.phase)) {
    return { ...state, hostId, seats: state.seats.map((seat) => (seat.id === playerId ? { ...seat, left: true } : seat)) };
  }
  const points = { ...state.points };
  delete points[playerId];
  return { ...state, hostId, points, seats: state.seats.filter((seat) => seat.id !== playerId) };
}

/** Seats marked `left` are removed when the next round is dealt or a game starts. */
export function withoutLeftSeats(state: GameState): GameState {
  if (!state.seats.some((seat) => seat.left)) return state;
  const points = { ...state.points };
  for (const seat of state.seats) if (seat.left) delete points[seat.id];
  return { ...state, points, seats: state.seats.filter((seat) => !seat.left) };
}

export function hostCheck(state: GameState, by: PlayerId): ActionResult | undefined {
  if (state.hostId !== by) return ruleError("not_host", "Only the host can do that.");
  return undefined;
}

type TableAction = Extract<GameAction, { type: "join" | "addBot" | "setBotLevel" | "leave" | "kick" | "transferHost" | "moveSeat" }>;

export function applyTableAction(state: GameState, action: TableAction): ActionResult {
  switch (action.type) {
    case "join": {
      const existing = seatOf(state, action.playerId);
      if (state.kickedIds.includes(action.playerId)) return ruleError("kicked", "The host removed you from this table.");
      if (existing?.left) {
        // Back within the round: the seat is theirs again, and so is the host's chair if nobody took it
        // (a host who stepped out at a table of bots would otherwise leave a room nobody can start).
        const { left: _left, ...back } = existing;
        const hostId = state.hostId ?? (back.kind === "human" || state.options.allowBotsOnly ? back.id : null);
        return accepted({ ...state, hostId, seats: state.seats.map((seat) => (seat.id === existing.id ? back : seat)) });
      }
      if (existing) return ruleError("already_seated", "You already have a seat at this table.");
      const refused = canSitDown(state);
      if (refused) return refused;
      if (typeof action.playerId !== "string" || action.playerId === "") return ruleError("invalid_action", "A seat needs an id.");
      const badName = nameProblem(state, action.name);
      if (badName) return badName;
      return accepted(seated(state, { id: action.playerId, name: cleanName(action.name), kind: "human" }));
    }
    case "addBot": {
      const notHost = hostCheck(state, action.by);
      if (notHost) return notHost;
      if (seatOf(state, action.playerId)) return ruleError("already_seated", "That seat id is taken.");
      const refused = canSitDown(state);
      if (refused) return refused;
      if (typeof action.playerId !== "string" || action.playerId === "") return ruleError("invalid_action", "A seat needs an id.");
      const badName = nameProblem(state, action.name);
      if (badName) return badName;
      const name = cleanName(action.name);
      const botProfile = typeof action.botProfile === "string" ? cleanText(action.botProfile) : "";
      if (botProfile === "" || botProfile.length > MAX_BOT_PROFILE_CHARS) return ruleError("invalid_action", "A bot needs a profile name.");
      const botLevel = action.botLevel ?? DEFAULT_BOT_LEVEL;
      if (!BOT_LEVELS.includes(botLevel)) return ruleError("invalid_action", `A bot's level is one of ${BOT_LEVELS.join(", ")}.`);
      return accepted(seated(state, { id: action.playerId, name, kind: "bot", botProfile, botLevel }));
    }
    case "setBotLevel": {
      const notHost = hostCheck(state, action.by);
      if (notHost) return notHost;
      const seat = seatOf(state, action.playerId);
      if (!seat) return ruleError("unknown_player", "No such seat at this table.");
      if (seat.kind !== "bot") return ruleError("invalid_action", "Only a bot has a level.");
      if (!BOT_LEVELS.includes(action.level)) return ruleError("invalid_action", `A bot's level is one of ${BOT_LEVELS.join(", ")}.`);
      return accepted({ ...state, seats: state.seats.map((s) => (s.id === seat.id ? { ...s, botLevel: action.level } : s)) });
    }
    case "leave": {
      const seat = seatOf(state, action.playerId);
      if (!seat) return ruleError("not_seated", "You have no seat at this table.");
      if (seat.left) return accepted(state);
      return accepted(withoutSeat(state, action.playerId));
    }
    case "kick": {
      const notHost = hostCheck(state, action.by);
      if (notHost) return notHost;
      const seat = seatOf(state, action.playerId);
      if (!seat) return ruleError("unknown_player", "No such seat at this table.");
      if (seat.id === action.by) return ruleError("invalid_action", "The host cannot kick themselves: leave instead.");
      const kicked = { ...state, kickedIds: [...state.kickedIds, seat.id] };
      return accepted(seat.left ? kicked : withoutSeat(kicked, action.playerId));
    }
    case "transferHost": {
      const notHost = hostCheck(state, action.by);
      if (notHost) return notHost;
      const seat = seatOf(state, action.to);
      if (!seat || seat.left) return ruleError("unknown_player", "No such seat at this table.");
      if (seat.kind === "bot" && !state.options.allowBotsOnly) return ruleError("invalid_action", "A bot cannot host this room.");
      return accepted({ ...state, hostId: seat.id });
    }
    case "moveSeat": {
      const notHost = hostCheck(state, action.by);
      if (notHost) return notHost;
      if (state.phase !== "lobby" && state.phase !== "gameOver") return ruleError("wrong_phase", "Seats can be moved only before a game starts.");
      const from = state.seats.findIndex((seat) => seat.id === action.playerId);
      if (from < 0) return ruleError("unknown_player", "No such seat at this table.");
      if (!Number.isInteger(action.toIndex) || action.toIndex < 0 || action.toIndex >= state.seats.length) {
        return ruleError("invalid_action", `toIndex must be from 0 to ${state.seats.length - 1}.`);
      }
      const seats = state.seats.slice();
      const [moved] = seats.splice(from, 1);
      seats.splice(action.toIndex, 0, moved);
      return accepted({ ...state, seats });
    }
  }
}
