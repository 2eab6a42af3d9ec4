import { normalizeForComparison } from "../../shared/game/clue-validation";
import type { GameState, PlayerId, RoundState } from "../../shared/game/types";
import type { MoveSource, SeatInfo, StoreRecord } from "./records";

/**
 * The research records one change of state produced, found by comparing the state before and after an
 * action (the reducer never mutates, so unchanged rounds are the same objects). Reading the states rather
 * than the actions covers every path the rules take: a vote that closes the vote and finishes the round,
 * a timeout that supplies a clue, a tie broken at random.
 */

export interface RecordContext {
  /** The category's decoys that scoring uses; [] for custom cards. */
  decoysOf(round: RoundState): string[];
  /** Seats whose next move is the fallback bot's (an absent human), as the room reported them. */
  playedByFallback(playerId: PlayerId): boolean;
}

/** The whole table in seat order (a game's start). */
export function seatsOf(state: GameState): SeatInfo[] {
  return state.seats.map((seat, index) => ({
    seat: index,
    playerId: seat.id,
    controller: seat.kind,
    ...(seat.kind === "bot" ? { model: seat.botProfile ?? "lexical" } : {}),
  }));
}

/**
 * A round's seats, numbered by their place in the round's clue order (0 = the dealer). The order is fixed
 * at the deal and a seat stays (marked `left`) until the round ends, so the numbers hold for the whole round.
 */
function roundSeats(state: GameState, round: RoundState): SeatInfo[] {
  return round.order.map((id, index) => {
    const seat = state.seats.find((s) => s.id === id);
    const bot = seat?.kind === "bot";
    return { seat: index, playerId: id, controller: bot ? "bot" : "human", ...(bot ? { model: seat?.botProfile ?? "lexical" } : {}) };
  });
}

export function recordsOfChange(before: GameState, after: GameState, ctx: RecordContext): StoreRecord[] {
  const records: StoreRecord[] = [];
  const sameGame = before.gameNumber === after.gameNumber;
  const game = after.gameNumber;
  if (!sameGame && game > 0) records.push({ kind: "game-start", gameNumber: game, settings: after.settings, seats: seatsOf(after) });
  for (const round of after.rounds) {
    const old = sameGame ? before.rounds.find((r) => r.number === round.number) : undefined;
    if (old === round) continue;
    records.push(...roundRecords(after, old, round, ctx));
  }
  const ended = after.phase === "gameOver" && (before.phase !== "gameOver" || !sameGame);
  if (ended && game > 0) {
    const last = after.rounds[after.rounds.length - 1];
    const seats = last ? roundSeats(after, last) : seatsOf(after);
    const seatOf = seatNumbers(seats);
    records.push({
      kind: "game-over",
      gameNumber: game,
      winnerSeats: (after.winners ?? []).map(seatOf).filter((s): s is number => s !== null),
      points: seats.map((s) => ({ seat: s.seat, total: after.points[s.playerId] ?? 0 })),
      aborted: after.winners === null,
    });
  }
  return records;
}

function seatNumbers(seats: readonly SeatInfo[]): (id: PlayerId | null) => number | null {
  const byId = new Map(seats.map((s) => [s.playerId, s.seat]));
  return (id) => (id === null ? null : (byId.get(id) ?? null));
}

function roundRecords(state: GameState, old: RoundState | undefined, round: RoundState, ctx: RecordContext): StoreRecord[] {
  const records: StoreRecord[] = [];
  const dealtSeats = roundSeats(state, round);
  const seatOf = seatNumbers(dealtSeats);
  const at = { gameNumber: state.gameNumber, round: round.number };
  const sourceOf = (id: PlayerId, fallbackFlag = false): MoveSource => {
    const seat = state.seats.find((s) => s.id === id);
    if (fallbackFlag || seat?.left || (seat?.kind === "human" && ctx.playedByFallback(id))) return "fallback";
    return seat?.kind === "bot" ? "bot" : "human";
  };
  if (!old) {
    records.push({
      kind: "round-dealt",
      ...at,
      category: round.card.category,
      words: round.card.words.slice(),
      secret: round.secret,
      decoys: ctx.decoysOf(round),
      chameleonSeat: seatOf(round.chameleonId)!,
      dealerSeat: seatOf(round.dealerId)!,
      seats: dealtSeats,
    });
  }
  for (let turn = old?.clues.length ?? 0; turn < round.clues.length; turn++) {
    const clue = round.clues[turn];
    const source = sourceOf(clue.playerId, clue.fallback);
    const seat = state.seats.find((s) => s.id === clue.playerId);
    records.push({
      kind: "clue",
      ...at,
      turn,
      seat: seatOf(clue.playerId)!,
      text: clue.text,
      source,
      ...(source === "human" ? {} : { model: source === "fallback" ? "lexical" : (seat?.botProfile ?? "lexical") }),
      byChameleon: clue.playerId === round.chameleonId,
    });
  }
  if (old?.votes !== round.votes) {
    for (const [voter, target] of Object.entries(round.votes)) {
      if (old?.votes[voter] === target) continue;
      records.push({ kind: "vote", ...at, voterSeat: seatOf(voter)!, targetSeat: seatOf(target), source: sourceOf(voter) });
    }
  }
  const accusationDone = round.accusedId !== null || (round.outcome !== null && round.tally !== null);
  const accusationWasDone = old ? old.accusedId !== null || (old.outcome !== null && old.tally !== null) : false;
  if (accusationDone && !accusationWasDone) {
    const tally: Record<string, number> = {};
    for (const [id, count] of Object.entries(round.tally ?? {})) {
      const seat = seatOf(id);
      if (seat !== null) tally[String(seat)] = count;
    }
    records.push({ kind: "accusation", ...at, accusedSeat: seatOf(round.accusedId), tally, tieBrokenBy: round.tieBrokenBy });
  }
  for (let i = old?.guesses.length ?? 0; i < round.guesses.length; i++) {
    const word = round.guesses[i];
    records.push({
      kind: "guess",
      ...at,
      seat: seatOf(round.chameleonId)!,
      word,
      correct: normalizeForComparison(word) === normalizeForComparison(round.secret),
      source: sourceOf(round.chameleonId),
    });
  }
  const over = round.outcome !== null || round.aborted;
  const wasOver = old ? old.outcome !== null || old.aborted : false;
  if (over && !wasOver) {
    records.push({
      kind: "round-end",
      ...at,
      outcome: round.aborted ? "aborted" : round.outcome!.kind,
      points: dealtSeats.map((s) => ({ seat: s.seat, delta: round.points?.[s.playerId] ?? 0, total: state.points[s.playerId] ?? 0 })),
    });
  }
  return records;
}
