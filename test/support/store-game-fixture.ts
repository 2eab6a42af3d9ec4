import type { AllyQuery, ChameleonQuery, Evaluator, Judgement } from "../../shared/sneak/types";
import { scoreClue } from "../../server/scoring/clue-scoring";
import type { RevealedClueScores } from "../../shared/protocol";
import type { GameStore } from "../../server/store/game-store";
import type { ClueRecord, StoreRecord } from "../../server/store/records";
import { recordingEvaluator } from "../../server/store/recording-evaluator";

/**
 * A small deterministic judge for store tests: it scores by shared letters, which is crude but gives
 * distinct, reproducible distributions, so the export's rebuilt scores can be compared with the scoring
 * service's own. `failAllyOn` makes its ally fail on one clue, to exercise the failure paths.
 */
export function letterJudge(id: string, failAllyOn?: string): Evaluator {
  const affinity = (a: string, b: string) => [...new Set(a.toLowerCase())].filter((ch) => /[a-z]/.test(ch) && b.toLowerCase().includes(ch)).length;
  const distribution = (scores: number[]) => {
    const exp = scores.map((s) => Math.exp(s));
    const total = exp.reduce((x, y) => x + y, 0);
    return exp.map((e) => e / total);
  };
  return {
    id,
    async ally(q: AllyQuery): Promise<Judgement> {
      if (failAllyOn && q.options.includes(failAllyOn)) return { options: q.options, probabilities: [], coverage: 0, failure: "no option label in the reply", flags: [] };
      return { options: q.options, probabilities: distribution(q.options.map((o) => affinity(o, q.secret))), coverage: 1, flags: [] };
    },
    async chameleon(q: ChameleonQuery): Promise<Judgement> {
      return { options: q.options, probabilities: distribution(q.options.map((w) => q.clues.reduce((s, c) => s + affinity(c, w), 0))), coverage: 1, flags: [] };
    },
  };
}

export const CARD = {
  category: "animals",
  words: ["cat", "dog", "horse", "cow", "sheep", "pig", "goat", "duck", "chicken", "rabbit", "mouse", "lion"],
  decoys: ["pet", "farm", "tail", "fur", "wild"],
};

export interface FixtureClue {
  seat: number;
  text: string;
  source: ClueRecord["source"];
  model?: string;
}

/**
 * Logs a game as the room does: the game's start, each revealed round (deal, clues scored through the real
 * scoring service with recording judges, votes, accusation, guess, points), then optionally an unrevealed round.
 * Returns the scoring service's results per round so tests can compare the export with them.
 */
export async function logFixtureGame(
  store: GameStore,
  gameId: string,
  options: {
    evaluators?: Evaluator[];
    rounds?: { secret: string; chameleonSeat: number; clues: FixtureClue[]; votes: [number, number][]; guess: string }[];
    unrevealedSecret?: string;
    finished?: boolean;
    at?: number;
  } = {},
): Promise<Map<number, RevealedClueScores[]>> {
  const at = options.at ?? Date.UTC(2026, 0, 1);
  const write = (records: StoreRecord[]) => store.append(gameId, records, at);
  const judges = (options.evaluators ?? [letterJudge("toy-a"), letterJudge("toy-b", "cheese")]).map((e) =>
    recordingEvaluator(e, (call) => write([call])),
  );
  write([
    {
      kind: "game-start",
      roomCode: "WXYZ",
      seed: 7,
      settings: { targetScore: 5 },
      seats: [
        { seat: 0, playerId: "h0", name: "Ann", controller: "human" },
        { seat: 1, playerId: "h1", name: "Bea", controller: "human" },
        { seat: 2, playerId: "b2", name: "Lex", controller: "bot", model: "lexical" },
        { seat: 3, playerId: "b3", name: "Gpt", controller: "bot", model: "llm:toy-model" },
      ],
      evaluators: judges.map((j) => j.id),
    },
  ]);
  const rounds = options.rounds ?? [
    {
      secret: "cat",
      chameleonSeat: 3,
      clues: [
        { seat: 0, text: "whiskers", source: "human" },
        { seat: 1, text: "=HYPERLINK(\"http://x\")", source: "human" },
        { seat: 2, text: "purr", source: "bot", model: "lexical" },
        { seat: 3, text: "farmyard", source: "fallback", model: "lexical" },
      ],
      votes: [[0, 3], [1, 3], [2, 3], [3, 0]],
      guess: "dog",
    },
    {
      secret: "horse",
      chameleonSeat: 0,
      clues: [
        { seat: 1, text: "saddle", source: "human" },
        { seat: 2, text: "cheese", source: "bot", model: "lexical" },
        { seat: 3, text: "stable", source: "bot", model: "llm:toy-model" },
        { seat: 0, text: "whiskers", source: "human" },
      ],
      votes: [[0, 2], [1, 0], [2, 0], [3, 0]],
      guess: "cow",
    },
  ];
  const results = new Map<number, RevealedClueScores[]>();
  const totals = [0, 0, 0, 0];
  for (const [index, round] of rounds.entries()) {
    const number = index + 1;
    write([{ kind: "round-dealt", round: number, ...CARD, secret: round.secret, chameleonSeat: round.chameleonSeat, dealerSeat: 0 }]);
    const texts: string[] = [];
    const scored: RevealedClueScores[] = [];
    for (const [turn, clue] of round.clues.entries()) {
      write([{ kind: "clue", round: number, turn, seat: clue.seat, text: clue.text, source: clue.source, model: clue.model, byChameleon: clue.seat === round.chameleonSeat }]);
      texts.push(clue.text);
      scored.push(
        await scoreClue(judges, {
          round: number, clueIndex: turn, playerId: `p${clue.seat}`, clue: clue.text, byChameleon: clue.seat === round.chameleonSeat,
          fallback: clue.source === "fallback", ...CARD, secret: round.secret, cluesSoFar: texts.slice(), seed: `${gameId}/${number}/${turn}`,
        }),
      );
    }
    results.set(number, scored);
    for (const [voter, target] of round.votes) write([{ kind: "vote", round: number, voterSeat: voter, targetSeat: target, source: voter >= 2 ? "bot" : "human" }]);
    const tally: Record<string, number> = {};
    for (const [, target] of round.votes) tally[target] = (tally[target] ?? 0) + 1;
    const accused = Number(Object.entries(tally).sort((a, b) => b[1] - a[1])[0][0]);
    write([{ kind: "accusation", round: number, accusedSeat: accused, tally, tieBreak: false }]);
    const caught = accused === round.chameleonSeat;
    const correct = round.guess === round.secret;
    if (caught) write([{ kind: "guess", round: number, seat: round.chameleonSeat, word: round.guess, correct, source: round.chameleonSeat >= 2 ? "bot" : "human" }]);
    const deltas = totals.map((_, seat) => (!caught ? (seat === round.chameleonSeat ? 2 : 0) : correct ? (seat === round.chameleonSeat ? 1 : 0) : seat === round.chameleonSeat ? 0 : 2));
    deltas.forEach((d, seat) => (totals[seat] += d));
    write([{ kind: "round-end", round: number, outcome: !caught ? "escaped" : correct ? "caught-guessed" : "caught", points: deltas.map((delta, seat) => ({ seat, delta, total: totals[seat] })) }]);
  }
  if (options.unrevealedSecret) {
    const number = rounds.length + 1;
    write([
      { kind: "round-dealt", round: number, ...CARD, secret: options.unrevealedSecret, chameleonSeat: 1, dealerSeat: 1 },
      { kind: "clue", round: number, turn: 0, seat: 1, text: "moo", source: "human", byChameleon: true },
    ]);
  }
  if (options.finished) write([{ kind: "game-end", reason: "finished", finished: true, winnerSeats: [0] }]);
  return results;
}
