import Ajv from "ajv";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GameStore } from "../../server/store/game-store";
import { exportLines } from "../../server/export/export-lines";
import type { ClueLine, ExportLine, RoundLine } from "../../server/export/export-types";
import { logFixtureGame } from "../support/store-game-fixture";

const schema = JSON.parse(readFileSync(new URL("../../docs/schema/sneak-export.schema.json", import.meta.url), "utf8"));
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

let dir: string;
let store: GameStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-export-"));
  store = new GameStore({ path: join(dir, "game.db") });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("export lines", () => {
  it("writes every clue of each revealed round, then the round's outcome, and each line matches the schema", async () => {
    await logFixtureGame(store, "g1", { finished: true });
    const lines = [...exportLines(store)];
    expect(lines.map((l) => `${l.type}:${l.round}`)).toEqual(["clue:1", "clue:1", "clue:1", "clue:1", "round:1", "clue:2", "clue:2", "clue:2", "clue:2", "round:2"]);
    for (const line of lines) {
      const ok = validate(JSON.parse(JSON.stringify(line)));
      expect(validate.errors ?? [], JSON.stringify(line).slice(0, 200)).toEqual([]);
      expect(ok).toBe(true);
    }
  });

  it("rebuilds the same per-evaluator scores the game's scoring service computed", async () => {
    const scored = await logFixtureGame(store, "g1");
    const clues = [...exportLines(store)].filter((l): l is ClueLine => l.type === "clue");
    expect(clues).toHaveLength(8);
    for (const clue of clues) {
      const expected = scored.get(clue.round)![clue.turn];
      expect(clue.message).toBe(expected.clue);
      expect(clue.evaluations.map((e) => e.evaluator)).toEqual(expected.perEvaluator.map((e) => e.evaluator));
      clue.evaluations.forEach((e, i) => {
        const want = expected.perEvaluator[i];
        expect(e.scores).toEqual(want.scores);
        expect(e.leakage).toBeCloseTo(want.leakage!, 12);
        expect(e.cumulativeLeakage).toBeCloseTo(want.cumulativeLeakage!, 12);
        if (e.scores) expect(e.ally!.options).toContain(clue.message);
        expect(e.chameleon!.options.slice().sort()).toEqual(clue.words.slice().sort());
      });
      expect(clue.mean.utility ?? null).toEqual(expected.mean?.utility ?? null);
      expect(clue.mean.cumulativeLeakage!).toBeCloseTo(expected.cumulativeLeakage!, 12);
    }
    // The ally failure of toy-b on "cheese" is kept as a failure, not a zero.
    const cheese = clues.find((c) => c.message === "cheese")!;
    expect(cheese.evaluations[1].scores).toBeNull();
    expect(cheese.evaluations[1].failure).toMatch(/ally: no option label/);
    expect(cheese.mean.utility).toBe(cheese.evaluations[0].scores!.utility);
  });

  it("labels who wrote each clue: human, bot with its model, fallbacks, the chameleon's bluff", async () => {
    await logFixtureGame(store, "g1");
    const clues = [...exportLines(store)].filter((l): l is ClueLine => l.type === "clue" && l.round === 1);
    expect(clues.map((c) => [c.generator, c.source.fallback, c.source.seat, c.byChameleon])).toEqual([
      ["human", false, "human", false],
      ["human", false, "human", false],
      ["bot:lexical", false, "bot", false],
      ["bot:lexical", true, "bot", true],
    ]);
    expect(clues[3].source.seatModel).toBe("llm:toy-model");
  });

  it("records the round's votes, accusation, guess and points", async () => {
    await logFixtureGame(store, "g1");
    const rounds = [...exportLines(store)].filter((l): l is RoundLine => l.type === "round");
    expect(rounds[0]).toMatchObject({ secret: "cat", chameleonSeat: 3, accusedSeat: 3, caught: true, guesses: [{ word: "dog", correct: false }], outcome: "caught" });
    expect(rounds[0].votes).toEqual([
      { voterSeat: 0, targetSeat: 3, source: "human" },
      { voterSeat: 1, targetSeat: 3, source: "human" },
      { voterSeat: 2, targetSeat: 3, source: "bot" },
      { voterSeat: 3, targetSeat: 0, source: "bot" },
    ]);
    expect(rounds[0].points.map((p) => p.delta)).toEqual([2, 2, 2, 0]);
    expect(rounds[1]).toMatchObject({ chameleonSeat: 0, accusedSeat: 0, caught: true, guesses: [{ word: "cow", correct: false, source: "human" }] });
  });

  it("never exports a round that has not been revealed (its secret is still in play)", async () => {
    await logFixtureGame(store, "g1", { unrevealedSecret: "pig" });
    const lines: ExportLine[] = [...exportLines(store)];
    expect(lines.some((l) => l.round === 3)).toBe(false);
    expect(JSON.stringify(lines)).not.toContain("moo");
  });

  it("filters by game and by start date", async () => {
    await logFixtureGame(store, "old", { at: Date.UTC(2025, 0, 1) });
    await logFixtureGame(store, "new", { at: Date.UTC(2026, 5, 1) });
    expect(new Set([...exportLines(store, { gameId: "old" })].map((l) => l.game))).toEqual(new Set(["old"]));
    expect(new Set([...exportLines(store, { since: Date.UTC(2026, 0, 1) })].map((l) => l.game))).toEqual(new Set(["new"]));
    expect([...exportLines(store, { gameId: "nope" })]).toEqual([]);
  });

  it("the schema rejects a line that breaks the format", async () => {
    await logFixtureGame(store, "g1");
    const clue = JSON.parse(JSON.stringify([...exportLines(store)][0]));
    expect(validate({ ...clue, generator: "robot" })).toBe(false);
    expect(validate({ ...clue, mean: { ...clue.mean, utility: 1.5 } })).toBe(false);
    const { secret: _secret, ...noSecret } = clue;
    expect(validate(noSecret)).toBe(false);
  });
});
