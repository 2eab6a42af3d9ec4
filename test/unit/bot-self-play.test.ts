import { describe, expect, it } from "vitest";
import { playTables, summarizeTables, type TableOutcome } from "../../server/benchmark/bot-self-play";
import { loadDataset } from "../../server/dataset/load-dataset";
import { instancesOf } from "../../shared/sneak/dataset";
import { clueViolation, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";

describe("bench:self-play", () => {
  it("counts a tie's share as caught, and a caught chameleon that names the secret as a win", () => {
    const outcome = (caught: number, guessedSecret: boolean, chameleonTurn = 0): TableOutcome => ({ instanceId: "x", chameleonTurn, clues: [], caught, guessedSecret, votes: [], guess: "", accusedTurn: caught ? chameleonTurn : -1, humanTurn: -1 });
    const summary = summarizeTables([outcome(1, true), outcome(1, false), outcome(0.5, false), outcome(0, false)]);
    expect(summary.tables).toBe(4);
    expect(summary.caught).toBeCloseTo(2.5 / 4);
    expect(summary.guessedWhenCaught).toBeCloseTo(1 / 2.5);
    // Wins: the first (caught, guessed), half of the third (not caught half the time), the fourth.
    expect(summary.chameleonWins).toBeCloseTo((1 + 0.5 + 1) / 4);
  });

  it("plays real rounds of the game's lexical bots: legal clues, one each, in a reproducible order", async () => {
    const options = { tables: 12, players: 4, seed: "test-self-play" };
    const outcomes = await playTables(options);
    expect(outcomes).toHaveLength(12);
    const instances = new Map(instancesOf(loadDataset()).map((i) => [i.id, i]));
    for (const o of outcomes) {
      const instance = instances.get(o.instanceId)!;
      expect(o.clues).toHaveLength(4);
      for (const clue of o.clues) expect(clueViolation(clue, instance.words, MAX_CLUE_WORDS), `${o.instanceId}: "${clue}"`).toBeUndefined();
      expect(o.chameleonTurn).toBeGreaterThanOrEqual(0);
      expect(o.chameleonTurn).toBeLessThan(4);
      expect([0, 1]).toContain(o.caught);
    }
    expect(new Set(outcomes.map((o) => o.instanceId)).size).toBe(12);
    expect(await playTables(options)).toEqual(outcomes);
  });
});
