import { describe, expect, it } from "vitest";
import { roleIn, roundViewFor, viewFor } from "../../shared/game/view";
import { Table } from "../support/rules-fixtures";

/**
 * Every field of a view, as docs/PROTOCOL.md describes it to client and bot writers: whose turn it is, what each
 * clue says and who gave it, the seats' fields, and what a seated viewer who is not in the round may see.
 */

function started(seats = 4, settings = {}, seed: number | string = 1): Table {
  const table = new Table({ settings }, seed).seat(seats);
  table.do({ type: "start", by: "p0" });
  return table;
}

describe("a round in play, field by field", () => {
  it("during the clues: whose turn it is, the clues so far with who gave them, when and whether a bot did", () => {
    const table = started(4, { turnSeconds: 30 });
    const { order, chameleonId, secret, card } = table.round;
    const informed = order.find((id) => id !== chameleonId)!;
    const firstAt = table.now;
    table.do({ type: "giveClue", by: order[0], text: "orchard" });
    table.now += 5_000;
    table.do({ type: "giveClue", by: order[1], text: "tree", fallback: true });
    expect(viewFor(table.state, informed).rounds[0]).toEqual({
      number: 1,
      category: card.category,
      words: card.words,
      secret,
      role: "informed",
      chameleonId: null,
      dealerId: order[0],
      order,
      names: { p0: "Ada", p1: "Player 1", p2: "Player 2", p3: "Player 3" },
      twoGuesses: false,
      hiddenGrid: false,
      turnPlayerId: order[2],
      clues: [
        { playerId: order[0], text: "orchard", fallback: false, at: firstAt },
        { playerId: order[1], text: "tree", fallback: true, at: firstAt + 5_000 },
      ],
      ready: [],
      votedIds: [],
      yourVote: null,
      votes: null,
      tally: null,
      tied: null,
      tieBrokenBy: null,
      accusedId: null,
      guesses: [],
      guessesLeft: 0,
      outcome: null,
      points: null,
      aborted: false,
      revealed: false,
    });
    // The chameleon's own view of the same moment: its role and its own id, no secret; the rest the same.
    expect(viewFor(table.state, chameleonId).rounds[0]).toMatchObject({ role: "chameleon", secret: null, chameleonId, turnPlayerId: order[2], clues: [{ text: "orchard" }, { text: "tree" }] });
  });

  it("has no turn once the clues are done, and shows who is ready during the discussion", () => {
    const table = started(3);
    table.allClues();
    const [first, second] = table.round.order;
    table.do({ type: "readyToVote", by: second });
    const round = viewFor(table.state, first).rounds[0];
    expect(table.state.phase).toBe("discussion");
    expect(round).toMatchObject({ turnPlayerId: null, ready: [second], votes: null, votedIds: [] });
  });

  it("at the tie-break and the guess: the tally, the tied, who broke the tie, the accused, the guesses left", () => {
    const table = started(4, { discussionSeconds: 0, threePlayerTwoGuesses: true }, 3);
    table.allClues();
    const { order, chameleonId, dealerId } = table.round;
    // Two votes each for the chameleon and for another player: a tie the dealer breaks.
    const [other, y, z] = order.filter((id) => id !== chameleonId);
    table.do({ type: "vote", by: chameleonId, target: other });
    table.do({ type: "vote", by: other, target: chameleonId });
    table.do({ type: "vote", by: y, target: chameleonId });
    table.do({ type: "vote", by: z, target: other });
    expect(table.state.phase).toBe("tieBreak");
    const atTie = viewFor(table.state, other).rounds[0];
    expect(atTie.tally).toEqual(table.round.tally);
    expect(atTie.tied).toEqual(table.round.tied);
    expect(atTie).toMatchObject({ tieBrokenBy: null, accusedId: null, chameleonId: null, votes: table.round.votes, guessesLeft: 0 });
    table.do({ type: "breakTie", by: dealerId, accusedId: chameleonId });
    const atGuess = viewFor(table.state, other).rounds[0];
    // Four seats: the two-guess variant is off for this round, one guess.
    expect(atGuess).toMatchObject({ tieBrokenBy: "dealer", accusedId: chameleonId, chameleonId, guessesLeft: 1, guesses: [], twoGuesses: false });
  });

  it("counts the guesses left in the 3-player variant after a miss", () => {
    const table = started(3, { discussionSeconds: 0, threePlayerTwoGuesses: true });
    table.allClues();
    const { chameleonId } = table.round;
    table.everyoneVotes(chameleonId);
    expect(viewFor(table.state, "p0").rounds[0]).toMatchObject({ twoGuesses: true, guessesLeft: 2 });
    const miss = table.wrongWord();
    table.do({ type: "guess", by: chameleonId, word: miss });
    expect(viewFor(table.state, chameleonId).rounds[0]).toMatchObject({ guesses: [miss], guessesLeft: 1, revealed: false });
  });
});

describe("a revealed round, field by field", () => {
  it("shows everything to everyone, with no turn and no guesses left", () => {
    const table = started(3, { discussionSeconds: 0 });
    table.allClues();
    const { order, chameleonId, secret, card } = table.round;
    const innocent = order.find((id) => id !== chameleonId)!;
    table.everyoneVotes(innocent);
    expect(table.state.phase).toBe("reveal");
    const round = table.round;
    for (const viewer of ["p0", "p1", "p2", null]) {
      const view = viewFor(table.state, viewer).rounds[0];
      expect(view).toEqual({
        number: 1,
        category: card.category,
        words: card.words,
        secret,
        role: viewer === null ? "spectator" : viewer === chameleonId ? "chameleon" : "informed",
        chameleonId,
        dealerId: order[0],
        order,
        names: { p0: "Ada", p1: "Player 1", p2: "Player 2" },
        twoGuesses: false,
        hiddenGrid: false,
        turnPlayerId: null,
        clues: order.map((id, i) => ({ playerId: id, text: `hint${id}`, fallback: false, at: round.clues[i].at, scores: [] })),
        ready: [],
        votedIds: order,
        yourVote: viewer === null ? null : round.votes[viewer],
        votes: round.votes,
        tally: { [innocent]: 2, [order.find((id) => id !== innocent)!]: 1 },
        tied: null,
        tieBrokenBy: null,
        accusedId: innocent,
        guesses: [],
        guessesLeft: 0,
        outcome: { kind: "escaped", accusedId: innocent },
        points: Object.fromEntries(order.map((id) => [id, id === chameleonId ? 2 : 0])),
        aborted: false,
        revealed: true,
      });
    }
  });

  it("marks a round the host cut short as aborted and revealed, with its secret", () => {
    const table = started(3);
    table.do({ type: "endGame", by: "p0" });
    expect(viewFor(table.state, null).rounds[0]).toMatchObject({ aborted: true, revealed: true, secret: table.round.secret, chameleonId: table.round.chameleonId, outcome: null, points: null, tally: null, tied: null, votes: {} });
  });

  it("lists as having voted only those who did: an abstention stays out after the vote", () => {
    const table = started(4, { discussionSeconds: 0, voteSeconds: 30 });
    table.allClues();
    const { order, chameleonId } = table.round;
    const voters = order.filter((id) => id !== chameleonId);
    for (const id of voters) table.do({ type: "vote", by: id, target: id === voters[0] ? voters[1] : voters[0] });
    table.do({ type: "timeout", now: table.state.deadline! });
    const round = viewFor(table.state, null).rounds[0];
    expect(round.votedIds).toEqual(order.filter((id) => id !== chameleonId));
    expect(round.votes).not.toHaveProperty(chameleonId);
  });
});

describe("the rest of a view", () => {
  it("carries the settings, the options, every chat line and the winners as the game has them", () => {
    const custom = { id: "", category: "Radio", words: ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"], source: "custom" as const };
    const table = new Table({ settings: { categoryPool: ["Fruit"], customCards: [custom], discussionSeconds: 30, targetScore: 2 } }).seat(3);
    expect(viewFor(table.state, "p1").settings).toEqual(table.state.settings);
    expect(viewFor(table.state, "p1").options).toEqual({ allowBotsOnly: false });
    table.do({ type: "start", by: "p0" });
    table.allClues();
    table.do({ type: "chat", by: "p1", text: "who said tree?" });
    const view = viewFor(table.state, "p2");
    expect(view.chat).toEqual([{ playerId: "p1", text: "who said tree?", at: table.now, game: 1, round: 1 }]);
    expect(view.winners).toBeNull();
    for (const id of table.round.order) table.do({ type: "readyToVote", by: id });
    table.everyoneVotes(table.round.order.find((id) => id !== table.round.chameleonId)!);
    expect(table.state.phase).toBe("gameOver");
    expect(viewFor(table.state, "p2").winners).toEqual([table.round.chameleonId]);
    // The winners are the viewer's own copy too (the state is frozen: a shared list would throw).
    viewFor(table.state, "p2").winners!.push("x");
    expect(table.state.winners).toEqual([table.round.chameleonId]);
    const botsOnly = new Table({ host: { playerId: "p0", name: "Bot 0", kind: "bot" }, options: { allowBotsOnly: true } });
    expect(viewFor(botsOnly.state, null).options).toEqual({ allowBotsOnly: true });
  });

  it("is the viewer's own copy: changing any part of it changes nothing in the game (whose state is frozen here)", () => {
    const custom = { id: "", category: "Radio", words: ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"], source: "custom" as const };
    const table = new Table({ settings: { categoryPool: ["Fruit"], customCards: [custom], discussionSeconds: 0, targetScore: 30 } }).seat(4);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    const chameleon = table.round.chameleonId;
    const [other, y, z] = table.round.order.filter((id) => id !== chameleon);
    table.do({ type: "vote", by: chameleon, target: other });
    table.do({ type: "vote", by: other, target: chameleon });
    table.do({ type: "vote", by: y, target: chameleon });
    table.do({ type: "vote", by: z, target: other });
    const hidden = viewFor(table.state, other);
    table.do({ type: "breakTie", by: table.round.dealerId, accusedId: chameleon });
    table.do({ type: "guess", by: chameleon, word: table.wrongWord() });
    table.do({ type: "chat", by: other, text: "got you" });
    table.do({ type: "endGame", by: "p0" });
    const revealed = viewFor(table.state, other);
    const before = JSON.stringify(table.state);
    for (const view of [hidden, revealed]) {
      const round = view.rounds[0];
      for (const list of [round.words!, round.order, round.ready, round.votedIds, round.guesses, round.tied!, view.settings.customCards[0].words, view.seats]) list.push(list[0] as never);
      Object.assign(round.names, { x: "X" });
      if (round.tally) Object.assign(round.tally, { x: 1 });
      if (round.votes) Object.assign(round.votes, { x: "y" });
      view.settings.categoryPool!.push("Tools");
      view.options.allowBotsOnly = true;
      view.chat.forEach((line) => (line.text = "changed"));
      view.winners?.push("x");
    }
    expect(JSON.stringify(table.state)).toBe(before);
    // The copies still say what the state says.
    expect(revealed.chat.length).toBe(1);
    expect(viewFor(table.state, other).chat[0].text).toBe("got you");
  });
});

describe("the 7–8-player variant's hidden grid", () => {
  it("hides the grid from the chameleon only during the guess: the chameleon sees it for the clues and at the reveal", () => {
    const table = started(7, { largeTableHiddenGrid: true, discussionSeconds: 0 });
    const { chameleonId, card } = table.round;
    expect(viewFor(table.state, chameleonId).rounds[0].words).toEqual(card.words);
    table.allClues();
    expect(viewFor(table.state, chameleonId).rounds[0].words).toEqual(card.words);
    table.everyoneVotes(chameleonId);
    expect(viewFor(table.state, chameleonId).rounds[0].words).toBeNull();
    table.do({ type: "guess", by: chameleonId, word: "not the word" });
    expect(table.round.outcome).not.toBeNull();
    expect(viewFor(table.state, chameleonId).rounds[0].words).toEqual(card.words);
  });
});

describe("seats in a view", () => {
  it("say who each seat is, the host, a bot's profile and level, a seat that left, and the points", () => {
    const table = new Table().seat(3);
    table.do({ type: "addBot", by: "p0", playerId: "b", name: "Robo", botProfile: "lexical", botLevel: "hard" });
    table.do({ type: "start", by: "p0" });
    table.do({ type: "leave", playerId: "p2" });
    expect(viewFor(table.state, "p1").seats).toEqual([
      { id: "p0", name: "Ada", kind: "human", left: false, isHost: true, points: 0 },
      { id: "p1", name: "Player 1", kind: "human", left: false, isHost: false, points: 0 },
      { id: "p2", name: "Player 2", kind: "human", left: true, isHost: false, points: 0 },
      { id: "b", name: "Robo", kind: "bot", botProfile: "lexical", botLevel: "hard", left: false, isHost: false, points: 0 },
    ]);
  });

  it("show each seat's points as the game goes", () => {
    const table = started(3, { discussionSeconds: 0, targetScore: 10 });
    table.allClues();
    const { chameleonId, order } = table.round;
    table.everyoneVotes(order.find((id) => id !== chameleonId)!);
    const seats = viewFor(table.state, null).seats;
    for (const seat of seats) expect(seat.points).toBe(seat.id === chameleonId ? 2 : 0);
  });
});

describe("a seated viewer who is not in the round", () => {
  it("joined at the reveal: sees the round they did not play as a spectator, and plays the next", () => {
    const table = started(3, { discussionSeconds: 0 });
    table.allClues();
    table.everyoneVotes(table.round.order.find((id) => id !== table.round.chameleonId)!);
    table.do({ type: "join", playerId: "late", name: "Late" });
    const view = viewFor(table.state, "late");
    expect(view.viewerId).toBe("late");
    expect(view.rounds[0]).toMatchObject({ role: "spectator", yourVote: null });
    table.do({ type: "nextRound", by: "p0" });
    expect(table.round.order).toContain("late");
    expect(viewFor(table.state, "late").rounds[1].role).not.toBe("spectator");
  });

  it("is never taken for a player of a round in play: no role, no secret, no chameleon", () => {
    const table = started(4);
    const round = table.round;
    // The rules seat nobody mid-round; the view holds even for a state where someone is (a bug elsewhere).
    const withNewcomer = { ...table.state, seats: [...table.state.seats, { id: "newcomer", name: "New", kind: "human" as const }] };
    expect(roleIn(round, "newcomer")).toBe("spectator");
    expect(roleIn(round, null)).toBe("spectator");
    expect(roleIn(round, round.chameleonId)).toBe("chameleon");
    const view = roundViewFor(withNewcomer, round, "newcomer");
    expect(view).toMatchObject({ role: "spectator", secret: null, chameleonId: null });
    expect(viewFor(withNewcomer, "newcomer").rounds[0].secret).toBeNull();
  });
});
