import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { estimateOf, pearsonOf } from "../../server/export/bootstrap";
import { exportLinesOf } from "../../server/export/export-lines";
import type { ClueLine, ExportLine, RoundLine } from "../../server/export/export-types";
import { leaderboardFrom } from "../../server/export/leaderboard";
import { leaderboardMarkdown } from "../../server/export/leaderboard-table";
import { GameStore } from "../../server/store/game-store";
import { logFixtureGame } from "../support/store-game-fixture";

async function fixtureLines(): Promise<ExportLine[]> {
  const dir = mkdtempSync(join(tmpdir(), "sneak-board-"));
  const store = new GameStore({ path: join(dir, "game.db") });
  try {
    await logFixtureGame(store);
    return await exportLinesOf(store);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("bootstrap estimates", () => {
  it("gives the mean with an interval that contains it, reproducibly, and nothing for no data", () => {
    const values = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? 1 : 0));
    const e = estimateOf(values, "s");
    expect(e.mean).toBeCloseTo(67 / 200, 12);
    expect(e.low!).toBeLessThan(e.mean!);
    expect(e.high!).toBeGreaterThan(e.mean!);
    // Close to the normal approximation for a proportion: ±1.96·sqrt(p(1−p)/n) ≈ ±0.066.
    expect(e.high! - e.low!).toBeGreaterThan(0.09);
    expect(e.high! - e.low!).toBeLessThan(0.17);
    expect(estimateOf(values, "s")).toEqual(e);
    expect(estimateOf([], "s")).toEqual({ n: 0, mean: null, low: null, high: null });
    expect(estimateOf([0.5], "s")).toEqual({ n: 1, mean: 0.5, low: null, high: null });
  });

  it("computes Pearson's r", () => {
    expect(pearsonOf([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 12);
    expect(pearsonOf([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1, 12);
    expect(pearsonOf([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});

describe("leaderboard", () => {
  it("averages each generator's informed clues and keeps the chameleon's bluffs apart", async () => {
    const lines = await fixtureLines();
    const board = leaderboardFrom(lines);
    expect(board.generators[0].generator).toBe("human");
    const clues = lines.filter((l): l is ClueLine => l.type === "clue");
    for (const row of board.generators) {
      const informed = clues.filter((c) => c.generator === row.generator && !c.byChameleon && c.mean.utility !== null);
      expect(row.clues).toBe(informed.length);
      if (informed.length === 0) expect(row.softScore.mean).toBeNull();
      else expect(row.softScore.mean!).toBeCloseTo(informed.reduce((s, c) => s + c.mean.softScore!, 0) / informed.length, 12);
      const bluffs = clues.filter((c) => c.generator === row.generator && c.byChameleon && c.mean.utility !== null);
      expect(row.bluffUtility.n).toBe(bluffs.length);
    }
    expect(board.generators.map((g) => g.generator).sort()).toEqual(["bot:lexical", "bot:llm:toy-model", "human"]);
    expect(board.generators.find((g) => g.generator === "bot:lexical")!.fallbacks).toBe(1);
  });

  it("scores informed humans' votes and human chameleons' guesses against the log", async () => {
    const lines = await fixtureLines();
    const board = leaderboardFrom(lines);
    const rounds = lines.filter((l): l is RoundLine => l.type === "round");
    // Expected by hand from the round lines: informed human votes, their plurality, human chameleons' guesses.
    const humanVotes = rounds.flatMap((r) => r.votes.filter((v) => v.source === "human" && v.voterSeat !== r.chameleonSeat).map((v) => ({ v, r })));
    const vote = board.judgments.find((j) => j.task === "vote")!;
    expect(vote.worker.n).toBe(humanVotes.length);
    expect(vote.worker.mean).toBeCloseTo(humanVotes.filter(({ v, r }) => v.targetSeat === r.chameleonSeat).length / humanVotes.length, 12);
    expect(vote.plurality.n).toBe(rounds.filter((r) => r.votes.some((v) => v.source === "human" && v.voterSeat !== r.chameleonSeat)).length);
    const humanGuesses = rounds.filter((r) => r.guesses[0]?.source === "human" && r.seats.find((s) => s.seat === r.chameleonSeat)?.controller === "human");
    const guess = board.judgments.find((j) => j.task === "chameleon-guess")!;
    expect(guess.worker.n).toBe(humanGuesses.length);
    if (humanGuesses.length > 0) expect(guess.chance).toBeCloseTo(1 / 12, 12);
    const agreement = board.agreement.find((a) => a.task === "vote")!;
    expect(agreement.top1.n).toBeLessThanOrEqual(vote.plurality.n);
    expect(agreement.strictMajority.n).toBeLessThanOrEqual(agreement.top1.n);
    const markdown = leaderboardMarkdown(board);
    expect(markdown).toContain("| human | ");
    expect(markdown).toContain("Top-1 agreement");
  });

  it("counts a vote and a guess exactly as the paper's tables do on a hand-made round", () => {
    const words = ["cat", "dog", "cow", "pig"];
    const judgement = (options: string[], probabilities: number[]) => ({ options, probabilities });
    const clue = (seat: number, pAlly: number, cumulative: number[]): ClueLine =>
      ({
        type: "clue", game: "L/1", gameNumber: 1, round: 1, turn: seat, seat, message: `m${seat}`, generator: "human", byChameleon: seat === 2,
        source: { kind: "human", model: null, fallback: false, seat: "human", seatModel: null },
        evaluations: [{ evaluator: "e", ally: null, chameleon: null, cumulative: judgement(words, cumulative), scores: { pAlly, pCham: 0.3, utility: 0.5, leakage: 0.1, softScore: 0.45, binaryScore: 1 }, leakage: 0.1, cumulativeLeakage: 0.2 }],
        mean: { utility: 0.5, leakage: 0.1, softScore: 0.45, binaryScore: 1, cumulativeLeakage: 0.2 },
      }) as unknown as ClueLine;
    const round = {
      type: "round", game: "L/1", gameNumber: 1, round: 1, words, secret: "cow", chameleonSeat: 2,
      seats: [0, 1, 2, 3].map((seat) => ({ seat, player: `p${seat}`, controller: "human", model: null })),
      // Three informed humans: two name seat 2 (the chameleon), one names seat 0. The chameleon's own vote is not a judgment.
      votes: [{ voterSeat: 0, targetSeat: 2, source: "human" }, { voterSeat: 1, targetSeat: 2, source: "human" }, { voterSeat: 3, targetSeat: 0, source: "human" }, { voterSeat: 2, targetSeat: 0, source: "human" }],
      guesses: [{ word: "dog", correct: false, source: "human" }],
    } as unknown as RoundLine;
    // The evaluators find seat 2's clue the least recognisable (lowest p_ally) and read "dog" from all clues.
    const board = leaderboardFrom([clue(0, 0.6, [0.1, 0.6, 0.2, 0.1]), clue(1, 0.5, [0.1, 0.6, 0.2, 0.1]), clue(2, 0.2, [0.1, 0.2, 0.6, 0.1]), clue(3, 0.4, [0.1, 0.7, 0.1, 0.1]), round]);
    const vote = board.judgments[0];
    expect([vote.worker.n, vote.worker.mean]).toEqual([3, 2 / 3]);
    expect([vote.plurality.n, vote.plurality.mean]).toEqual([1, 1]);
    expect(vote.evaluators.mean).toBe(1);
    expect(board.agreement[0].top1.mean).toBe(1);
    expect(board.agreement[0].strictMajority.n).toBe(1);
    const guess = board.judgments[1];
    expect([guess.worker.n, guess.worker.mean, guess.chance]).toEqual([1, 0, 0.25]);
    // The last clue's cumulative reading points at "dog", as the human chameleon did; not at the secret.
    expect(guess.evaluators.mean).toBe(0);
    expect(board.agreement[1].top1.mean).toBe(1);
  });

  it("says there is no data rather than printing zeros", () => {
    const board = leaderboardFrom([]);
    expect(board.generators).toEqual([]);
    expect(board.judgments[0].worker.mean).toBeNull();
    expect(leaderboardMarkdown(board)).toContain("(no scored clues yet)");
  });
});
