import { describe, expect, it } from "vitest";
import { createGame } from "../../shared/game/rules";
import { viewFor } from "../../shared/game/view";
import { DEFAULT_SETTINGS } from "../../shared/game/settings";
import { LIBRARY, Table, testCard } from "../support/rules-fixtures";

describe("seats", () => {
  it("seats the host first and players in join order", () => {
    const table = new Table().seat(3);
    expect(table.state.seats.map((seat) => seat.id)).toEqual(["p0", "p1", "p2"]);
    expect(table.state.hostId).toBe("p0");
    expect(table.state.points).toEqual({ p0: 0, p1: 0, p2: 0 });
  });

  it("refuses a taken name (case-insensitive), an empty name and a ninth seat", () => {
    const table = new Table().seat(8);
    expect(table.try({ type: "join", playerId: "x", name: "ADA" })).toMatchObject({ ok: false, code: "table_full" });
    const small = new Table();
    expect(small.try({ type: "join", playerId: "x", name: "ada" })).toMatchObject({ ok: false, code: "name_taken" });
    expect(small.try({ type: "join", playerId: "x", name: " \u200B " })).toMatchObject({ ok: false, code: "invalid_name" });
    expect(small.try({ type: "join", playerId: "p0", name: "Again" })).toMatchObject({ ok: false, code: "already_seated" });
  });

  it("lets only the host add bots, kick, move seats and change settings", () => {
    const table = new Table().seat(2);
    expect(table.try({ type: "addBot", by: "p1", playerId: "b", name: "Bot", botProfile: "lexical" })).toMatchObject({ code: "not_host" });
    expect(table.try({ type: "kick", by: "p1", playerId: "p0" })).toMatchObject({ code: "not_host" });
    expect(table.try({ type: "moveSeat", by: "p1", playerId: "p0", toIndex: 1 })).toMatchObject({ code: "not_host" });
    expect(table.try({ type: "updateSettings", by: "p1", settings: { targetScore: 3 } })).toMatchObject({ code: "not_host" });
    table.do({ type: "addBot", by: "p0", playerId: "b", name: "Bot", botProfile: "llm:small" });
    expect(table.state.seats[2]).toEqual({ id: "b", name: "Bot", kind: "bot", botProfile: "llm:small", botLevel: "normal" });
    table.do({ type: "moveSeat", by: "p0", playerId: "b", toIndex: 0 });
    expect(table.state.seats.map((seat) => seat.id)).toEqual(["b", "p0", "p1"]);
  });

  it("gives each bot a level the host chooses and may change: normal unless told, never for a human", () => {
    const table = new Table().seat(2);
    table.do({ type: "addBot", by: "p0", playerId: "b", name: "Bot", botProfile: "lexical", botLevel: "hard" });
    expect(table.state.seats[2].botLevel).toBe("hard");
    expect(table.try({ type: "addBot", by: "p0", playerId: "c", name: "Cy", botProfile: "lexical", botLevel: "expert" as never })).toMatchObject({ ok: false, code: "invalid_action" });
    expect(table.try({ type: "setBotLevel", by: "p1", playerId: "b", level: "easy" })).toMatchObject({ ok: false, code: "not_host" });
    expect(table.try({ type: "setBotLevel", by: "p0", playerId: "p1", level: "easy" })).toMatchObject({ ok: false, code: "invalid_action" });
    expect(table.try({ type: "setBotLevel", by: "p0", playerId: "nobody", level: "easy" })).toMatchObject({ ok: false, code: "unknown_player" });
    table.do({ type: "setBotLevel", by: "p0", playerId: "b", level: "easy" });
    expect(table.state.seats[2].botLevel).toBe("easy");
    // Every viewer sees it on the seat; humans have none.
    const seats = viewFor(table.state, "p1").seats;
    expect(seats.find((seat) => seat.id === "b")?.botLevel).toBe("easy");
    expect(seats.find((seat) => seat.id === "p1")?.botLevel).toBeUndefined();
  });

  it("removes a seat that leaves in the lobby and passes the host to the next human", () => {
    const table = new Table().seat(2);
    table.do({ type: "addBot", by: "p0", playerId: "b", name: "Bot", botProfile: "lexical" });
    table.do({ type: "moveSeat", by: "p0", playerId: "b", toIndex: 1 });
    table.do({ type: "leave", playerId: "p0" });
    expect(table.state.seats.map((seat) => seat.id)).toEqual(["b", "p1"]);
    expect(table.state.hostId).toBe("p1");
    expect(table.state.points).toEqual({ b: 0, p1: 0 });
  });

  it("leaves no host when only bots remain in a party room, and the next human to join hosts", () => {
    const table = new Table();
    table.do({ type: "addBot", by: "p0", playerId: "b", name: "Bot", botProfile: "lexical" });
    table.do({ type: "leave", playerId: "p0" });
    expect(table.state.hostId).toBeNull();
    table.do({ type: "join", playerId: "h", name: "Hal" });
    expect(table.state.hostId).toBe("h");
  });

  it("transfers the host on request, to a human only in a party room", () => {
    const table = new Table().seat(2);
    table.do({ type: "addBot", by: "p0", playerId: "b", name: "Bot", botProfile: "lexical" });
    expect(table.try({ type: "transferHost", by: "p0", to: "b" })).toMatchObject({ code: "invalid_action" });
    table.do({ type: "transferHost", by: "p0", to: "p1" });
    expect(table.state.hostId).toBe("p1");
  });

  it("keeps a seat that leaves mid-round (marked left), lets it rejoin, and drops it at the next deal", () => {
    const table = new Table().seat(4);
    table.do({ type: "start", by: "p0" });
    expect(table.try({ type: "join", playerId: "late", name: "Late" })).toMatchObject({ code: "round_in_progress" });
    table.do({ type: "leave", playerId: "p2" });
    expect(table.state.seats.find((seat) => seat.id === "p2")?.left).toBe(true);
    table.do({ type: "join", playerId: "p2", name: "ignored" });
    expect(table.state.seats.find((seat) => seat.id === "p2")).toEqual({ id: "p2", name: "Player 2", kind: "human" });
    table.do({ type: "leave", playerId: "p3" });
    table.allClues();
    table.do({ type: "endGame", by: "p0" });
    table.do({ type: "start", by: "p0" });
    expect(table.state.seats.map((seat) => seat.id)).toEqual(["p0", "p1", "p2"]);
  });

  it("does not let a kicked player back in", () => {
    const table = new Table().seat(3);
    table.do({ type: "kick", by: "p0", playerId: "p2" });
    expect(table.state.seats.map((seat) => seat.id)).toEqual(["p0", "p1"]);
    expect(table.try({ type: "join", playerId: "p2", name: "Again" })).toMatchObject({ ok: false, code: "kicked" });
    expect(table.try({ type: "kick", by: "p0", playerId: "p0" })).toMatchObject({ code: "invalid_action" });
  });
});

describe("seats that go during a round", () => {
  function atVote(): Table {
    const table = new Table({ settings: { discussionSeconds: 0 } }).seat(4);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    expect(table.state.phase).toBe("vote");
    return table;
  }

  it("are played by the server: a departed seat's clue comes in marked as fallback", () => {
    const table = new Table().seat(3);
    table.do({ type: "start", by: "p0" });
    const [first, second] = table.round.order;
    table.do({ type: "leave", playerId: second });
    table.do({ type: "giveClue", by: first, text: "orchard" });
    table.do({ type: "giveClue", by: second, text: "steel", fallback: true });
    expect(table.round.clues[1]).toMatchObject({ playerId: second, fallback: true });
  });

  it("end the vote when the last seat it waited for leaves", () => {
    const table = atVote();
    const [a, b, c, d] = table.round.order;
    table.do({ type: "vote", by: a, target: b });
    table.do({ type: "vote", by: b, target: c });
    table.do({ type: "vote", by: c, target: b });
    expect(table.state.phase).toBe("vote");
    table.do({ type: "leave", playerId: d });
    expect(table.round.tally).toEqual({ [b]: 2, [c]: 1 });
    expect(table.round.accusedId).toBe(b);
  });

  it("end the discussion when the last human it waited for leaves", () => {
    const table = new Table().seat(3);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    table.do({ type: "readyToVote", by: "p0" });
    table.do({ type: "readyToVote", by: "p1" });
    table.do({ type: "leave", playerId: "p2" });
    expect(table.state.phase).toBe("vote");
  });

  it("make room for newcomers after the round, and hand the host on", () => {
    const table = new Table({ settings: { discussionSeconds: 0 } }).seat(8);
    table.do({ type: "start", by: "p0" });
    table.do({ type: "leave", playerId: "p0" });
    expect(table.state.hostId).toBe("p1");
    table.allClues();
    const { chameleonId, order } = table.round;
    table.everyoneVotes(order.find((id) => id !== chameleonId)!);
    expect(table.state.phase).toBe("reveal");
    table.do({ type: "join", playerId: "new", name: "Newcomer" });
    expect(table.state.seats).toHaveLength(8);
    expect(table.state.seats.some((seat) => seat.id === "p0")).toBe(false);
  });

  it("get their points back when they return between rounds", () => {
    const table = new Table({ settings: { discussionSeconds: 0 } }).seat(4);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    const { chameleonId, order } = table.round;
    table.everyoneVotes(order.find((id) => id !== chameleonId)!);
    expect(table.state.points[chameleonId]).toBe(2);
    if (chameleonId === "p0") table.do({ type: "transferHost", by: "p0", to: "p1" });
    table.do({ type: "leave", playerId: chameleonId });
    expect(table.state.points[chameleonId]).toBeUndefined();
    table.do({ type: "join", playerId: chameleonId, name: "Back" });
    expect(table.state.points[chameleonId]).toBe(2);
  });

  it("may chat in the lobby, but not once gone", () => {
    const table = new Table().seat(2);
    table.do({ type: "chat", by: "p1", text: "hello" });
    expect(table.state.chat).toHaveLength(1);
    table.do({ type: "leave", playerId: "p1" });
    expect(table.try({ type: "chat", by: "p1", text: "hello" })).toMatchObject({ code: "not_seated" });
  });
});

describe("settings", () => {
  it("defaults to the board game: one-word clues, target 5, variants off", () => {
    expect(new Table().state.settings).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ clueMaxWords: 1, targetScore: 5, threePlayerTwoGuesses: false, largeTableHiddenGrid: false });
  });

  it("accepts values in range and refuses others with a reason", () => {
    const table = new Table();
    table.do({ type: "updateSettings", by: "p0", settings: { clueMaxWords: 5, turnSeconds: 0, voteSeconds: 30, discussionSeconds: 0, targetScore: 3 } });
    expect(table.state.settings).toMatchObject({ clueMaxWords: 5, turnSeconds: 0, voteSeconds: 30, discussionSeconds: 0, targetScore: 3 });
    for (const bad of [{ clueMaxWords: 6 }, { clueMaxWords: 0 }, { turnSeconds: 5 }, { voteSeconds: -1 }, { targetScore: 0 }, { targetScore: 2.5 }, { categoryPool: ["Nope"] }, { bogus: 1 }]) {
      const result = table.try({ type: "updateSettings", by: "p0", settings: bad as never });
      expect(result).toMatchObject({ ok: false, code: "invalid_settings" });
    }
  });

  it("validates custom cards: 8 to 16 distinct words and a category", () => {
    const table = new Table();
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}x`);
    for (const card of [
      { category: "Short", words: words(7) },
      { category: "Long", words: words(17) },
      { category: "", words: words(8) },
      { category: "Dupes", words: [...words(7), "WORD0X"] },
      { category: "Blank", words: [...words(7), " "] },
    ]) {
      expect(table.try({ type: "updateSettings", by: "p0", settings: { customCards: [card as never] } })).toMatchObject({ code: "invalid_settings" });
    }
    table.do({ type: "updateSettings", by: "p0", settings: { customCards: [{ category: " Kitchen ", words: words(8) } as never, { category: "Big", words: words(16) } as never] } });
    expect(table.state.settings.customCards.map((card) => [card.id, card.category, card.source, card.words.length])).toEqual([
      ["custom:1", "Kitchen", "custom", 8],
      ["custom:2", "Big", "custom", 16],
    ]);
  });

  it("can be changed only before a game or after it", () => {
    const table = new Table().seat(3);
    table.do({ type: "start", by: "p0" });
    expect(table.try({ type: "updateSettings", by: "p0", settings: { targetScore: 3 } })).toMatchObject({ code: "wrong_phase" });
  });
});

describe("start", () => {
  it("needs the host and at least three seats", () => {
    const table = new Table().seat(2);
    expect(table.try({ type: "start", by: "p0" })).toMatchObject({ ok: false, code: "not_enough_players" });
    table.do({ type: "join", playerId: "p2", name: "Cy" });
    expect(table.try({ type: "start", by: "p1" })).toMatchObject({ ok: false, code: "not_host" });
    table.do({ type: "start", by: "p0" });
    expect(table.state.phase).toBe("clues");
    expect(table.state.gameNumber).toBe(1);
  });

  it("needs a human in a party room; a bots-only game needs the option", () => {
    const party = createGame({ host: { playerId: "h", name: "Host" }, library: LIBRARY });
    expect(party.options.allowBotsOnly).toBe(false);
    expect(() => createGame({ host: { playerId: "b", name: "Bot", kind: "bot" }, library: LIBRARY })).toThrow(/allowBotsOnly/);
    const bots = new Table({ host: { playerId: "p0", name: "Bot 0", kind: "bot", botProfile: "lexical" }, options: { allowBotsOnly: true } }).seat(4, "bot");
    bots.do({ type: "start", by: "p0" });
    expect(bots.state.phase).toBe("clues");
  });

  it("refuses to start with an empty topic pool", () => {
    const table = new Table().seat(3);
    table.do({ type: "updateSettings", by: "p0", settings: { categoryPool: [] } });
    expect(table.try({ type: "start", by: "p0" })).toMatchObject({ ok: false, code: "no_topics" });
  });

  it("refuses a library with duplicate card ids", () => {
    expect(() => createGame({ host: { playerId: "h", name: "Host" }, library: [testCard("A"), testCard("A")] })).toThrow(/unique/);
  });
});

describe("malformed actions", () => {
  it("are refused with a reason, never thrown", () => {
    const table = new Table().seat(3);
    const junk = [
      { type: "join", playerId: "x", name: 42 },
      { type: "join", playerId: "", name: "Empty Id" },
      { type: "addBot", by: "p0", playerId: "b", name: "Bot", botProfile: null },
      { type: "updateSettings", by: "p0", settings: "targetScore" },
      { type: "moveSeat", by: "p0", playerId: "p1", toIndex: "0" },
      { type: "start", by: "p0", now: "soon" },
    ];
    for (const action of junk) {
      const result = table.try(action as never);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
    }
    table.do({ type: "start", by: "p0" });
    for (const action of [
      { type: "giveClue", by: table.round.order[0], text: 7 },
      { type: "vote", by: "p0" },
      { type: "chat", by: "p0", text: { a: 1 } },
      { type: "attachScores", game: "1", round: null, clueIndex: 0, scores: [] },
    ]) {
      expect(table.try(action as never).ok).toBe(false);
    }
  });
});

describe("a host who steps out mid-round at a table of bots", () => {
  it("gets the host's chair back on returning, so the room can go on", async () => {
    const { createGame, applyAction } = await import("../../shared/game/rules");
    const { seededRng } = await import("../../shared/random");
    const rng = seededRng(1);
    let state = createGame({ host: { playerId: "host", name: "Host" }, library: [{ id: "c", category: "colour", words: ["red", "blue", "green", "pink", "grey", "black", "white", "orange"], source: "dataset" }] });
    const step = (action: Parameters<typeof applyAction>[1]) => {
      const result = applyAction(state, action, rng);
      if (!result.ok) throw new Error(`${action.type}: ${result.message}`);
      state = result.state;
    };
    for (const id of ["b1", "b2"]) step({ type: "addBot", now: 0, by: "host", playerId: id, name: id, botProfile: "lexical" });
    step({ type: "start", now: 0, by: "host" });
    step({ type: "leave", now: 1, playerId: "host" });
    expect(state.hostId).toBeNull();
    step({ type: "join", now: 2, playerId: "host", name: "Host" });
    expect(state.hostId).toBe("host");
  });
});
