import type { GameStore } from "../store/game-store";
import type { ClueRecord, EvaluatorCallRecord, RoundDealtRecord, SeatInfo, StoredEvent, StoreRecord } from "../store/records";
import { CallPool, meansOf } from "./clue-evaluations";
import { EXPORT_FORMAT_VERSION, type ClueLine, type ExportLine, type RoundLine } from "./export-types";

/**
 * Turns the game log into export lines. Only revealed rounds are exported: a round still in play holds a
 * secret that its chameleon must not be able to download.
 */

export interface ExportFilter {
  gameId?: string;
  /** Games started at or after this time (ms since epoch). */
  since?: number;
}

export function* exportLines(store: GameStore, filter: ExportFilter = {}): Generator<ExportLine> {
  for (const game of store.games(filter)) yield* gameLines(game.gameId, store.eventsOf(game.gameId));
}

interface OpenRound {
  dealt: StoredEvent<RoundDealtRecord>;
  clues: StoredEvent<ClueRecord>[];
  seats: Map<number, SeatInfo>;
  votes: Map<number, { targetSeat: number | null; source: string }>;
  accusation: { accusedSeat: number; tally: Record<string, number>; tieBreak: boolean } | null;
  guesses: { word: string; correct: boolean; source: string }[];
}

/** The lines of one game, from its events in log order. */
export function gameLines(gameId: string, events: readonly StoredEvent[]): ExportLine[] {
  const start = events.find((e) => e.kind === "game-start");
  const calls = new CallPool(
    events.filter((e): e is StoredEvent<EvaluatorCallRecord> => e.kind === "evaluator-call"),
    start?.kind === "game-start" ? start.evaluators : [],
  );
  const seats = new Map<number, SeatInfo>();
  const rounds = new Map<number, OpenRound>();
  const lines: ExportLine[] = [];
  for (const event of events as readonly StoredEvent<StoreRecord>[]) {
    switch (event.kind) {
      case "game-start":
        for (const seat of event.seats) seats.set(seat.seat, seat);
        break;
      case "seat": {
        const { kind: _kind, gameId: _g, seq: _s, at: _a, ...seat } = event;
        seats.set(seat.seat, seat);
        break;
      }
      case "round-dealt":
        rounds.set(event.round, { dealt: event, clues: [], seats: new Map(seats), votes: new Map(), accusation: null, guesses: [] });
        break;
      case "clue":
        rounds.get(event.round)?.clues.push(event);
        break;
      case "vote":
        rounds.get(event.round)?.votes.set(event.voterSeat, { targetSeat: event.targetSeat, source: event.source });
        break;
      case "accusation": {
        const round = rounds.get(event.round);
        if (round) round.accusation = { accusedSeat: event.accusedSeat, tally: event.tally, tieBreak: event.tieBreak };
        break;
      }
      case "guess":
        rounds.get(event.round)?.guesses.push({ word: event.word, correct: event.correct, source: event.source });
        break;
      case "round-end": {
        const round = rounds.get(event.round);
        if (!round) break;
        const clueLines = round.clues
          .slice()
          .sort((a, b) => a.turn - b.turn)
          .map((clue, i, all) => clueLine(gameId, round, clue, all.slice(0, i + 1).map((c) => c.text), calls));
        lines.push(...clueLines, roundLine(gameId, round, event.outcome, event.points, event.at));
        rounds.delete(event.round);
        break;
      }
      default:
        break;
    }
  }
  return lines;
}

function clueLine(gameId: string, round: OpenRound, clue: StoredEvent<ClueRecord>, cluesSoFar: string[], calls: CallPool): ClueLine {
  const d = round.dealt;
  const seat = round.seats.get(clue.seat);
  const writtenByBot = clue.source !== "human";
  const model = writtenByBot ? (clue.model ?? "lexical") : null;
  const evaluations = calls.evaluationsOf({ category: d.category, words: d.words, secret: d.secret, message: clue.text, cluesSoFar });
  return {
    type: "clue",
    format: EXPORT_FORMAT_VERSION,
    game: gameId,
    round: clue.round,
    turn: clue.turn,
    seat: clue.seat,
    at: new Date(clue.at).toISOString(),
    category: d.category,
    words: d.words,
    secret: d.secret,
    message: clue.text,
    decoys: d.decoys,
    generator: model === null ? "human" : `bot:${model}`,
    source: {
      kind: writtenByBot ? "bot" : "human",
      model,
      fallback: clue.source === "fallback",
      seat: seat?.controller ?? (clue.source === "bot" ? "bot" : "human"),
      seatModel: seat?.model ?? null,
    },
    byChameleon: clue.byChameleon,
    evaluations,
    mean: meansOf(evaluations),
  };
}

function roundLine(gameId: string, round: OpenRound, outcome: string, points: RoundLine["points"], at: number): RoundLine {
  const d = round.dealt;
  return {
    type: "round",
    format: EXPORT_FORMAT_VERSION,
    game: gameId,
    round: d.round,
    at: new Date(at).toISOString(),
    category: d.category,
    words: d.words,
    secret: d.secret,
    chameleonSeat: d.chameleonSeat,
    dealerSeat: d.dealerSeat,
    seats: [...round.seats.values()].sort((a, b) => a.seat - b.seat).map((s) => ({ seat: s.seat, controller: s.controller, model: s.model ?? null })),
    votes: [...round.votes.entries()].sort(([a], [b]) => a - b).map(([voterSeat, v]) => ({ voterSeat, targetSeat: v.targetSeat, source: v.source })),
    accusedSeat: round.accusation?.accusedSeat ?? null,
    tally: round.accusation?.tally ?? {},
    tieBreak: round.accusation?.tieBreak ?? false,
    caught: round.accusation?.accusedSeat === d.chameleonSeat,
    guesses: round.guesses,
    outcome,
    points,
  };
}
