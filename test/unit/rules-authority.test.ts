import { describe, expect, it } from "vitest";
import { applyAction } from "../../shared/game/rules";
import { seededRng } from "../../shared/random";
import { LIBRARY, Table } from "../support/rules-fixtures";

/**
 * Who may change the course of a game, and when: a guest must not deal or end a round, and a restart must not
 * wipe a game in play. Each refusal is checked to leave the state as it was.
 */

/** A game of `seats` humans (p0 hosts) played to the reveal of round 1, the chameleon having escaped (+2). */
function revealed(seats = 4, settings = {}, seed: number | string = 1): Table {
  const table = new Table({ settings: { targetScore: 30, ...settings } }, seed).seat(seats);
  table.do({ type: "start", by: "p0" });
  escape(table);
  return table;
}

/** Plays the current round to the reveal: everyone votes for an innocent player. */
function escape(table: Table): void {
  table.allClues();
  for (const id of table.round.order) if (table.state.phase === "discussion") table.do({ type: "readyToVote", by: id });
  const innocent = table.round.order.find((id) => id !== table.round.chameleonId)!;
  table.everyoneVotes(innocent);
  if (table.state.phase === "tieBreak") table.do({ type: "breakTie", by: table.round.dealerId, accusedId: table.round.tied!.find((id) => id !== table.round.chameleonId) ?? table.round.tied![0] });
  if (table.state.phase === "guess") table.do({ type: "guess", by: table.round.chameleonId, word: table.wrongWord() });
}

describe("only the host", () => {
  it("deals the next round: a guest asking at the reveal is refused and the reveal stays on screen", () => {
    const table = revealed();
    expect(table.state.phase).toBe("reveal");
    const before = table.state;
    for (const guest of ["p1", "p2", "p3"]) expect(table.try({ type: "nextRound", by: guest })).toMatchObject({ ok: false, code: "not_host" });
    expect(table.try({ type: "nextRound", by: "nobody" })).toMatchObject({ ok: false, code: "not_host" });
    expect(table.state).toBe(before);
    table.do({ type: "nextRound", by: "p0" });
    expect(table.state.phase).toBe("clues");
    expect(table.state.rounds).toHaveLength(2);
  });

  it("ends the game: a guest's endGame mid-round changes nothing, the host's cuts the round short", () => {
    const table = new Table().seat(4);
    table.do({ type: "start", by: "p0" });
    table.do({ type: "giveClue", by: table.round.order[0], text: "orchard" });
    const before = table.state;
    expect(table.try({ type: "endGame", by: "p2" })).toMatchObject({ ok: false, code: "not_host" });
    expect(table.state).toBe(before);
    expect(table.round.aborted).toBe(false);
    table.do({ type: "endGame", by: "p0" });
    expect(table.state.phase).toBe("gameOver");
    expect(table.round.aborted).toBe(true);
  });

  it("ends the game at the reveal too, and a guest cannot", () => {
    const table = revealed();
    expect(table.try({ type: "endGame", by: "p1" })).toMatchObject({ ok: false, code: "not_host" });
    expect(table.state.phase).toBe("reveal");
    table.do({ type: "endGame", by: "p0" });
    // The revealed round keeps its outcome and points: only a round in play is cut short.
    expect(table.state).toMatchObject({ phase: "gameOver", winners: null, deadline: null });
    expect(table.round.aborted).toBe(false);
    expect(table.round.outcome?.kind).toBe("escaped");
  });

  it("whoever holds the host's role has that authority: after a transfer the old host is a guest", () => {
    const table = revealed();
    table.do({ type: "transferHost", by: "p0", to: "p2" });
    expect(table.try({ type: "nextRound", by: "p0" })).toMatchObject({ code: "not_host" });
    table.do({ type: "nextRound", by: "p2" });
    expect(table.try({ type: "endGame", by: "p0" })).toMatchObject({ code: "not_host" });
    table.do({ type: "endGame", by: "p2" });
    expect(table.state.phase).toBe("gameOver");
  });
});

describe("phases", () => {
  it("refuses a start while a game is played, at any step of a round and at the reveal: the points stay", () => {
    const table = revealed();
    const chameleon = table.round.chameleonId;
    expect(table.state.points[chameleon]).toBe(2);
    const atReveal = table.state;
    expect(table.try({ type: "start", by: "p0" })).toMatchObject({ ok: false, code: "wrong_phase" });
    expect(table.state).toBe(atReveal);
    table.do({ type: "nextRound", by: "p0" });
    // Clues, discussion and vote of round 2: the host's start is refused each time.
    table.do({ type: "giveClue", by: table.round.order[0], text: "orchard" });
    expect(table.try({ type: "start", by: "p0" })).toMatchObject({ code: "wrong_phase" });
    for (const id of table.round.order.slice(1)) table.do({ type: "giveClue", by: id, text: `hint${id}` });
    expect(table.state.phase).toBe("discussion");
    expect(table.try({ type: "start", by: "p0" })).toMatchObject({ code: "wrong_phase" });
    for (const id of table.round.order) table.do({ type: "readyToVote", by: id });
    expect(table.state.phase).toBe("vote");
    expect(table.try({ type: "start", by: "p0" })).toMatchObject({ code: "wrong_phase" });
    expect(table.state.points[chameleon]).toBe(2);
    expect(table.state.gameNumber).toBe(1);
    expect(table.state.rounds).toHaveLength(2);
  });

  it("deals the next round only from a reveal", () => {
    const table = new Table().seat(3);
    expect(table.try({ type: "nextRound", by: "p0" })).toMatchObject({ code: "wrong_phase" });
    table.do({ type: "start", by: "p0" });
    expect(table.try({ type: "nextRound", by: "p0" })).toMatchObject({ code: "wrong_phase" });
    expect(table.state.rounds).toHaveLength(1);
  });

  it("ends only a game in play: not in the lobby, nor a game already over", () => {
    const table = new Table().seat(3);
    expect(table.try({ type: "endGame", by: "p0" })).toMatchObject({ code: "wrong_phase" });
    table.do({ type: "start", by: "p0" });
    table.do({ type: "endGame", by: "p0" });
    expect(table.try({ type: "endGame", by: "p0" })).toMatchObject({ code: "wrong_phase" });
  });

  it("starts again after a game over with points at 0 and the next game number", () => {
    const table = revealed();
    table.do({ type: "endGame", by: "p0" });
    table.do({ type: "start", by: "p0" });
    expect(table.state.gameNumber).toBe(2);
    expect(Object.values(table.state.points)).toEqual([0, 0, 0, 0]);
    expect(table.state.rounds).toHaveLength(1);
  });
});

describe("the deck within a game", () => {
  it("deals every card of the pool once before any card comes back", () => {
    const table = revealed(3, { categoryPool: LIBRARY.map((card) => card.id) }, "deck");
    const dealt = [table.round.card.id];
    for (let i = 1; i < LIBRARY.length * 2; i++) {
      table.do({ type: "nextRound", by: "p0" });
      dealt.push(table.round.card.id);
      escape(table);
    }
    // 4 cards: rounds 1–4 are the 4 cards, rounds 5–8 the 4 cards again.
    expect(new Set(dealt.slice(0, 4)).size).toBe(4);
    expect(new Set(dealt.slice(4, 8)).size).toBe(4);
  });

  it("forgets the cards dealt when a new game starts: the first card may be one the last game used", () => {
    const firstCards = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const table = revealed(3, { categoryPool: LIBRARY.map((card) => card.id) }, seed);
      const lastGame = new Set([table.round.card.id]);
      for (let i = 0; i < 2; i++) {
        table.do({ type: "nextRound", by: "p0" });
        lastGame.add(table.round.card.id);
        escape(table);
      }
      table.do({ type: "endGame", by: "p0" });
      table.do({ type: "start", by: "p0" });
      if (lastGame.has(table.round.card.id)) firstCards.add(String(seed));
    }
    // Three of four cards were used; with the list kept, every new game would open on the fourth.
    expect(firstCards.size).toBeGreaterThan(0);
  });
});

describe("a replayed log", () => {
  it("keeps a clue its table accepted even if the clue rule now refuses it; a live clue is checked", () => {
    const table = new Table().seat(3);
    table.do({ type: "start", by: "p0" });
    const first = table.round.order[0];
    const grid = table.round.card.words[0];
    const action = { type: "giveClue" as const, now: table.now, by: first, text: grid };
    expect(applyAction(table.state, action, seededRng(1))).toMatchObject({ ok: false, code: "clue_contains_grid_word" });
    const replayed = applyAction(table.state, action, seededRng(1), { replay: true });
    expect(replayed.ok && replayed.state.rounds[0].clues[0]).toMatchObject({ playerId: first, text: grid });
    // A replay still checks who may play: replaying is no licence to give a clue out of turn.
    const outOfTurn = applyAction(table.state, { ...action, by: table.round.order[1] }, seededRng(1), { replay: true });
    expect(outOfTurn).toMatchObject({ ok: false, code: "not_your_turn" });
  });

  it("keeps a timed-out turn's fallback clue the same way", () => {
    const table = new Table({ settings: { turnSeconds: 30 } }).seat(3);
    table.do({ type: "start", by: "p0" });
    const timeout = { type: "timeout" as const, now: table.state.deadline!, fallbackClue: table.round.card.words[1] };
    expect(applyAction(table.state, timeout, seededRng(1))).toMatchObject({ ok: false, code: "clue_contains_grid_word" });
    const replayed = applyAction(table.state, timeout, seededRng(1), { replay: true });
    expect(replayed.ok && replayed.state.rounds[0].clues[0]).toMatchObject({ text: table.round.card.words[1], fallback: true });
  });
});
