import { describe, expect, it } from "vitest";
import { accusedSeats, playTables, summarizeTables, type TableOutcome } from "../../server/benchmark/bot-self-play";
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

  it("counts how often the human-like seat is accused, and how often an informed bot's seat is, per seat", () => {
    const table = (accusedTurn: number, humanTurn: number): TableOutcome => ({ instanceId: "x", chameleonTurn: 0, clues: ["a", "b", "c", "d"], caught: accusedTurn === 0 ? 1 : 0, guessedSecret: false, votes: [], guess: "", accusedTurn, humanTurn });
    // Four tables of 4 seats: the chameleon at 0, the human-like seat at 1 (or none), bots elsewhere.
    const seats = accusedSeats([table(0, 1), table(1, 1), table(2, 1), table(3, -1)]);
    expect(seats.humanTables).toBe(3);
    expect(seats.humanAccused).toBeCloseTo(1 / 3);
    expect(seats.botSeats).toBe(2 + 2 + 2 + 3);
    expect(seats.botSeatAccused).toBeCloseTo(2 / 9);
  });

  it("seats a player who says its own words, legal, among the bots", async () => {
    const outcomes = await playTables({ tables: 3, players: 4, seed: "test-own-words", humanSeat: "own" });
    const instances = new Map(instancesOf(loadDataset()).map((i) => [i.id, i]));
    for (const o of outcomes) {
      expect(o.humanTurn).toBeGreaterThanOrEqual(0);
      expect(o.humanTurn).not.toBe(o.chameleonTurn);
      expect(clueViolation(o.clues[o.humanTurn], instances.get(o.instanceId)!.words, MAX_CLUE_WORDS)).toBeUndefined();
    }
  }, 60_000);
});
