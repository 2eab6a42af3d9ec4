import { describe, expect, it } from "vitest";
import { applyAction, createGame, roundPoints } from "../../shared/game/rules";
import { seededRng } from "../../shared/random";
import { LIBRARY, Table } from "../support/rules-fixtures";

/** A started game of `seats` humans (p0 hosts) with optional settings. */
function started(seats = 4, settings = {}, seed: number | string = 1): Table {
  const table = new Table({ settings }, seed).seat(seats);
  table.do({ type: "start", by: "p0" });
  return table;
}

/** Plays clues and skips the discussion so the vote is open. */
function toVote(table: Table): Table {
  table.allClues();
  for (const id of table.round.order) if (table.state.phase === "discussion") table.do({ type: "readyToVote", by: id });
  expect(table.state.phase).toBe("vote");
  return table;
}

describe("the deal", () => {
  it("replays exactly from the same seed and differs across seeds", () => {
    const deal = (seed: number) => {
      const r = started(5, {}, seed).round;
      return [r.card.id, r.secret, r.chameleonId];
    };
    expect(deal(7)).toEqual(deal(7));
    const distinct = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(deal(i))));
    expect(distinct.size).toBeGreaterThan(10);
  });

  it("draws the chameleon uniformly over seats and the secret uniformly over the card's words", () => {
    const state = new Table({ settings: { categoryPool: ["Fruit"] } }).seat(4).state;
    const rng = seededRng("uniformity");
    const chameleons = new Map<string, number>();
    const secrets = new Map<string, number>();
    const deals = 6000;
    for (let i = 0; i < deals; i++) {
      const result = applyAction(state, { type: "start", now: 0, by: "p0" }, rng);
      if (!result.ok) throw new Error(result.message);
      const round = result.state.rounds[0];
      chameleons.set(round.chameleonId, (chameleons.get(round.chameleonId) ?? 0) + 1);
      secrets.set(round.secret, (secrets.get(round.secret) ?? 0) + 1);
    }
    expect(chameleons.size).toBe(4);
    expect(secrets.size).toBe(12);
    // 6000 draws: each share is within ~5 standard deviations of uniform.
    for (const count of chameleons.values()) expect(Math.abs(count / deals - 1 / 4)).toBeLessThan(0.03);
    for (const count of secrets.values()) expect(Math.abs(count / deals - 1 / 12)).toBeLessThan(0.02);
  });

  it("deals only from the category pool and custom cards, without repeating a card until the pool is used up", () => {
    const table = new Table({ settings: { categoryPool: ["Fruit", "Tools"] } }).seat(3);
    table.do({ type: "updateSettings", by: "p0", settings: { targetScore: 30 } });
    table.do({ type: "start", by: "p0" });
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push(table.round.card.id);
      toVote(table).everyoneVotes(table.round.order.find((id) => id !== table.round.chameleonId)!);
      if (table.state.phase === "tieBreak") table.do({ type: "breakTie", by: table.round.dealerId, accusedId: table.round.tied![0] });
      if (table.state.phase === "guess") table.do({ type: "guess", by: table.round.chameleonId, word: table.round.secret });
      if (table.state.phase === "gameOver") break;
      table.do({ type: "nextRound", by: "p0" });
    }
    expect(new Set(seen.slice(0, 2))).toEqual(new Set(["Fruit", "Tools"]));
    expect(new Set(seen.slice(2, 4))).toEqual(new Set(["Fruit", "Tools"]));
  });

  it("deals a custom card when the pool holds only custom cards", () => {
    const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
    const table = new Table({ settings: { categoryPool: [], customCards: [{ id: "", category: "Radio", words, source: "custom" }] } }).seat(3);
    table.do({ type: "start", by: "p0" });
    expect(table.round.card).toEqual({ id: "custom:1", category: "Radio", words, source: "custom" });
    expect(words).toContain(table.round.secret);
    expect(table.try({ type: "giveClue", by: table.round.dealerId, text: "Echoes" })).toMatchObject({ code: "clue_contains_grid_word" });
  });

  it("shares the frozen library card with the round (the clue check keys its cache on it) and copies a mutable custom one", () => {
    const library = started(4).round;
    expect(Object.isFrozen(library.card.words)).toBe(true);
    expect(started(4).round.card).toBe(library.card);
    const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
    const custom = new Table({ settings: { categoryPool: [], customCards: [{ id: "", category: "Radio", words, source: "custom" }] } }).seat(3);
    custom.do({ type: "start", by: "p0" });
    words[0] = "changed";
    expect(custom.round.card.words[0]).toBe("alpha");
  });

  it("makes the host deal the first round and the previous chameleon the next", () => {
    const table = started(5);
    table.do({ type: "endGame", by: "p0" });
    table.do({ type: "transferHost", by: "p0", to: "p3" });
    table.do({ type: "start", by: "p3" });
    expect(table.round.dealerId).toBe("p3");
    expect(table.round.order).toEqual(["p3", "p4", "p0", "p1", "p2"]);
    const chameleon = table.round.chameleonId;
    toVote(table).everyoneVotes(table.round.order.find((id) => id !== chameleon)!);
    expect(table.state.phase).toBe("reveal");
    table.do({ type: "nextRound", by: "p3" });
    expect(table.round.dealerId).toBe(chameleon);
    expect(table.round.order[0]).toBe(chameleon);
  });
});

describe("clues", () => {
  it("go round the table from the dealer; others cannot play out of turn", () => {
    const table = started(4);
    const order = table.round.order;
    expect(table.try({ type: "giveClue", by: order[1], text: "early" })).toMatchObject({ ok: false, code: "not_your_turn" });
    for (const id of order) {
      expect(table.state.phase).toBe("clues");
      table.do({ type: "giveClue", by: id, text: `clue${id}` });
    }
    expect(table.round.clues.map((clue) => clue.playerId)).toEqual(order);
    expect(table.state.phase).toBe("discussion");
  });

  it("rejects a clue with the reason and lets the same player try again; repeats are allowed", () => {
    const table = started(3);
    const [first, second] = table.round.order;
    const before = table.state;
    const rejected = table.try({ type: "giveClue", by: first, text: `${table.round.secret}s` });
    expect(rejected).toMatchObject({ ok: false, code: "clue_contains_grid_word" });
    expect(table.state).toBe(before);
    expect(table.try({ type: "giveClue", by: first, text: "two words" })).toMatchObject({ code: "clue_too_many_words" });
    table.do({ type: "giveClue", by: first, text: " orchard\u200B " });
    expect(table.round.clues[0]).toMatchObject({ playerId: first, text: "orchard", fallback: false });
    table.do({ type: "giveClue", by: second, text: "orchard" });
    expect(table.round.clues[1].text).toBe("orchard");
  });

  it("allows up to the configured number of words", () => {
    const table = started(3, { clueMaxWords: 3 });
    table.do({ type: "giveClue", by: table.round.order[0], text: "red round thing" });
    expect(table.try({ type: "giveClue", by: table.round.order[1], text: "a b c d" })).toMatchObject({ code: "clue_too_many_words" });
  });

  it("takes the server's fallback clue when a turn times out, marked as such", () => {
    const table = started(3, { turnSeconds: 30 });
    const deadline = table.state.deadline!;
    expect(deadline).toBe(table.now + 30_000);
    expect(table.try({ type: "timeout", now: deadline - 1, fallbackClue: "x" })).toMatchObject({ code: "too_early" });
    expect(table.try({ type: "timeout", now: deadline })).toMatchObject({ code: "fallback_required" });
    expect(table.try({ type: "timeout", now: deadline, fallbackClue: table.round.secret })).toMatchObject({ code: "clue_contains_grid_word" });
    table.do({ type: "timeout", now: deadline, fallbackClue: "orchard" });
    expect(table.round.clues[0]).toMatchObject({ playerId: table.round.order[0], text: "orchard", fallback: true, at: deadline });
    expect(table.state.deadline).toBe(deadline + 30_000);
    // A disconnected seat's turn played by the server's bot is marked the same way.
    table.do({ type: "giveClue", by: table.round.order[1], text: "tree", fallback: true });
    expect(table.round.clues[1].fallback).toBe(true);
  });

  it("has no deadline when the turn timer is off", () => {
    const table = started(3, { turnSeconds: 0 });
    expect(table.state.deadline).toBeNull();
    expect(table.try({ type: "timeout", fallbackClue: "x" })).toMatchObject({ code: "no_deadline" });
  });
});

describe("discussion", () => {
  it("opens the chat (closed during clues), capped in length", () => {
    const table = started(3, { discussionSeconds: 60 });
    expect(table.try({ type: "chat", by: "p0", text: "hi" })).toMatchObject({ code: "chat_closed" });
    table.allClues();
    expect(table.state.phase).toBe("discussion");
    expect(table.state.deadline).toBe(table.now + 60_000);
    table.do({ type: "chat", by: "p1", text: "  it was p2 " });
    expect(table.state.chat).toEqual([{ playerId: "p1", text: "it was p2", at: table.now, game: 1, round: 1 }]);
    expect(table.try({ type: "chat", by: "p1", text: "x".repeat(281) })).toMatchObject({ code: "chat_too_long" });
    expect(table.try({ type: "chat", by: "p1", text: "\u200B" })).toMatchObject({ code: "chat_empty" });
    expect(table.try({ type: "chat", by: "nobody", text: "hi" })).toMatchObject({ code: "not_seated" });
  });

  it("keeps only the latest chat lines", () => {
    const table = started(3);
    table.allClues();
    for (let i = 0; i < 130; i++) table.do({ type: "chat", by: "p1", text: `line ${i}` });
    expect(table.state.chat).toHaveLength(100);
    expect(table.state.chat[99].text).toBe("line 129");
  });

  it("ends when every human is ready (bots count as ready) or on the timer", () => {
    const table = new Table().seat(3);
    table.do({ type: "addBot", by: "p0", playerId: "b", name: "Bot", botProfile: "lexical" });
    table.do({ type: "start", by: "p0" });
    table.allClues();
    table.do({ type: "readyToVote", by: "p0" });
    table.do({ type: "readyToVote", by: "p1" });
    expect(table.state.phase).toBe("discussion");
    table.do({ type: "readyToVote", by: "p2" });
    expect(table.state.phase).toBe("vote");

    const timed = started(3);
    timed.allClues();
    timed.do({ type: "timeout", now: timed.state.deadline! });
    expect(timed.state.phase).toBe("vote");
  });

  it("lets a player take back their readiness, and their vote while the vote is open: the phase waits for them again", () => {
    const table = started(3);
    expect(table.try({ type: "takeBack", by: "p0" })).toMatchObject({ code: "wrong_phase" });
    table.allClues();
    expect(table.try({ type: "takeBack", by: "p0" })).toMatchObject({ code: "invalid_action" });
    table.do({ type: "readyToVote", by: "p0" });
    table.do({ type: "readyToVote", by: "p1" });
    table.do({ type: "takeBack", by: "p0" });
    expect(table.round.ready).toEqual(["p1"]);
    // The last human ready no longer ends the discussion: p0 took it back.
    table.do({ type: "readyToVote", by: "p2" });
    expect(table.state.phase).toBe("discussion");
    table.do({ type: "readyToVote", by: "p0" });
    expect(table.state.phase).toBe("vote");
    table.do({ type: "vote", by: "p0", target: "p1" });
    table.do({ type: "vote", by: "p1", target: "p0" });
    table.do({ type: "takeBack", by: "p0" });
    expect(table.round.votes).toEqual({ p1: "p0" });
    expect(table.try({ type: "takeBack", by: "p0" })).toMatchObject({ code: "invalid_action" });
    // The vote now waits for p0 as well as p2.
    table.do({ type: "vote", by: "p2", target: "p0" });
    expect(table.state.phase).toBe("vote");
  });

  it("is skipped when its timer is 0", () => {
    const table = started(3, { discussionSeconds: 0, voteSeconds: 0 });
    table.allClues();
    expect(table.state.phase).toBe("vote");
    expect(table.state.deadline).toBeNull();
  });
});

describe("the vote", () => {
  it("refuses self-votes and outsiders, allows changes, and ends when everyone has voted", () => {
    const table = toVote(started(4));
    expect(table.try({ type: "vote", by: "p0", target: "p0" })).toMatchObject({ code: "invalid_vote" });
    expect(table.try({ type: "vote", by: "p0", target: "zz" })).toMatchObject({ code: "invalid_vote" });
    expect(table.try({ type: "vote", by: "zz", target: "p0" })).toMatchObject({ code: "not_seated" });
    table.do({ type: "vote", by: "p0", target: "p1" });
    table.do({ type: "vote", by: "p0", target: "p2" });
    expect(table.round.votes).toEqual({ p0: "p2" });
    table.do({ type: "vote", by: "p1", target: "p2" });
    table.do({ type: "vote", by: "p2", target: "p1" });
    expect(table.state.phase).toBe("vote");
    table.do({ type: "vote", by: "p3", target: "p2" });
    expect(table.round.tally).toEqual({ p2: 3, p1: 1 });
    expect(table.round.accusedId).toBe("p2");
  });

  it("counts missing votes as abstentions when the timer ends", () => {
    const table = toVote(started(4, { voteSeconds: 20 }));
    const innocent = table.round.order.find((id) => id !== table.round.chameleonId)!;
    const voter = table.round.order.find((id) => id !== innocent)!;
    table.do({ type: "vote", by: voter, target: innocent });
    table.do({ type: "timeout", now: table.state.deadline! });
    expect(table.round.tally).toEqual({ [innocent]: 1 });
    expect(table.round.outcome).toEqual({ kind: "escaped", accusedId: innocent });
  });

  it("lets the chameleon escape when nobody votes", () => {
    const table = toVote(started(3));
    table.do({ type: "timeout", now: table.state.deadline! });
    expect(table.round.outcome).toEqual({ kind: "escaped", accusedId: null });
    expect(table.state.points[table.round.chameleonId]).toBe(2);
  });
});

describe("tie-break", () => {
  /** p0..p3 vote so that two non-dealer players tie 2–2. */
  function tied(seed: number): Table {
    const table = toVote(started(4, {}, seed));
    const [dealer, a, b, c] = table.round.order;
    table.do({ type: "vote", by: dealer, target: a });
    table.do({ type: "vote", by: c, target: a });
    table.do({ type: "vote", by: a, target: b });
    table.do({ type: "vote", by: b, target: c });
    return table;
  }

  it("a unique most-voted player needs no tie-break", () => {
    const table = tied(3);
    expect(table.state.phase).not.toBe("tieBreak");
    expect(table.round.accusedId).toBe(table.round.order[1]);
  });

  it("the dealer picks among the tied; nobody else may, and only a tied player", () => {
    const table = toVote(started(4, {}, 5));
    const [dealer, a, b, c] = table.round.order;
    table.do({ type: "vote", by: dealer, target: a });
    table.do({ type: "vote", by: a, target: b });
    table.do({ type: "vote", by: b, target: a });
    table.do({ type: "vote", by: c, target: b });
    expect(table.state.phase).toBe("tieBreak");
    expect(table.round.tied).toEqual([a, b]);
    expect(table.try({ type: "breakTie", by: a, accusedId: b })).toMatchObject({ code: "not_dealer" });
    expect(table.try({ type: "breakTie", by: dealer, accusedId: c })).toMatchObject({ code: "not_tied" });
    table.do({ type: "breakTie", by: dealer, accusedId: b });
    expect(table.round).toMatchObject({ accusedId: b, tieBrokenBy: "dealer" });
    expect(table.state.phase).toBe(b === table.round.chameleonId ? "guess" : "reveal");
  });

  it("takes the fallback bot's pick for an idle dealer when the timer runs out: one of the tied, or refused", () => {
    const table = toVote(started(4, {}, 5));
    const [dealer, a, b, c] = table.round.order;
    table.do({ type: "vote", by: dealer, target: a });
    table.do({ type: "vote", by: a, target: b });
    table.do({ type: "vote", by: b, target: a });
    table.do({ type: "vote", by: c, target: b });
    const deadline = table.state.deadline!;
    expect(table.try({ type: "timeout", now: deadline, fallbackAccused: c })).toMatchObject({ code: "not_tied" });
    table.do({ type: "timeout", now: deadline, fallbackAccused: b });
    expect(table.round).toMatchObject({ accusedId: b, tieBrokenBy: "fallback" });
  });

  it("draws among the tied when the dealer's timer runs out with no pick (games logged before the stand-in)", () => {
    const accused = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const table = toVote(started(4, {}, seed));
      const [dealer, a, b, c] = table.round.order;
      table.do({ type: "vote", by: dealer, target: a });
      table.do({ type: "vote", by: a, target: b });
      table.do({ type: "vote", by: b, target: a });
      table.do({ type: "vote", by: c, target: b });
      table.do({ type: "timeout", now: table.state.deadline! });
      expect([a, b]).toContain(table.round.accusedId);
      expect(table.round.tieBrokenBy).toBe("timeout");
      accused.add(table.round.accusedId === a ? "a" : "b");
    }
    expect(accused).toEqual(new Set(["a", "b"]));
  });
});

describe("resolution and points", () => {
  it("gives the chameleon 2 when an innocent is accused", () => {
    const table = toVote(started(4));
    const { chameleonId, order } = table.round;
    const innocent = order.find((id) => id !== chameleonId)!;
    table.everyoneVotes(innocent);
    expect(table.round.outcome).toEqual({ kind: "escaped", accusedId: innocent });
    expect(table.state.points).toEqual({ ...Object.fromEntries(order.map((id) => [id, 0])), [chameleonId]: 2 });
    expect(table.state.phase).toBe("reveal");
  });

  it("gives a caught chameleon who names the secret 1", () => {
    const table = toVote(started(4));
    const { chameleonId } = table.round;
    table.everyoneVotes(chameleonId);
    expect(table.state.phase).toBe("guess");
    const others = table.round.order.filter((id) => id !== chameleonId);
    expect(table.try({ type: "guess", by: others[0], word: table.round.secret })).toMatchObject({ code: "not_chameleon" });
    expect(table.try({ type: "guess", by: chameleonId, word: "not on grid" })).toMatchObject({ code: "not_a_grid_word" });
    table.do({ type: "guess", by: chameleonId, word: table.round.secret.toUpperCase() });
    expect(table.round.outcome).toEqual({ kind: "guessed", accusedId: chameleonId });
    expect(table.round.guesses).toEqual([table.round.secret]);
    expect(table.state.points[chameleonId]).toBe(1);
    for (const id of others) expect(table.state.points[id]).toBe(0);
  });

  it("gives every other player 2 when the caught chameleon misses, or runs out of time", () => {
    const table = toVote(started(4));
    const { chameleonId } = table.round;
    table.everyoneVotes(chameleonId);
    table.do({ type: "guess", by: chameleonId, word: table.wrongWord() });
    expect(table.round.outcome?.kind).toBe("caught");
    for (const id of table.round.order) expect(table.state.points[id]).toBe(id === chameleonId ? 0 : 2);

    const slow = toVote(started(4));
    slow.everyoneVotes(slow.round.chameleonId);
    slow.do({ type: "timeout", now: slow.state.deadline! });
    expect(slow.round.outcome?.kind).toBe("caught");
  });

  it("roundPoints is the 2/1/2 table", () => {
    const round = { order: ["a", "b", "c"], chameleonId: "b" };
    expect(roundPoints(round, { kind: "escaped", accusedId: "a" })).toEqual({ a: 0, b: 2, c: 0 });
    expect(roundPoints(round, { kind: "guessed", accusedId: "b" })).toEqual({ a: 0, b: 1, c: 0 });
    expect(roundPoints(round, { kind: "caught", accusedId: "b" })).toEqual({ a: 2, b: 0, c: 2 });
  });
});

describe("variants", () => {
  it("3 players with the variant: a caught chameleon gets two guesses", () => {
    const table = toVote(started(3, { threePlayerTwoGuesses: true }));
    expect(table.round.twoGuesses).toBe(true);
    const { chameleonId } = table.round;
    table.everyoneVotes(chameleonId);
    const wrong = table.wrongWord();
    table.do({ type: "guess", by: chameleonId, word: wrong });
    expect(table.state.phase).toBe("guess");
    expect(table.try({ type: "guess", by: chameleonId, word: wrong })).toMatchObject({ code: "guess_invalid" });
    table.do({ type: "guess", by: chameleonId, word: table.round.secret });
    expect(table.round.outcome?.kind).toBe("guessed");
    expect(table.round.guesses).toEqual([wrong, table.round.secret]);
  });

  it("the two-guess variant applies only to 3 seats, and is off by default", () => {
    expect(started(4, { threePlayerTwoGuesses: true }).round.twoGuesses).toBe(false);
    const table = toVote(started(3));
    table.everyoneVotes(table.round.chameleonId);
    table.do({ type: "guess", by: table.round.chameleonId, word: table.wrongWord() });
    expect(table.round.outcome?.kind).toBe("caught");
  });

  it("7–8 players with the variant: the chameleon types the guess, compared after normalization", () => {
    expect(started(6, { largeTableHiddenGrid: true }).round.hiddenGrid).toBe(false);
    const table = toVote(started(7, { largeTableHiddenGrid: true }));
    expect(table.round.hiddenGrid).toBe(true);
    table.everyoneVotes(table.round.chameleonId);
    table.do({ type: "guess", by: table.round.chameleonId, word: ` ${table.round.secret.toUpperCase()}\u200B` });
    expect(table.round.outcome?.kind).toBe("guessed");

    const miss = toVote(started(8, { largeTableHiddenGrid: true }));
    miss.everyoneVotes(miss.round.chameleonId);
    expect(miss.try({ type: "guess", by: miss.round.chameleonId, word: "" })).toMatchObject({ code: "guess_invalid" });
    miss.do({ type: "guess", by: miss.round.chameleonId, word: "something else" });
    expect(miss.round.outcome?.kind).toBe("caught");
  });
});

describe("winning and playing again", () => {
  it("ends the game when someone reaches the target; the host starts again with the same table", () => {
    const table = started(3, { targetScore: 2 });
    const chameleon = table.round.chameleonId;
    toVote(table).everyoneVotes(table.round.order.find((id) => id !== chameleon)!);
    expect(table.state.phase).toBe("gameOver");
    expect(table.state.winners).toEqual([chameleon]);
    expect(table.try({ type: "nextRound", by: "p0" })).toMatchObject({ code: "wrong_phase" });
    table.do({ type: "start", by: "p0" });
    expect(table.state).toMatchObject({ phase: "clues", gameNumber: 2, winners: null, points: { p0: 0, p1: 0, p2: 0 } });
    expect(table.state.rounds).toHaveLength(1);
    expect(table.round.dealerId).toBe("p0");
  });

  it("shares the win between players reaching the same top score in one round", () => {
    const table = started(4, { targetScore: 2 });
    toVote(table).everyoneVotes(table.round.chameleonId);
    table.do({ type: "guess", by: table.round.chameleonId, word: table.wrongWord() });
    expect(table.state.phase).toBe("gameOver");
    expect(new Set(table.state.winners)).toEqual(new Set(table.round.order.filter((id) => id !== table.round.chameleonId)));
  });

  it("endGame cuts a round short: revealed, no points", () => {
    const table = started(3);
    table.do({ type: "giveClue", by: table.round.order[0], text: "hello" });
    table.do({ type: "endGame", by: "p0" });
    expect(table.state).toMatchObject({ phase: "gameOver", winners: null, deadline: null, points: { p0: 0, p1: 0, p2: 0 } });
    expect(table.round.aborted).toBe(true);
  });
});

describe("score records", () => {
  it("are appended to a clue of this game, and refused for an unknown clue or an earlier game", () => {
    const table = started(3);
    table.do({ type: "giveClue", by: table.round.order[0], text: "hello" });
    table.do({ type: "attachScores", game: 1, round: 1, clueIndex: 0, scores: [{ evaluator: "lexical", soft: 0.4 }] });
    table.do({ type: "attachScores", game: 1, round: 1, clueIndex: 0, scores: [{ evaluator: "llm", soft: 0.2 }] });
    expect(table.round.clues[0].scores).toEqual([{ evaluator: "lexical", soft: 0.4 }, { evaluator: "llm", soft: 0.2 }]);
    expect(table.try({ type: "attachScores", game: 1, round: 1, clueIndex: 1, scores: [] })).toMatchObject({ code: "unknown_clue" });
    expect(table.try({ type: "attachScores", game: 0, round: 1, clueIndex: 0, scores: [] })).toMatchObject({ code: "unknown_clue" });
  });
});

describe("purity", () => {
  it("never mutates its input (states are deep-frozen by the test driver) and refuses junk actions", () => {
    const state = createGame({ host: { playerId: "h", name: "Host" }, library: LIBRARY });
    const rng = seededRng(1);
    expect(applyAction(state, { type: "nonsense", now: 1 } as never, rng)).toMatchObject({ ok: false, code: "invalid_action" });
    expect(applyAction(state, { type: "start", by: "h" } as never, rng)).toMatchObject({ ok: false, code: "invalid_action" });
    expect(applyAction(state, null as never, rng)).toMatchObject({ ok: false, code: "invalid_action" });
  });
});
