import { describe, expect, it } from "vitest";
import { viewFor } from "../../shared/game/view";
import { gameViewJson, type ViewJsonParts } from "../../shared/game/view-json";
import type { GameState } from "../../shared/game/types";
import { Table } from "../support/rules-fixtures";

/** Every seat, a spectator and an id with no seat must get exactly what viewFor gives them. */
function expectSameViews(state: GameState): void {
  // Parts shared between the viewers of one state, as a broadcast shares them; both orders of viewers.
  const viewers = [...state.seats.map((seat) => seat.id), null, "outsider"];
  for (const order of [viewers, [...viewers].reverse()]) {
    const parts: ViewJsonParts = new Map();
    for (const viewer of order) expect(JSON.parse(gameViewJson(state, viewer, parts)), `viewer ${viewer} in ${state.phase}`).toEqual(viewFor(state, viewer));
  }
}

describe("gameViewJson", () => {
  it("is viewFor as JSON for every viewer through a game of the hidden-grid variant, from parts shared between viewers", () => {
    const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
    const table = new Table({
      settings: { largeTableHiddenGrid: true, discussionSeconds: 0, categoryPool: [], customCards: [{ id: "", category: "Radio", words, source: "custom" }] },
    }).seat(7);
    expectSameViews(table.state);
    table.do({ type: "start", by: "p0" });
    for (let round = 1; round <= 2; round++) {
      if (round > 1) table.do({ type: "nextRound", by: "p0" });
      expectSameViews(table.state);
      for (const id of table.round.order) {
        table.do({ type: "giveClue", by: id, text: `hint${id}` });
        expectSameViews(table.state);
      }
      table.do({ type: "chat", by: "p1", text: `round ${round} talk` });
      const { chameleonId, order } = table.round;
      // Round 1: the chameleon escapes. Round 2: caught, then guesses with the grid hidden from it.
      const target = round === 1 ? order.find((id) => id !== chameleonId)! : chameleonId;
      for (const id of order) {
        table.do({ type: "vote", by: id, target: id === target ? order.find((o) => o !== id)! : target });
        expectSameViews(table.state);
      }
      expect(table.state.phase).toBe(round === 1 ? "reveal" : "guess");
      if (table.state.phase === "guess") {
        expect(JSON.parse(gameViewJson(table.state, chameleonId)).rounds.map((r: { words: unknown }) => r.words)).toEqual([null, null]);
        table.do({ type: "guess", by: chameleonId, word: table.wrongWord() });
        expectSameViews(table.state);
      }
      expect(table.state.phase === "reveal" || table.state.phase === "gameOver").toBe(true);
    }
  });

  it("shows score records attached after the reveal (a changed round is serialized again)", () => {
    const table = new Table({ settings: { discussionSeconds: 0 } }).seat(3);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    table.do({ type: "attachScores", game: 1, round: 1, clues: [{ clueIndex: 0, scores: [{ leakage: "MARK-EARLY" }] }] });
    expect(gameViewJson(table.state, "p1")).not.toContain("MARK-EARLY");
    table.everyoneVotes(table.round.order.find((id) => id !== table.round.chameleonId)!);
    const before = gameViewJson(table.state, "p1");
    expect(before).toContain("MARK-EARLY");
    table.do({
      type: "attachScores",
      game: 1,
      round: 1,
      clues: [
        { clueIndex: 1, scores: [{ leakage: "MARK-LATE-1" }] },
        { clueIndex: 2, scores: [{ leakage: "MARK-LATE-2" }] },
      ],
    });
    for (const viewer of ["p0", "p1", "p2", null]) {
      const json = gameViewJson(table.state, viewer);
      expect(json).toContain("MARK-LATE-1");
      expect(json).toContain("MARK-LATE-2");
    }
    expectSameViews(table.state);
  });
});

describe("attachScores in one batch", () => {
  it("attaches records to several clues at once, and refuses the whole batch if one entry is bad", () => {
    const table = new Table({ settings: { discussionSeconds: 0 } }).seat(3);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    const refused = table.try({ type: "attachScores", game: 1, round: 1, clues: [{ clueIndex: 0, scores: [{ a: 1 }] }, { clueIndex: 7, scores: [] }] });
    expect(refused).toMatchObject({ ok: false, code: "unknown_clue" });
    expect(table.round.clues[0].scores).toEqual([]);
    table.do({ type: "attachScores", game: 1, round: 1, clues: [{ clueIndex: 0, scores: [{ a: 1 }] }, { clueIndex: 2, scores: [{ c: 3 }] }, { clueIndex: 0, scores: [{ a: 2 }] }] });
    expect(table.round.clues.map((clue) => clue.scores)).toEqual([[{ a: 1 }, { a: 2 }], [], [{ c: 3 }]]);
  });
});
