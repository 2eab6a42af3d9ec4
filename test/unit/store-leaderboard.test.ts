import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { estimateOf, pearsonOf } from "../../server/export/bootstrap";
import { exportLines } from "../../server/export/export-lines";
import type { ClueLine, ExportLine } from "../../server/export/export-types";
import { leaderboardFrom } from "../../server/export/leaderboard";
import { leaderboardMarkdown } from "../../server/export/leaderboard-table";
import { GameStore } from "../../server/store/game-store";
import { logFixtureGame } from "../support/store-game-fixture";

async function fixtureLines(): Promise<ExportLine[]> {
  const dir = mkdtempSync(join(tmpdir(), "sneak-board-"));
  const store = new GameStore({ path: join(dir, "game.db") });
  try {
    await logFixtureGame(store, "g1");
    return [...exportLines(store)];
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
      expect(row.softScore.mean!).toBeCloseTo(informed.reduce((s, c) => s + c.mean.softScore!, 0) / informed.length, 12);
      const bluffs = clues.filter((c) => c.generator === row.generator && c.byChameleon && c.mean.utility !== null);
      expect(row.bluffUtility.n).toBe(bluffs.length);
    }
    expect(board.generators.map((g) => g.generator).sort()).toEqual(["bot:lexical", "bot:llm:toy-model", "human"]);
    expect(board.generators.find((g) => g.generator === "bot:lexical")!.fallbacks).toBe(1);
  });

  it("scores informed humans' votes and human chameleons' guesses, and their agreement with the evaluators", async () => {
    const board = leaderboardFrom(await fixtureLines());
    const vote = board.judgments.find((j) => j.task === "vote")!;
    // Humans sit at seats 0 and 1. Round 1 (chameleon 3, a bot): both name seat 3. Round 2 (chameleon 0):
    // the one informed human, seat 1, names seat 0. Bots' votes do not count.
    expect(vote.worker.n).toBe(3);
    expect(vote.worker.mean).toBe(1);
    expect(vote.plurality.n).toBe(2);
    expect(vote.plurality.mean).toBe(1);
    const guess = board.judgments.find((j) => j.task === "chameleon-guess")!;
    // Round 2's human chameleon was caught and guessed "cow" (the secret was "horse"); round 1's was a bot.
    expect(guess.worker).toMatchObject({ n: 1, mean: 0 });
    expect(guess.chance).toBeCloseTo(1 / 12, 12);
    const guessAgreement = board.agreement.find((a) => a.task === "chameleon-guess")!;
    expect(guessAgreement.top1.n).toBe(1);
    const agreement = board.agreement.find((a) => a.task === "vote")!;
    expect(agreement.top1.n).toBe(2);
    expect(agreement.correlation.n).toBeGreaterThan(0);
    const markdown = leaderboardMarkdown(board);
    expect(markdown).toContain("| human | ");
    expect(markdown).toContain("Top-1 agreement");
  });

  it("says there is no data rather than printing zeros", () => {
    const board = leaderboardFrom([]);
    expect(board.generators).toEqual([]);
    expect(board.judgments[0].worker.mean).toBeNull();
    expect(leaderboardMarkdown(board)).toContain("(no scored clues yet)");
  });
});
