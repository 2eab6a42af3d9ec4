import { describe, expect, it } from "vitest";
import { viewFor } from "../../shared/game/view";
import type { GameView } from "../../shared/game/types";
import { Table } from "../support/rules-fixtures";

function started(seats = 4, settings = {}, seed = 1): Table {
  const table = new Table({ settings }, seed).seat(seats);
  table.do({ type: "start", by: "p0" });
  return table;
}

/** The view's JSON with the grid (and the host's custom cards) removed: what must not hold the secret. */
function jsonWithoutGrid(view: GameView): string {
  return JSON.stringify({ ...view, settings: { ...view.settings, customCards: [] }, rounds: view.rounds.map((round) => ({ ...round, words: null })) });
}

describe("viewFor before the reveal", () => {
  it("shows the secret to informed players only, in round.secret", () => {
    const table = started(4);
    const { chameleonId, secret, order } = table.round;
    for (const id of order) {
      const view = viewFor(table.state, id);
      const round = view.rounds[0];
      if (id === chameleonId) {
        expect(round).toMatchObject({ role: "chameleon", secret: null, chameleonId });
        expect(jsonWithoutGrid(view)).not.toContain(secret);
      } else {
        expect(round).toMatchObject({ role: "informed", secret, chameleonId: null });
      }
    }
    for (const spectator of [null, "stranger"]) {
      const view = viewFor(table.state, spectator);
      expect(view.viewerId).toBeNull();
      expect(view.rounds[0]).toMatchObject({ role: "spectator", secret: null, chameleonId: null });
      expect(jsonWithoutGrid(view)).not.toContain(secret);
    }
  });

  it("gives the chameleon the grid in card order, the same as everyone's", () => {
    const table = started(5);
    const grids = table.round.order.map((id) => viewFor(table.state, id).rounds[0].words);
    for (const grid of grids) expect(grid).toEqual(table.round.card.words);
  });

  it("never carries the library, the cards dealt, kicked ids or anything random", () => {
    const table = started(3);
    const json = JSON.stringify(viewFor(table.state, "p0"));
    for (const key of ["library", "usedCardIds", "kickedIds", "seed", "rng", "secretIndex"]) expect(json).not.toContain(`"${key}"`);
    // Only the dealt card's words appear, not other cards of the library.
    const otherCard = table.state.library.find((card) => card.id !== table.round.card.id)!;
    expect(json).not.toContain(otherCard.words[0]);
  });

  it("shows who has voted but not for whom until the vote ends, and the viewer's own vote", () => {
    const table = started(4, { discussionSeconds: 0 });
    table.allClues();
    const [a, b, c, d] = table.round.order;
    table.do({ type: "vote", by: a, target: b });
    table.do({ type: "vote", by: b, target: c });
    const seenByC = viewFor(table.state, c).rounds[0];
    expect(seenByC).toMatchObject({ votedIds: [a, b], votes: null, yourVote: null, tally: null });
    expect(viewFor(table.state, a).rounds[0].yourVote).toBe(b);
    expect(JSON.stringify(seenByC)).not.toContain(`"${a}":"${b}"`);
    table.do({ type: "vote", by: c, target: b });
    table.do({ type: "vote", by: d, target: b });
    expect(viewFor(table.state, c).rounds[0].votes).toEqual({ [a]: b, [b]: c, [c]: b, [d]: b });
  });

  it("reveals the chameleon to everyone once caught, and hides the grid from it in the 7–8 variant", () => {
    const table = started(7, { largeTableHiddenGrid: true, discussionSeconds: 0 });
    table.allClues();
    const { chameleonId, secret } = table.round;
    table.everyoneVotes(chameleonId);
    expect(table.state.phase).toBe("guess");
    const chameleonView = viewFor(table.state, chameleonId);
    expect(chameleonView.rounds[0].words).toBeNull();
    expect(JSON.stringify(chameleonView)).not.toContain(secret);
    const other = table.round.order.find((id) => id !== chameleonId)!;
    expect(viewFor(table.state, other).rounds[0]).toMatchObject({ chameleonId, words: table.round.card.words });
  });

  it("in the 7–8 variant also withholds the card from earlier rounds and from the custom cards during the guess", () => {
    const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
    const table = new Table({ settings: { largeTableHiddenGrid: true, discussionSeconds: 0, categoryPool: [], customCards: [{ id: "", category: "Radio", words, source: "custom" }] } }).seat(7);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    table.everyoneVotes(table.round.order.find((id) => id !== table.round.chameleonId)!);
    const earlierSecret = table.round.secret;
    table.do({ type: "nextRound", by: "p0" });
    table.allClues();
    const { chameleonId } = table.round;
    table.everyoneVotes(chameleonId);
    expect(table.state.phase).toBe("guess");
    const view = viewFor(table.state, chameleonId);
    expect(view.rounds.map((round) => round.words)).toEqual([null, null]);
    expect(view.settings.customCards[0].words).toEqual([]);
    // The earlier round's secret stays in its reveal; the rest of the grid shows nowhere.
    for (const word of words.filter((w) => w !== earlierSecret)) expect(JSON.stringify(view)).not.toContain(word);
    const other = table.round.order.find((id) => id !== chameleonId)!;
    expect(viewFor(table.state, other).settings.customCards[0].words).toEqual(words);
  });

  it("keeps score records out of every view until the reveal", () => {
    const table = started(3, { discussionSeconds: 0 });
    table.do({ type: "giveClue", by: table.round.order[0], text: "hello" });
    table.do({ type: "attachScores", game: 1, round: 1, clueIndex: 0, scores: [{ leakage: "MARK-LEAK-0.93" }] });
    for (const viewer of [...table.round.order, null]) {
      const view = viewFor(table.state, viewer);
      expect(JSON.stringify(view)).not.toContain("MARK-LEAK");
      expect(view.rounds[0].clues[0]).not.toHaveProperty("scores");
    }
  });
});

describe("viewFor after the reveal", () => {
  it("sends an earlier round's score records again only at the game's end", () => {
    const table = started(3, { discussionSeconds: 0 });
    table.allClues();
    table.do({ type: "attachScores", game: 1, round: 1, clues: [{ clueIndex: 0, scores: [{ leakage: "MARK-R1" }] }] });
    table.everyoneVotes(table.round.order.find((id) => id !== table.round.chameleonId)!);
    expect(viewFor(table.state, "p1").rounds[0].clues[0].scores).toEqual([{ leakage: "MARK-R1" }]);
    table.do({ type: "nextRound", by: "p0" });
    for (const viewer of ["p0", "p1", "p2", null]) {
      const view = viewFor(table.state, viewer);
      expect(view.rounds[0]).toMatchObject({ revealed: true, secret: table.state.rounds[0].secret });
      expect(JSON.stringify(view)).not.toContain("MARK-R1");
    }
    table.do({ type: "endGame", by: "p0" });
    expect(table.state.phase).toBe("gameOver");
    expect(viewFor(table.state, "p2").rounds[0].clues[0].scores).toEqual([{ leakage: "MARK-R1" }]);
  });

  it("shows everyone everything of the round, score records included", () => {
    const table = started(3, { discussionSeconds: 0 });
    table.allClues();
    table.do({ type: "attachScores", game: 1, round: 1, clueIndex: 2, scores: [{ leakage: 0.5 }] });
    const { chameleonId, secret } = table.round;
    table.everyoneVotes(table.round.order.find((id) => id !== chameleonId)!);
    expect(table.state.phase).toBe("reveal");
    // Records that arrive after the reveal are shown too.
    table.do({ type: "attachScores", game: 1, round: 1, clueIndex: 0, scores: [{ leakage: 0.1 }] });
    for (const viewer of [...table.round.order, null]) {
      const round = viewFor(table.state, viewer).rounds[0];
      expect(round).toMatchObject({ revealed: true, secret, chameleonId, outcome: { kind: "escaped" }, points: { [chameleonId]: 2 } });
      expect(round.votes).toEqual(table.round.votes);
      expect(round.clues[2].scores).toEqual([{ leakage: 0.5 }]);
      expect(round.clues[0].scores).toEqual([{ leakage: 0.1 }]);
    }
  });

  it("keeps revealing earlier rounds while the next is hidden", () => {
    const table = started(3, { discussionSeconds: 0 });
    table.allClues();
    const first = table.round;
    table.everyoneVotes(first.order.find((id) => id !== first.chameleonId)!);
    table.do({ type: "nextRound", by: "p0" });
    const current = table.round;
    const spectator = viewFor(table.state, null);
    expect(spectator.rounds[0]).toMatchObject({ revealed: true, secret: first.secret });
    expect(spectator.rounds[1]).toMatchObject({ revealed: false, secret: null });
    // The old secret may show; the new one may not (unless it happens to be the same word on the same card).
    if (current.secret !== first.secret) expect(jsonWithoutGrid(spectator)).not.toContain(`"${current.secret}"`);
  });

  it("is a copy: changing a view never changes the state", () => {
    const table = started(3);
    const view = viewFor(table.state, "p0");
    view.rounds[0].words!.push("x");
    view.seats[0].points = 99;
    expect(table.round.card.words).not.toContain("x");
    expect(table.state.points.p0).toBe(0);
  });
});
