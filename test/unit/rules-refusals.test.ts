import { describe, expect, it } from "vitest";
import { applyAction, createGame, MAX_CHAT_CHARS, MAX_GUESS_CHARS, turnPlayerId } from "../../shared/game/rules";
import { MAX_BOT_PROFILE_CHARS } from "../../shared/game/table";
import type { GameAction } from "../../shared/game/types";
import { seededRng } from "../../shared/random";
import { LIBRARY, Table } from "../support/rules-fixtures";

/**
 * Every refusal of the rules, with its code and the one line the player reads (docs/PROTOCOL.md: a `RULE` ack
 * carries both); and a refused action leaves the state as it was. Plus the table's defaults and bookkeeping a
 * game relies on: a new lobby, bot hosts, points that add up, who deals when the last chameleon has gone.
 */

type Step = DistributiveOmit<GameAction, "now"> & { now?: number };
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** A game of 4 humans (p0 hosts), started, with a 30 s turn timer. */
function started(settings = {}): Table {
  const table = new Table({ settings: { turnSeconds: 30, ...settings } }).seat(4);
  table.do({ type: "start", by: "p0" });
  return table;
}

function inDiscussion(): Table {
  const table = started();
  table.allClues();
  expect(table.state.phase).toBe("discussion");
  return table;
}

function inVote(): Table {
  const table = inDiscussion();
  for (const id of table.round.order) table.do({ type: "readyToVote", by: id });
  expect(table.state.phase).toBe("vote");
  return table;
}

/** A tie between the chameleon and another player, for the dealer to break. */
function inTieBreak(): Table {
  const table = inVote();
  const chameleon = table.round.chameleonId;
  const [other, y, z] = table.round.order.filter((id) => id !== chameleon);
  table.do({ type: "vote", by: chameleon, target: other });
  table.do({ type: "vote", by: other, target: chameleon });
  table.do({ type: "vote", by: y, target: chameleon });
  table.do({ type: "vote", by: z, target: other });
  expect(table.state.phase).toBe("tieBreak");
  return table;
}

function inGuess(settings = {}, seats = 4): Table {
  const table = new Table({ settings: { turnSeconds: 30, discussionSeconds: 0, ...settings } }).seat(seats);
  table.do({ type: "start", by: "p0" });
  table.allClues();
  table.everyoneVotes(table.round.chameleonId);
  expect(table.state.phase).toBe("guess");
  return table;
}

const someoneElse = (table: Table, ...not: string[]) => table.round.order.find((id) => !not.includes(id))!;

const CASES: [string, () => Table, (table: Table) => Step, string, RegExp][] = [
  ["settings mid-game", started, () => ({ type: "updateSettings", by: "p0", settings: { targetScore: 3 } }), "wrong_phase", /only between games/],
  ["a start mid-game", started, () => ({ type: "start", by: "p0" }), "wrong_phase", /already being played/],
  ["the next round before the reveal", started, () => ({ type: "nextRound", by: "p0" }), "wrong_phase", /after a round's reveal/],
  ["a start with two seats", () => new Table().seat(2), () => ({ type: "start", by: "p0" }), "not_enough_players", /at least 3 seats \(now 2\): invite players or add bots/],
  ["a start with no topics", () => new Table({ settings: { categoryPool: [] } }).seat(3), () => ({ type: "start", by: "p0" }), "no_topics", /category pool is empty/],
  ["an end with no game", () => new Table().seat(3), () => ({ type: "endGame", by: "p0" }), "wrong_phase", /No game is being played/],
  ["a clue in the discussion", inDiscussion, (t) => ({ type: "giveClue", by: t.round.order[0], text: "late" }), "wrong_phase", /not time for clues/],
  ["a clue that is not text", started, (t) => ({ type: "giveClue", by: t.round.order[0], text: 7 as never }), "clue_empty", /empty: type at least one word/],
  ["a clue with a control character", started, (t) => ({ type: "giveClue", by: t.round.order[0], text: "tree\u0007" }), "control_characters", /control/i],
  ["chat from someone not seated", inDiscussion, () => ({ type: "chat", by: "stranger", text: "hi" }), "not_seated", /Only players at the table/],
  ["chat during the clues", started, () => ({ type: "chat", by: "p1", text: "hi" }), "chat_closed", /opens when every clue/],
  ["chat with a control character", inDiscussion, () => ({ type: "chat", by: "p1", text: "hi\u001b[2J" }), "control_characters", /control/i],
  ["chat that is not text", inDiscussion, () => ({ type: "chat", by: "p1", text: null as never }), "chat_empty", /message is empty/],
  ["blank chat", inDiscussion, () => ({ type: "chat", by: "p1", text: " \u200B " }), "chat_empty", /message is empty/],
  ["chat too long", inDiscussion, () => ({ type: "chat", by: "p1", text: "a".repeat(MAX_CHAT_CHARS + 1) }), "chat_too_long", /at most 280 characters \(this one has 281\)/],
  ["a take-back during the clues", started, () => ({ type: "takeBack", by: "p1" }), "wrong_phase", /nothing to take back/],
  ["a take-back from outside the round", inDiscussion, () => ({ type: "takeBack", by: "stranger" }), "not_seated", /not playing this round/],
  ["a take-back with nothing to take", inDiscussion, () => ({ type: "takeBack", by: "p1" }), "invalid_action", /not said you are ready/],
  ["a vote take-back with no vote", inVote, () => ({ type: "takeBack", by: "p1" }), "invalid_action", /have not voted/],
  ["ready outside the discussion", started, () => ({ type: "readyToVote", by: "p1" }), "wrong_phase", /no discussion going on/],
  ["ready from outside the round", inDiscussion, () => ({ type: "readyToVote", by: "stranger" }), "not_seated", /not playing this round/],
  ["a vote in the discussion", inDiscussion, () => ({ type: "vote", by: "p1", target: "p2" }), "wrong_phase", /not time to vote/],
  ["a vote from outside the round", inVote, () => ({ type: "vote", by: "stranger", target: "p2" }), "not_seated", /not playing this round/],
  ["a vote for oneself", inVote, () => ({ type: "vote", by: "p1", target: "p1" }), "invalid_vote", /another player, not yourself/],
  ["a vote for an outsider", inVote, () => ({ type: "vote", by: "p1", target: "stranger" }), "invalid_vote", /a player of this round/],
  ["a tie-break with no tie", inVote, (t) => ({ type: "breakTie", by: t.round.dealerId, accusedId: "p1" }), "wrong_phase", /no tie to break/],
  ["a tie-break by someone else", inTieBreak, (t) => ({ type: "breakTie", by: someoneElse(t, t.round.dealerId), accusedId: t.round.tied![0] }), "not_dealer", /Only the dealer/],
  ["a tie-break for an untied player", inTieBreak, (t) => ({ type: "breakTie", by: t.round.dealerId, accusedId: someoneElse(t, ...t.round.tied!) }), "not_tied", /one of the tied players/],
  ["a guess in the vote", inVote, (t) => ({ type: "guess", by: t.round.chameleonId, word: t.round.secret }), "wrong_phase", /not time to guess/],
  ["a guess by someone else", () => inGuess(), (t) => ({ type: "guess", by: someoneElse(t, t.round.chameleonId), word: t.round.secret }), "not_chameleon", /Only the chameleon/],
  ["a guess that is not text", () => inGuess(), (t) => ({ type: "guess", by: t.round.chameleonId, word: 3 as never }), "guess_invalid", /Pick a word/],
  ["a guess off the grid", () => inGuess(), (t) => ({ type: "guess", by: t.round.chameleonId, word: "nothing" }), "not_a_grid_word", /one of the words on the grid/],
  ["a typed guess too long", () => inGuess({ largeTableHiddenGrid: true }, 7), (t) => ({ type: "guess", by: t.round.chameleonId, word: "x".repeat(MAX_GUESS_CHARS + 1) }), "guess_invalid", /1 to 40 characters/],
  ["a blank typed guess", () => inGuess({ largeTableHiddenGrid: true }, 7), (t) => ({ type: "guess", by: t.round.chameleonId, word: " \u200B" }), "guess_invalid", /1 to 40 characters/],
  ["a timeout with nothing timed", () => new Table().seat(3), () => ({ type: "timeout", fallbackClue: "x" }), "no_deadline", /Nothing is timed/],
  ["a timeout too early", started, (t) => ({ type: "timeout", now: t.state.deadline! - 1, fallbackClue: "x" }), "too_early", /not run out yet/],
  ["a timed-out turn with no fallback clue", started, (t) => ({ type: "timeout", now: t.state.deadline! }), "fallback_required", /needs the server's fallback clue/],
  ["a stand-in's tie-break for an untied player", inTieBreak, (t) => ({ type: "timeout", now: t.state.deadline!, fallbackAccused: someoneElse(t, ...t.round.tied!) }), "not_tied", /must pick one of the tied/],
  ["scores for another game", started, () => ({ type: "attachScores", game: 9, round: 1, clueIndex: 0, scores: [] }), "unknown_clue", /No such clue/],
  ["scores for no entry", started, () => ({ type: "attachScores", game: 1, round: 1, clues: [null as never] }), "unknown_clue", /No such clue/],
  ["scores that are not a list", inDiscussion, () => ({ type: "attachScores", game: 1, round: 1, clueIndex: 0, scores: "high" as never }), "invalid_action", /must be a list of records/],
  ["an unknown action", started, () => ({ type: "cheat" } as never), "invalid_action", /Unknown action "cheat"/],
];

/** A lobby of 3 humans and a bot ("b"). */
function lobbyWithBot(): Table {
  const table = new Table().seat(3);
  table.do({ type: "addBot", by: "p0", playerId: "b", name: "Robo", botProfile: "lexical" });
  return table;
}

const TABLE_CASES: [string, () => Table, (table: Table) => Step, string, RegExp][] = [
  ["a join during the discussion", inDiscussion, () => ({ type: "join", playerId: "late", name: "Late" }), "round_in_progress", /A round is being played/],
  ["a join during the vote", inVote, () => ({ type: "join", playerId: "late", name: "Late" }), "round_in_progress", /A round is being played/],
  ["a join during the tie-break", inTieBreak, () => ({ type: "join", playerId: "late", name: "Late" }), "round_in_progress", /A round is being played: you can take a seat when it ends/],
  ["a join during the guess", () => inGuess(), () => ({ type: "join", playerId: "late", name: "Late" }), "round_in_progress", /A round is being played/],
  ["a ninth seat", () => new Table().seat(8), () => ({ type: "join", playerId: "p9", name: "Ninth" }), "table_full", /The table is full \(8 seats\)/],
  ["a name already at the table", () => new Table().seat(2), () => ({ type: "join", playerId: "x", name: "player 1" }), "name_taken", /"player 1" looks too much like "Player 1", who is already at the table/],
  ["the same name exactly", () => new Table().seat(2), () => ({ type: "join", playerId: "x", name: "Player 1" }), "name_taken", /"Player 1" is already at the table: pick another name/],
  ["a seat id that is not text", () => new Table(), () => ({ type: "join", playerId: 42 as never, name: "Num" }), "invalid_action", /A seat needs an id/],
  ["a second seat for the same id", () => new Table().seat(2), () => ({ type: "join", playerId: "p1", name: "Again" }), "already_seated", /already have a seat/],
  ["a kicked player's return", () => kicked(), () => ({ type: "join", playerId: "p2", name: "Back" }), "kicked", /The host removed you from this table/],
  ["a bot by a guest", () => new Table().seat(2), () => ({ type: "addBot", by: "p1", playerId: "b", name: "Robo", botProfile: "lexical" }), "not_host", /Only the host can do that/],
  ["a bot on a taken id", () => new Table().seat(2), () => ({ type: "addBot", by: "p0", playerId: "p1", name: "Robo", botProfile: "lexical" }), "already_seated", /That seat id is taken/],
  ["a bot mid-round", started, () => ({ type: "addBot", by: "p0", playerId: "b", name: "Robo", botProfile: "lexical" }), "round_in_progress", /A round is being played/],
  ["a bot with no id", () => new Table(), () => ({ type: "addBot", by: "p0", playerId: "", name: "Robo", botProfile: "lexical" }), "invalid_action", /A seat needs an id/],
  ["a bot with an id that is not text", () => new Table(), () => ({ type: "addBot", by: "p0", playerId: 5 as never, name: "Robo", botProfile: "lexical" }), "invalid_action", /A seat needs an id/],
  ["a bot under a player's name", () => new Table().seat(2), () => ({ type: "addBot", by: "p0", playerId: "b", name: "Player 1", botProfile: "lexical" }), "name_taken", /already at the table/],
  ["a bot with no profile", () => new Table(), () => ({ type: "addBot", by: "p0", playerId: "b", name: "Robo", botProfile: " " }), "invalid_action", /A bot needs a profile name/],
  ["a bot profile too long", () => new Table(), () => ({ type: "addBot", by: "p0", playerId: "b", name: "Robo", botProfile: "x".repeat(MAX_BOT_PROFILE_CHARS + 1) }), "invalid_action", /A bot needs a profile name/],
  ["a bot level that is none", () => new Table(), () => ({ type: "addBot", by: "p0", playerId: "b", name: "Robo", botProfile: "lexical", botLevel: "expert" as never }), "invalid_action", /A bot's level is one of easy, normal, hard/],
  ["a level for no seat", lobbyWithBot, () => ({ type: "setBotLevel", by: "p0", playerId: "nobody", level: "hard" }), "unknown_player", /No such seat at this table/],
  ["a level for a human", lobbyWithBot, () => ({ type: "setBotLevel", by: "p0", playerId: "p1", level: "hard" }), "invalid_action", /Only a bot has a level/],
  ["a level that is none", lobbyWithBot, () => ({ type: "setBotLevel", by: "p0", playerId: "b", level: "expert" as never }), "invalid_action", /A bot's level is one of easy, normal, hard/],
  ["leaving with no seat", () => new Table(), () => ({ type: "leave", playerId: "nobody" }), "not_seated", /You have no seat at this table/],
  ["kicking no seat", () => new Table().seat(2), () => ({ type: "kick", by: "p0", playerId: "nobody" }), "unknown_player", /No such seat at this table/],
  ["the host kicking themselves", () => new Table().seat(2), () => ({ type: "kick", by: "p0", playerId: "p0" }), "invalid_action", /cannot kick themselves: leave instead/],
  ["a transfer by a guest", () => new Table().seat(2), () => ({ type: "transferHost", by: "p1", to: "p1" }), "not_host", /Only the host/],
  ["a transfer to no seat", () => new Table().seat(2), () => ({ type: "transferHost", by: "p0", to: "nobody" }), "unknown_player", /No such seat at this table/],
  ["a transfer to a seat that left", () => leftMidRound(), () => ({ type: "transferHost", by: "p0", to: "p3" }), "unknown_player", /No such seat at this table/],
  ["a transfer to a bot in a party room", lobbyWithBot, () => ({ type: "transferHost", by: "p0", to: "b" }), "invalid_action", /A bot cannot host this room/],
  ["a seat move mid-game", started, () => ({ type: "moveSeat", by: "p0", playerId: "p1", toIndex: 0 }), "wrong_phase", /only before a game starts/],
  ["a move of no seat", () => new Table().seat(3), () => ({ type: "moveSeat", by: "p0", playerId: "nobody", toIndex: 0 }), "unknown_player", /No such seat at this table/],
  ["a move before the first seat", () => new Table().seat(3), () => ({ type: "moveSeat", by: "p0", playerId: "p1", toIndex: -1 }), "invalid_action", /toIndex must be from 0 to 2\./],
  ["a move past the last seat", () => new Table().seat(3), () => ({ type: "moveSeat", by: "p0", playerId: "p1", toIndex: 3 }), "invalid_action", /toIndex must be from 0 to 2\./],
];

/** p2 kicked from a lobby of three. */
function kicked(): Table {
  const table = new Table().seat(3);
  table.do({ type: "kick", by: "p0", playerId: "p2" });
  return table;
}

/** A game of four in which p3 left during the clues. */
function leftMidRound(): Table {
  const table = started();
  table.do({ type: "leave", playerId: "p3" });
  return table;
}

describe("every refusal at the table", () => {
  it.each(TABLE_CASES)("of %s has its code and a one-line reason, and changes nothing", (_what, setup, step, code, reason) => {
    const table = setup();
    const before = table.state;
    const result = table.try(step(table));
    expect(result).toMatchObject({ ok: false, code });
    if (result.ok) return;
    expect(result.message).toMatch(reason);
    expect(table.state).toBe(before);
  });

  it("takes a bot profile of the longest length, and a seat moved to the last place", () => {
    const table = new Table().seat(3);
    table.do({ type: "addBot", by: "p0", playerId: "b", name: "Robo", botProfile: "x".repeat(MAX_BOT_PROFILE_CHARS) });
    table.do({ type: "moveSeat", by: "p0", playerId: "p0", toIndex: 3 });
    expect(table.state.seats.map((seat) => seat.id)).toEqual(["p1", "p2", "b", "p0"]);
  });

  it("moves seats after a game too, for the next", () => {
    const table = started();
    table.do({ type: "endGame", by: "p0" });
    table.do({ type: "moveSeat", by: "p0", playerId: "p3", toIndex: 0 });
    expect(table.state.seats[0].id).toBe("p3");
  });

  it("changes one bot's level only", () => {
    const table = lobbyWithBot();
    table.do({ type: "addBot", by: "p0", playerId: "b2", name: "Robo Two", botProfile: "lexical", botLevel: "easy" });
    table.do({ type: "setBotLevel", by: "p0", playerId: "b", level: "hard" });
    expect(table.state.seats.map((seat) => seat.botLevel)).toEqual([undefined, undefined, undefined, "hard", "easy"]);
  });
});

describe("the host's chair", () => {
  it("passes to the next human after the host in seat order, round the table, past bots and seats that left", () => {
    const table = new Table().seat(4);
    table.do({ type: "addBot", by: "p0", playerId: "b", name: "Robo", botProfile: "lexical" });
    table.do({ type: "moveSeat", by: "p0", playerId: "b", toIndex: 3 });
    // Seats: p0 p1 p2 b p3. p2 hosts and leaves in the lobby: the next human after p2 is p3, past the bot.
    table.do({ type: "transferHost", by: "p0", to: "p2" });
    table.do({ type: "leave", playerId: "p2" });
    expect(table.state.hostId).toBe("p3");
    // Mid-round, p0 leaves first (marked left); then the host p3 leaves: round the table, past p0, to p1.
    table.do({ type: "start", by: "p3" });
    table.do({ type: "leave", playerId: "p0" });
    table.do({ type: "leave", playerId: "p3" });
    expect(table.state.hostId).toBe("p1");
  });

  it("in a bots-only game passes to the next seat, bot or not", () => {
    const table = new Table({ host: { playerId: "p0", name: "Bot 0", kind: "bot" }, options: { allowBotsOnly: true } }).seat(3, "bot");
    table.do({ type: "leave", playerId: "p0" });
    expect(table.state.hostId).toBe("p1");
    // The last seat to go leaves no host, and no error.
    for (const id of ["p1", "p2"]) table.do({ type: "leave", playerId: id });
    expect(table.state).toMatchObject({ hostId: null, seats: [] });
  });
});

describe("seats that come and go between rounds", () => {
  it("a player may join after the host ended the game mid-round, and the others keep their points", () => {
    const table = new Table({ settings: { discussionSeconds: 0, targetScore: 30 } }).seat(3);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    table.everyoneVotes(someoneElse(table, table.round.chameleonId));
    const chameleon = table.round.chameleonId;
    table.do({ type: "nextRound", by: "p0" });
    table.do({ type: "endGame", by: "p0" });
    table.do({ type: "join", playerId: "late", name: "Late" });
    expect(table.state.points).toEqual({ p0: 0, p1: 0, p2: 0, [chameleon]: 2, late: 0 });
  });

  it("a seat that left mid-round goes at the next deal, taking its points; everyone else keeps theirs", () => {
    const table = new Table({ settings: { discussionSeconds: 0, targetScore: 30 } }).seat(4);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    table.everyoneVotes(someoneElse(table, table.round.chameleonId));
    table.do({ type: "nextRound", by: "p0" });
    const goer = someoneElse(table, "p0");
    table.do({ type: "leave", playerId: goer });
    table.allClues();
    table.everyoneVotes(someoneElse(table, table.round.chameleonId, goer));
    expect(table.state.phase).toBe("reveal");
    const { [goer]: _gone, ...others } = table.state.points;
    table.do({ type: "nextRound", by: "p0" });
    expect(table.state.points).toEqual(others);
    expect(table.state.seats.map((seat) => seat.id)).not.toContain(goer);
  });
});

describe("every refusal", () => {
  it.each(CASES)("of %s has its code and a one-line reason, and changes nothing", (_what, setup, step, code, reason) => {
    const table = setup();
    const before = table.state;
    const result = table.try(step(table));
    expect(result).toMatchObject({ ok: false, code });
    if (result.ok) return;
    expect(result.message).toMatch(reason);
    expect(result.message).not.toContain("\n");
    expect(table.state).toBe(before);
  });

  it("refuses the same guess twice in the 3-player variant, saying so", () => {
    const table = inGuess({ threePlayerTwoGuesses: true }, 3);
    const miss = table.wrongWord();
    table.do({ type: "guess", by: table.round.chameleonId, word: miss });
    expect(table.try({ type: "guess", by: table.round.chameleonId, word: miss.toUpperCase() })).toMatchObject({ ok: false, code: "guess_invalid", message: "You already guessed that word." });
  });

  it("takes a chat line of exactly the longest length", () => {
    const table = inDiscussion();
    table.do({ type: "chat", by: "p1", text: "a".repeat(MAX_CHAT_CHARS) });
    expect(table.state.chat.at(-1)?.text).toHaveLength(MAX_CHAT_CHARS);
  });

  it("takes a typed guess of exactly the longest length", () => {
    const table = inGuess({ largeTableHiddenGrid: true }, 7);
    table.do({ type: "guess", by: table.round.chameleonId, word: "x".repeat(MAX_GUESS_CHARS) });
    expect(table.round.outcome?.kind).toBe("caught");
  });

  it("lets the host change the settings after a game, for the next", () => {
    const table = started();
    table.do({ type: "endGame", by: "p0" });
    table.do({ type: "updateSettings", by: "p0", settings: { targetScore: 3 } });
    expect(table.state.settings.targetScore).toBe(3);
  });
});

describe("a new table", () => {
  it("is a lobby with the host alone: no points but theirs, no rounds, nobody kicked, no game yet", () => {
    const state = createGame({ host: { playerId: "h", name: "Hana" }, library: LIBRARY });
    expect(state).toMatchObject({ phase: "lobby", hostId: "h", points: { h: 0 }, rounds: [], usedCardIds: [], kickedIds: [], chat: [], winners: null, deadline: null, gameNumber: 0 });
    expect(state.seats).toEqual([{ id: "h", name: "Hana", kind: "human" }]);
    expect(turnPlayerId(state)).toBeNull();
  });

  it("refuses a host with a bad name or bad settings, saying why (a programming error, so it throws)", () => {
    expect(() => createGame({ host: { playerId: "h", name: " " }, library: LIBRARY })).toThrow(/^createGame: .+/);
    expect(() => createGame({ host: { playerId: "h", name: "Hana" }, library: LIBRARY, settings: { targetScore: 99 } })).toThrow(/^createGame: .*target/i);
  });

  it("seats a bot host, in a bots-only game, as the lexical bot at the normal level unless told", () => {
    const plain = createGame({ host: { playerId: "b", name: "Bot", kind: "bot" }, library: LIBRARY, options: { allowBotsOnly: true } });
    expect(plain.seats[0]).toEqual({ id: "b", name: "Bot", kind: "bot", botProfile: "lexical", botLevel: "normal" });
    const chosen = createGame({ host: { playerId: "b", name: "Bot", kind: "bot", botProfile: "llm:small", botLevel: "hard" }, library: LIBRARY, options: { allowBotsOnly: true } });
    expect(chosen.seats[0]).toEqual({ id: "b", name: "Bot", kind: "bot", botProfile: "llm:small", botLevel: "hard" });
  });
});

describe("the course of a game", () => {
  it("has nobody's clue turn once the game is over, even if the host ended it mid-turn", () => {
    const table = started();
    expect(turnPlayerId(table.state)).toBe(table.round.order[0]);
    table.do({ type: "giveClue", by: table.round.order[0], text: "orchard" });
    table.do({ type: "endGame", by: "p0" });
    expect(turnPlayerId(table.state)).toBeNull();
  });

  it("adds up each player's points over the rounds", () => {
    const table = new Table({ settings: { discussionSeconds: 0, targetScore: 30 } }).seat(3);
    table.do({ type: "start", by: "p0" });
    const expected: Record<string, number> = { p0: 0, p1: 0, p2: 0 };
    for (let round = 0; round < 4; round++) {
      if (round > 0) table.do({ type: "nextRound", by: "p0" });
      table.allClues();
      table.everyoneVotes(someoneElse(table, table.round.chameleonId));
      expected[table.round.chameleonId] += 2;
    }
    expect(table.state.points).toEqual(expected);
  });

  it("has the host deal when the last round's chameleon has gone, wherever the host sits", () => {
    const table = new Table({ settings: { discussionSeconds: 0, targetScore: 30 } }).seat(5);
    table.do({ type: "moveSeat", by: "p0", playerId: "p0", toIndex: 4 });
    for (let seed = 0; table.state.rounds.length === 0 || table.round.chameleonId === "p0"; seed++) {
      // Deal until someone other than the host is the chameleon.
      const result = applyAction(table.state, { type: "start", by: "p0", now: table.now }, seededRng(seed));
      if (result.ok) table.state = result.state;
    }
    const chameleon = table.round.chameleonId;
    table.do({ type: "leave", playerId: chameleon });
    table.allClues();
    table.everyoneVotes(someoneElse(table, chameleon, table.round.chameleonId));
    expect(table.state.phase).toBe("reveal");
    table.do({ type: "nextRound", by: "p0" });
    expect(table.round.dealerId).toBe("p0");
  });

  it("skips the discussion when no human is left to talk", () => {
    const table = new Table({ settings: { discussionSeconds: 60 } }).seat(4, "bot");
    table.do({ type: "start", by: "p0" });
    table.do({ type: "leave", playerId: "p0" });
    table.allClues();
    expect(table.state.phase).toBe("vote");
  });

  it("attaches score records to the round they name, not to the round in play", () => {
    const table = new Table({ settings: { discussionSeconds: 0, targetScore: 30 } }).seat(3);
    table.do({ type: "start", by: "p0" });
    table.allClues();
    table.everyoneVotes(someoneElse(table, table.round.chameleonId));
    table.do({ type: "nextRound", by: "p0" });
    table.do({ type: "giveClue", by: table.round.order[0], text: "orchard" });
    table.do({ type: "attachScores", game: 1, round: 1, clueIndex: 0, scores: [{ soft: 0.5 }] });
    expect(table.state.rounds[0].clues[0].scores).toEqual([{ soft: 0.5 }]);
    expect(table.state.rounds[1].clues).toEqual([expect.objectContaining({ text: "orchard", scores: [] })]);
  });
});
