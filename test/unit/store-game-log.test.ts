import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ClueRecord, StoredEvent, VoteRecord } from "../../server/store/records";
import { loggedTable, PLAYERS } from "../support/store-game-fixture";
import { storeBackends, useBackend, type TestStore } from "../support/store-backends";

describe.each(storeBackends())("GameLog on $name", (backend) => {
  if (!useBackend(backend)) return;
  let store: TestStore;
  beforeEach(async () => {
    store = await (await backend.fresh()).open();
  });
  afterEach(async () => {
    await store.close();
  });

  it("marks the moves the fallback bot made for an absent human, and only those", async () => {
    const table = await loggedTable(store);
    table.act({ type: "start", now: table.tick(), by: PLAYERS.ann });
    const round = () => table.state.rounds[0];
    const logId = table.log.logIdOf(table.room)!;
    // Play until it is a human's turn, then let the fallback bot give that human's clue.
    while (table.state.seats.find((s) => s.id === round().order[round().clues.length])?.kind === "bot") {
      table.act({ type: "giveClue", now: table.tick(), by: round().order[round().clues.length], text: `bot${round().clues.length}` });
    }
    const absent = round().order[round().clues.length];
    table.log.decision(table.room, absent, "clue", { value: "stand-in", source: "lexical" });
    table.act({ type: "giveClue", now: table.tick(), by: absent, text: "standin" });
    while (table.state.phase === "clues") {
      const id = round().order[round().clues.length];
      table.act({ type: "giveClue", now: table.tick(), by: id, text: `own${round().clues.length}` });
    }
    // The same human votes for themselves now: their own move.
    table.act({ type: "vote", now: table.tick(), by: absent, target: round().order.find((id) => id !== absent)! });
    await table.durable();
    const clues = (await store.eventsOf(logId, ["clue"])) as StoredEvent<ClueRecord>[];
    const stand = clues.find((c) => c.text === "standin")!;
    expect(stand).toMatchObject({ source: "fallback", model: "lexical" });
    expect(clues.filter((c) => c.text.startsWith("own") && table.state.seats.find((s) => s.id === round().order[c.seat])?.kind === "human").every((c) => c.source === "human")).toBe(true);
    const votes = (await store.eventsOf(logId, ["vote"])) as StoredEvent<VoteRecord>[];
    expect(votes.map((v) => v.source)).toEqual(["human"]);
    const decisions = await store.query<{ fallback: number; model: string }>("SELECT fallback, model FROM bot_decisions");
    expect(decisions).toEqual([{ fallback: 1, model: "lexical" }]);
  });

  it("marks a clue the server supplied when a turn timed out", async () => {
    const table = await loggedTable(store);
    table.act({ type: "updateSettings", now: table.tick(), by: PLAYERS.ann, settings: { turnSeconds: 30 } });
    table.act({ type: "start", now: table.tick(), by: PLAYERS.ann });
    table.act({ type: "timeout", now: table.state.deadline!, fallbackClue: "timely" });
    await table.durable();
    const [clue] = await store.eventsOf(table.log.logIdOf(table.room)!, ["clue"]) as StoredEvent<ClueRecord>[];
    expect(clue).toMatchObject({ text: "timely", source: "fallback", model: "lexical", turn: 0 });
  });

  it("writes judge calls and bot decisions at the end of the turn, or with the next move of their room, in order", async () => {
    const table = await loggedTable(store);
    const logId = table.log.logIdOf(table.room)!;
    table.act({ type: "start", now: table.tick(), by: PLAYERS.ann });
    await table.durable();
    const decisions = () => store.eventsOf(logId, ["bot-decision"]);
    // Watched at the store's door, synchronously: a query of the log would itself wait a turn on Postgres,
    // and the end-of-turn write could land before it.
    const appendBatches = store.appendBatches.bind(store);
    let decisionsHandedOver = 0;
    store.appendBatches = (batches) => {
      decisionsHandedOver += batches.flatMap((b) => b.records).filter((r) => r.kind === "bot-decision").length;
      return appendBatches(batches);
    };
    table.log.decision(table.room, PLAYERS.lex, "vote", { value: PLAYERS.ann, source: "lexical" });
    expect(decisionsHandedOver).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(decisionsHandedOver).toBe(1);
    await table.durable();
    expect(await decisions()).toHaveLength(1);
    // A decision and the move it leads to: written together, the decision first.
    const round = table.state.rounds[0];
    const first = round.order[0];
    table.log.decision(table.room, first, "clue", { value: "quokka", source: "lexical" });
    table.act({ type: "giveClue", now: table.tick(), by: first, text: "quokka" });
    await table.durable();
    const events = await store.eventsOf(logId);
    const decision = events.find((e) => e.kind === "bot-decision" && (e as { output?: string }).output === "quokka")!;
    const clue = events.find((e) => e.kind === "clue" && (e as { text?: string }).text === "quokka")!;
    expect(decision.seq).toBeLessThan(clue.seq);
  });

  it("refuses a move it cannot make durable, so the room never plays it unrecorded, as an outage of the log (UNAVAILABLE)", async () => {
    const table = await loggedTable(store);
    await table.durable();
    await store.close();
    // SQLite refuses at once (the write is synchronous); Postgres rejects the write's promise.
    await expect(
      (async () => {
        table.act({ type: "start", now: table.tick(), by: PLAYERS.ann });
        await table.durable();
      })(),
    ).rejects.toMatchObject({ message: "the game log is not answering, so this was not done; try again in a moment", ackCode: "UNAVAILABLE" });
  });
});
