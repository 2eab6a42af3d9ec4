import type { TieBreaker } from "../../shared/game/types";
import type { Knowledge } from "../agents/agent";
import type { LogReader } from "../store/log-store";
import type { BotDecisionRecord, ClueRecord, EvaluatorCallRecord, LogOpenRecord, RoundDealtRecord, StoredEvent, StoreRecord } from "../store/records";
import { CallPool, meansOf } from "./clue-evaluations";
import { EXPORT_FORMAT_VERSION, type ClueEvaluation, type ClueLine, type ExportLine, type RoundLine } from "./export-types";
import { informedCluesUpTo } from "../scoring/clue-scoring";

/**
 * Turns the game log into export lines. Only revealed rounds are exported: a round still in play holds a
 * secret that its chameleon must not be able to download.
 */

export interface ExportFilter {
  /** A log id, or a room code (its most recent log). */
  logId?: string;
  /** Only this game of the log (1 = the room's first game). */
  gameNumber?: number;
  /** Logs opened at or after this time (ms since epoch). */
  since?: number;
}

/** The log ids a filter selects; a room code resolves to the latest log of that room. */
export async function selectedLogs(store: LogReader, filter: ExportFilter): Promise<string[]> {
  const all = await store.logs({ since: filter.since });
  if (filter.logId === undefined) return all.map((l) => l.logId);
  const exact = all.filter((l) => l.logId === filter.logId);
  if (exact.length > 0) return exact.map((l) => l.logId);
  const byRoom = all.filter((l) => l.roomCode === filter.logId?.toUpperCase());
  return byRoom.length > 0 ? [byRoom[byRoom.length - 1].logId] : [];
}

/** The lines of every selected log, read one log at a time (from SQLite or Postgres). */
export async function* exportLines(store: LogReader, filter: ExportFilter = {}): AsyncGenerator<ExportLine> {
  for (const logId of await selectedLogs(store, filter)) {
    for (const line of logLines(logId, await store.eventsOf(logId))) if (filter.gameNumber === undefined || line.gameNumber === filter.gameNumber) yield line;
  }
}

/** All of them at once (the leaderboard, tests). */
export async function exportLinesOf(store: LogReader, filter: ExportFilter = {}): Promise<ExportLine[]> {
  const lines: ExportLine[] = [];
  for await (const line of exportLines(store, filter)) lines.push(line);
  return lines;
}

interface OpenRound {
  dealt: StoredEvent<RoundDealtRecord>;
  clues: StoredEvent<ClueRecord>[];
  votes: Map<number, { targetSeat: number | null; source: string }>;
  accusation: { accusedSeat: number | null; tally: Record<string, number>; tieBrokenBy: TieBreaker | null } | null;
  guesses: { word: string; correct: boolean; source: string }[];
  /**
   * Bot decisions of this round by duty and seat (`clue/2`), in order: they tell an LLM bot's own clue from its
   * fallback, and which knowledge (clue book or lexical model) made an offline bot's clue, vote or guess.
   */
  decisions: Map<string, BotDecisionRecord[]>;
}

const decisionKey = (duty: string, seat: number) => `${duty}/${seat}`;

/** The latest decision of that duty and seat whose output is what the round recorded (a decision may be overtaken). */
function decisionFor(round: OpenRound, duty: string, seat: number, output: string | undefined): BotDecisionRecord | undefined {
  if (output === undefined) return undefined;
  return (round.decisions.get(decisionKey(duty, seat)) ?? []).filter((d) => d.output === output).at(-1);
}

const roundKey = (gameNumber: number, round: number) => `${gameNumber}/${round}`;

/** The lines of one log, from its events in log order. */
export function logLines(logId: string, events: readonly StoredEvent[]): ExportLine[] {
  const open = events.find((e): e is StoredEvent<LogOpenRecord> => e.kind === "log-open");
  const calls = new CallPool(
    events.filter((e): e is StoredEvent<EvaluatorCallRecord> => e.kind === "evaluator-call"),
    open?.evaluators ?? [],
  );
  const rounds = new Map<string, OpenRound>();
  const lines: ExportLine[] = [];
  for (const event of events as readonly StoredEvent<StoreRecord>[]) {
    const round = "round" in event && "gameNumber" in event && typeof event.gameNumber === "number" && typeof event.round === "number" ? rounds.get(roundKey(event.gameNumber, event.round)) : undefined;
    switch (event.kind) {
      case "round-dealt":
        rounds.set(roundKey(event.gameNumber, event.round), { dealt: event, clues: [], votes: new Map(), accusation: null, guesses: [], decisions: new Map() });
        break;
      case "clue":
        round?.clues.push(event);
        break;
      case "bot-decision":
        if (round && event.seat !== undefined) {
          const key = decisionKey(event.decision, event.seat);
          round.decisions.set(key, [...(round.decisions.get(key) ?? []), event]);
        }
        break;
      case "vote":
        round?.votes.set(event.voterSeat, { targetSeat: event.targetSeat, source: event.source });
        break;
      case "accusation":
        if (round) round.accusation = { accusedSeat: event.accusedSeat, tally: event.tally, tieBrokenBy: event.tieBrokenBy };
        break;
      case "guess":
        round?.guesses.push({ word: event.word, correct: event.correct, source: event.source });
        break;
      case "round-end": {
        if (!round) break;
        const ordered = round.clues.slice().sort((a, b) => a.turn - b.turn);
        const clueLines: ClueLine[] = [];
        ordered.forEach((clue, i) => clueLines.push(clueLine(logId, round, clue, informedCluesUpTo(ordered, i), calls, clueLines.at(-1)?.evaluations)));
        lines.push(...clueLines, roundLine(logId, round, event.outcome, event.points, event.at));
        rounds.delete(roundKey(event.gameNumber, event.round));
        break;
      }
      default:
        break;
    }
  }
  return lines;
}

/**
 * Who wrote a clue: the seat's controller, refined by the bot's own decision record (an LLM bot may have fallen
 * back), and the knowledge the offline bot used (null when it did not decide, or the log predates the field).
 */
function writerOf(round: OpenRound, clue: StoredEvent<ClueRecord>): { model: string | null; fallback: boolean; knowledge: Knowledge | null } {
  if (clue.source === "human") return { model: null, fallback: false, knowledge: null };
  const decision = decisionFor(round, "clue", clue.seat, clue.text);
  const knowledge = decision?.knowledge ?? null;
  if (decision?.fallback) return { model: "lexical", fallback: true, knowledge };
  return { model: clue.model ?? decision?.model ?? "lexical", fallback: clue.source === "fallback", knowledge };
}

/** The knowledge behind a bot's (or the fallback's) final vote; null for a human's vote or an abstention. */
function voteKnowledge(round: OpenRound, voterSeat: number, vote: { targetSeat: number | null; source: string }): Knowledge | null {
  if (vote.source === "human" || vote.targetSeat === null) return null;
  const target = round.dealt.seats.find((s) => s.seat === vote.targetSeat)?.playerId;
  return decisionFor(round, "vote", voterSeat, target)?.knowledge ?? null;
}

function clueLine(logId: string, round: OpenRound, clue: StoredEvent<ClueRecord>, informedCluesSoFar: string[], calls: CallPool, previous: ClueEvaluation[] = []): ClueLine {
  const d = round.dealt;
  const seat = d.seats.find((s) => s.seat === clue.seat);
  const writer = writerOf(round, clue);
  const evaluations = calls.evaluationsOf({ category: d.category, words: d.words, secret: d.secret, message: clue.text, byChameleon: clue.byChameleon, informedCluesSoFar }, previous);
  return {
    type: "clue",
    format: EXPORT_FORMAT_VERSION,
    game: `${logId}/${d.gameNumber}`,
    gameNumber: d.gameNumber,
    round: d.round,
    turn: clue.turn,
    seat: clue.seat,
    at: new Date(clue.at).toISOString(),
    category: d.category,
    words: d.words,
    secret: d.secret,
    message: clue.text,
    decoys: d.decoys,
    generator: writer.model === null ? "human" : `bot:${writer.model}`,
    source: {
      kind: writer.model === null ? "human" : "bot",
      model: writer.model,
      fallback: writer.fallback,
      seat: seat?.controller ?? "human",
      seatModel: seat?.model ?? null,
      knowledge: writer.knowledge,
    },
    byChameleon: clue.byChameleon,
    evaluations,
    mean: meansOf(evaluations),
  };
}

function roundLine(logId: string, round: OpenRound, outcome: string, points: RoundLine["points"], at: number): RoundLine {
  const d = round.dealt;
  return {
    type: "round",
    format: EXPORT_FORMAT_VERSION,
    game: `${logId}/${d.gameNumber}`,
    gameNumber: d.gameNumber,
    round: d.round,
    at: new Date(at).toISOString(),
    category: d.category,
    words: d.words,
    secret: d.secret,
    chameleonSeat: d.chameleonSeat,
    dealerSeat: d.dealerSeat,
    seats: d.seats.map((s) => ({ seat: s.seat, player: s.playerId, controller: s.controller, model: s.model ?? null })),
    votes: [...round.votes.entries()].sort(([a], [b]) => a - b).map(([voterSeat, v]) => ({ voterSeat, targetSeat: v.targetSeat, source: v.source, knowledge: voteKnowledge(round, voterSeat, v) })),
    accusedSeat: round.accusation?.accusedSeat ?? null,
    tally: round.accusation?.tally ?? {},
    tieBrokenBy: round.accusation?.tieBrokenBy ?? null,
    caught: round.accusation?.accusedSeat === d.chameleonSeat,
    guesses: round.guesses.map((g) => ({ ...g, knowledge: g.source === "human" ? null : (decisionFor(round, "guess", d.chameleonSeat, g.word)?.knowledge ?? null) })),
    outcome,
    points,
  };
}
