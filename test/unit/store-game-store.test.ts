import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GameStore } from "../../server/store/game-store";
import { storeConfigFromEnv } from "../../server/store/store-config";
import type { StoreRecord } from "../../server/store/records";

let dir: string;
let store: GameStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-store-"));
  store = new GameStore({ path: join(dir, "nested", "game.db") });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const start: StoreRecord = {
  kind: "game-start",
  roomCode: "ABCD",
  seed: 42,
  settings: { target: 5 },
  seats: [
    { seat: 0, playerId: "p0", name: "Ann", controller: "human" },
    { seat: 1, playerId: "p1", name: "Bot", controller: "bot", model: "lexical" },
  ],
  evaluators: ["lexical"],
};

describe("GameStore", () => {
  it("opens the file in WAL mode and numbers each game's records from 0", () => {
    expect(store.query<{ journal_mode: string }>("PRAGMA journal_mode")[0].journal_mode).toBe("wal");
    expect(store.append("g1", [start, { kind: "action", action: { type: "start" } }], 1000)).toEqual([0, 1]);
    expect(store.append("g2", [start], 1001)).toEqual([0]);
    expect(store.append("g1", [{ kind: "action", action: { type: "clue", text: "fur" } }], 1002)).toEqual([2]);
    const events = store.eventsOf("g1");
    expect(events.map((e) => [e.seq, e.kind])).toEqual([
      [0, "game-start"],
      [1, "action"],
      [2, "action"],
    ]);
    expect(events[2]).toMatchObject({ gameId: "g1", at: 1002, action: { type: "clue", text: "fur" } });
  });

  it("continues the sequence after a reopen (a restart)", () => {
    store.append("g1", [start, { kind: "action", action: 1 }]);
    store.close();
    store = new GameStore({ path: store.path });
    expect(store.append("g1", [{ kind: "action", action: 2 }])).toEqual([2]);
    expect(store.eventsOf("g1", ["action"]).map((e) => (e as { action: number } & object).action)).toEqual([1, 2]);
  });

  it("refuses to update or delete an event", () => {
    store.append("g1", [start]);
    const raw = new Database(store.path);
    expect(() => raw.prepare("UPDATE events SET kind = 'x'").run()).toThrow(/append-only/);
    expect(() => raw.prepare("DELETE FROM events").run()).toThrow(/append-only/);
    raw.close();
    expect(store.eventsOf("g1")).toHaveLength(1);
  });

  it("writes a batch atomically: a bad record leaves none of the batch behind", () => {
    store.append("g1", [start]);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => store.append("g1", [{ kind: "action", action: 1 }, { kind: "action", action: cyclic }])).toThrow();
    expect(store.eventsOf("g1")).toHaveLength(1);
    expect(store.append("g1", [{ kind: "action", action: 3 }])).toEqual([1]);
  });

  it("exposes research views: games, rounds, clues, votes, points, scores", () => {
    store.append("g1", [
      start,
      { kind: "round-dealt", round: 1, category: "animals", words: ["cat", "dog", "cow"], secret: "cat", decoys: ["pet"], chameleonSeat: 1, dealerSeat: 0 },
      { kind: "clue", round: 1, turn: 0, seat: 0, text: "whiskers", source: "human", byChameleon: false },
      { kind: "clue", round: 1, turn: 1, seat: 1, text: "farm", source: "bot", model: "lexical", byChameleon: true },
      { kind: "vote", round: 1, voterSeat: 0, targetSeat: 1, source: "human" },
      { kind: "accusation", round: 1, accusedSeat: 1, tally: { "1": 1 }, tieBreak: false },
      { kind: "guess", round: 1, seat: 1, word: "dog", correct: false, source: "bot" },
      { kind: "round-end", round: 1, outcome: "caught", points: [{ seat: 0, delta: 2, total: 2 }, { seat: 1, delta: 0, total: 0 }] },
      { kind: "bot-decision", round: 1, seat: 1, decision: "guess", model: "lexical", fallback: false, latencyMs: 3, output: "dog" },
      { kind: "game-end", reason: "finished", finished: true, winnerSeats: [0] },
    ]);
    store.append("g2", [start]);
    expect(store.games().map((g) => [g.gameId, g.status])).toEqual([
      ["g1", "finished"],
      ["g2", "open"],
    ]);
    expect(store.unfinishedGames().map((g) => g.gameId)).toEqual(["g2"]);
    expect(store.query("SELECT round, category, secret, outcome FROM rounds")).toEqual([{ round: 1, category: "animals", secret: "cat", outcome: "caught" }]);
    expect(store.query("SELECT seat, text, source, model FROM clues ORDER BY turn")).toEqual([
      { seat: 0, text: "whiskers", source: "human", model: null },
      { seat: 1, text: "farm", source: "bot", model: "lexical" },
    ]);
    expect(store.query("SELECT seat, delta, total FROM points ORDER BY seat")).toEqual([
      { seat: 0, delta: 2, total: 2 },
      { seat: 1, delta: 0, total: 0 },
    ]);
    expect(store.query("SELECT model, fallback FROM bot_decisions")).toEqual([{ model: "lexical", fallback: 0 }]);
  });

  it("reads its location from the environment with clear errors", () => {
    expect(storeConfigFromEnv({})).toEqual({ path: ".data/sneak.db", sync: "normal" });
    expect(storeConfigFromEnv({ SNEAK_DB: "off" }).path).toBeNull();
    expect(storeConfigFromEnv({ SNEAK_DB: "/tmp/x.db", SNEAK_DB_SYNC: "full" })).toEqual({ path: "/tmp/x.db", sync: "full" });
    expect(() => storeConfigFromEnv({ SNEAK_DB_SYNC: "fast" })).toThrow(/SNEAK_DB_SYNC: must be normal or full/);
  });
});
