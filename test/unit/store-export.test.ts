import Ajv from "ajv";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exportLinesOf } from "../../server/export/export-lines";
import type { ClueLine, ExportLine, RoundLine } from "../../server/export/export-types";
import { logFixtureGame, PLAYERS } from "../support/store-game-fixture";
import { storeBackends, useBackend, type TestStore } from "../support/store-backends";

const schema = JSON.parse(readFileSync(new URL("../../docs/schema/sneak-export.schema.json", import.meta.url), "utf8"));
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

const cluesOf = (lines: ExportLine[]) => lines.filter((l): l is ClueLine => l.type === "clue");
const roundsOf = (lines: ExportLine[]) => lines.filter((l): l is RoundLine => l.type === "round");

describe.each(storeBackends())("export lines from $name", (backend) => {
  if (!useBackend(backend)) return;
  let store: TestStore;
  beforeEach(async () => {
    store = await (await backend.fresh()).open();
  });
  afterEach(async () => {
    await store.close();
  });

  it("writes every clue of each revealed round, then the round's outcome, and each line matches the schema", async () => {
    await logFixtureGame(store);
    const lines = await exportLinesOf(store);
    expect(lines.map((l) => `${l.type}:${l.round}`)).toEqual(["clue:1", "clue:1", "clue:1", "clue:1", "round:1", "clue:2", "clue:2", "clue:2", "clue:2", "round:2"]);
    for (const line of lines) {
      validate(JSON.parse(JSON.stringify(line)));
      expect(validate.errors ?? [], JSON.stringify(line).slice(0, 200)).toEqual([]);
    }
    expect(new Set(lines.map((l) => l.game)).size).toBe(1);
    expect(lines[0].game).toMatch(/^WXYZ-[a-z0-9]+\/1$/);
  });

  it("rebuilds the same per-evaluator scores the game's scoring service computed", async () => {
    const table = await logFixtureGame(store);
    const clues = cluesOf(await exportLinesOf(store));
    expect(clues).toHaveLength(8);
    for (const clue of clues) {
      const expected = table.scored.get(`${clue.gameNumber}/${clue.round}`)![clue.turn];
      expect(clue.message).toBe(expected.clue);
      expect(clue.evaluations.map((e) => e.evaluator)).toEqual(expected.perEvaluator.map((e) => e.evaluator));
      clue.evaluations.forEach((e, i) => {
        const want = expected.perEvaluator[i];
        expect(e.scores).toEqual(want.scores);
        expect(e.leakage).toBeCloseTo(want.leakage!, 12);
        expect(e.cumulativeLeakage).toBeCloseTo(want.cumulativeLeakage!, 12);
        expect(e.chameleon!.options.slice().sort()).toEqual(clue.words.slice().sort());
        if (e.scores) expect(e.ally!.options).toContain(clue.message);
      });
      expect(clue.mean.utility ?? null).toEqual(expected.mean?.utility ?? null);
      expect(clue.mean.cumulativeLeakage!).toBeCloseTo(expected.cumulativeLeakage!, 12);
    }
    // The chameleon's own clue shows the cumulative view of the clue before it, never one that weighs its own clue.
    const bluffs = clues.filter((c) => c.byChameleon && c.turn > 0);
    expect(bluffs.length).toBeGreaterThan(0);
    for (const bluff of bluffs) {
      const before = clues.find((c) => c.gameNumber === bluff.gameNumber && c.round === bluff.round && c.turn === bluff.turn - 1)!;
      expect(bluff.evaluations.map((e) => [e.cumulative, e.cumulativeLeakage])).toEqual(before.evaluations.map((e) => [e.cumulative, e.cumulativeLeakage]));
      expect(bluff.mean.cumulativeLeakage).toBe(before.mean.cumulativeLeakage);
    }
    // toy-b's ally fails on "cheese": kept as a failure, never scored as 0.
    const cheese = clues.find((c) => c.message === "cheese")!;
    expect(cheese.evaluations[1].scores).toBeNull();
    expect(cheese.evaluations[1].failure).toMatch(/ally: no option label/);
    expect(cheese.mean.utility).toBe(cheese.evaluations[0].scores!.utility);
    // A repeated clue is matched to its own calls: the second "whiskers" of round 2 has its cumulative view.
    const repeated = clues.filter((c) => c.round === 2 && c.message === "whiskers");
    expect(repeated).toHaveLength(2);
    for (const clue of repeated) expect(clue.evaluations[0].cumulative!.options).toHaveLength(12);
  });

  it("labels who wrote each clue: human, bot and model, the LLM bot's fallback, the chameleon's bluff", async () => {
    await logFixtureGame(store);
    const lines = await exportLinesOf(store);
    const round1 = roundsOf(lines)[0];
    const playerOf = (seat: number) => round1.seats.find((s) => s.seat === seat)!.player;
    const labels = Object.fromEntries(cluesOf(lines).filter((c) => c.round === 1).map((c) => [playerOf(c.seat), [c.generator, c.source.fallback, c.source.seat, c.source.seatModel, c.source.knowledge]]));
    expect(labels).toEqual({
      [PLAYERS.ann]: ["human", false, "human", null, null],
      [PLAYERS.bea]: ["human", false, "human", null, null],
      [PLAYERS.lex]: ["bot:lexical", false, "bot", "lexical", "book"],
      // The lexical bot's fallback for the LLM bot says the knowledge it used.
      [PLAYERS.gpt]: ["bot:lexical", true, "bot", "llm:toy-model", "lexical"],
    });
    const round2 = cluesOf(lines).filter((c) => c.round === 2);
    expect(round2.find((c) => c.message === "saddle")!.generator).toBe("human");
    const ownLlm = round2.filter((c) => c.generator === "bot:llm:toy-model");
    expect(ownLlm).toHaveLength(1);
    // The LLM's own clue is neither the book's nor the lexical model's.
    expect(ownLlm[0].source.knowledge).toBeNull();
    for (const clue of cluesOf(lines)) {
      const round = roundsOf(lines).find((r) => r.round === clue.round)!;
      expect(clue.byChameleon).toBe(clue.seat === round.chameleonSeat);
    }
  });

  it("records the round's votes, accusation, guess and points consistently with the rules", async () => {
    await logFixtureGame(store);
    const rounds = roundsOf(await exportLinesOf(store));
    expect(rounds).toHaveLength(2);
    for (const round of rounds) {
      expect(round.votes).toHaveLength(4);
      // A bot's vote carries the knowledge its decision recorded; a human's none.
      for (const vote of round.votes) expect(vote.knowledge, `seat ${vote.voterSeat}`).toBe(vote.source === "human" ? null : "book");
      expect(round.votes.some((v) => v.source === "bot")).toBe(true);
      expect(round.caught).toBe(round.accusedSeat === round.chameleonSeat);
      const gains = Object.fromEntries(round.points.map((p) => [p.seat, p.delta]));
      if (!round.caught) {
        expect(round.outcome).toBe("escaped");
        expect(round.guesses).toEqual([]);
        expect(gains[round.chameleonSeat]).toBe(2);
      } else {
        expect(round.guesses).toHaveLength(1);
        expect(round.outcome).toBe(round.guesses[0].correct ? "guessed" : "caught");
        expect(round.guesses[0].correct).toBe(round.guesses[0].word === round.secret);
        expect(round.guesses[0].knowledge).toBe(round.guesses[0].source === "human" ? null : "book");
      }
      const total = round.points.reduce((s, p) => s + p.delta, 0);
      expect([1, 2, 6]).toContain(total);
    }
    // Round 1's chameleon guessed a wrong word, round 2's the secret (when caught).
    if (rounds[0].caught) expect(rounds[0].guesses[0].correct).toBe(false);
    if (rounds[1].caught) expect(rounds[1].guesses[0].correct).toBe(true);
  });

  it("never exports a round that has not been revealed (its secret is still in play)", async () => {
    const table = await logFixtureGame(store, { unrevealed: true });
    const lines: ExportLine[] = await exportLinesOf(store);
    expect(table.state.rounds).toHaveLength(3);
    expect(lines.some((l) => l.round === 3)).toBe(false);
    expect(JSON.stringify(lines)).not.toContain("moo");
  });

  it("selects by log id, by room code (its latest log), by game number and by opening date", async () => {
    let early = Date.UTC(2025, 0, 1);
    let late = Date.UTC(2026, 5, 1);
    const old = await logFixtureGame(store, { code: "AAAA", now: () => (early += 1000) });
    const recent = await logFixtureGame(store, { code: "BBBB", now: () => (late += 1000) });
    const oldId = old.log.logIdOf(old.room)!;
    expect(new Set((await exportLinesOf(store, { logId: oldId })).map((l) => l.game))).toEqual(new Set([`${oldId}/1`]));
    expect(new Set((await exportLinesOf(store, { logId: "BBBB" })).map((l) => l.game))).toEqual(new Set([`${recent.log.logIdOf(recent.room)}/1`]));
    expect(new Set((await exportLinesOf(store, { since: Date.UTC(2026, 0, 1) })).map((l) => l.game.slice(0, 4)))).toEqual(new Set(["BBBB"]));
    expect(await exportLinesOf(store, { logId: oldId, gameNumber: 2 })).toEqual([]);
    expect(await exportLinesOf(store, { logId: "nope" })).toEqual([]);
  });

  it("the schema rejects a line that breaks the format", async () => {
    await logFixtureGame(store);
    const clue = JSON.parse(JSON.stringify((await exportLinesOf(store))[0]));
    expect(validate(clue)).toBe(true);
    expect(validate({ ...clue, generator: "robot" })).toBe(false);
    expect(validate({ ...clue, mean: { ...clue.mean, utility: 1.5 } })).toBe(false);
    const { secret: _secret, ...noSecret } = clue;
    expect(validate(noSecret)).toBe(false);
  });
});
