import { openSqlite } from "../../server/store/sqlite-driver";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GameStore } from "../../server/store/game-store";
import { storeConfigFromEnv } from "../../server/store/store-config";
import type { StoreRecord } from "../../server/store/records";
import { logFixtureGame } from "../support/store-game-fixture";
import { storeBackends, useBackend, type StoreLocation, type TestStore } from "../support/store-backends";

const open: StoreRecord = { kind: "log-open", roomCode: "ABCD", seed: "s", initialState: { phase: "lobby" }, evaluators: ["lexical"] };

describe.each(storeBackends())("the game log on $name", (backend) => {
  if (!useBackend(backend)) return;
  let location: StoreLocation;
  let store: TestStore;
  beforeEach(async () => {
    location = await backend.fresh();
    store = await location.open();
  });
  afterEach(async () => {
    await store.close();
  });

  it("numbers each log's records from 0", async () => {
    expect(await store.append("g1", [open, { kind: "action", action: { type: "start" } }], 1000)).toEqual([0, 1]);
    expect(await store.append("g2", [open], 1001)).toEqual([0]);
    expect(await store.append("g1", [{ kind: "action", action: { type: "clue", text: "fur" } }], 1002)).toEqual([2]);
    const events = await store.eventsOf("g1");
    expect(events.map((e) => [e.seq, e.kind])).toEqual([
      [0, "log-open"],
      [1, "action"],
      [2, "action"],
    ]);
    expect(events[2]).toMatchObject({ logId: "g1", at: 1002, action: { type: "clue", text: "fur" } });
  });

  it("continues the sequence after a reopen (a restart)", async () => {
    await store.append("g1", [open, { kind: "action", action: 1 }]);
    await store.close();
    store = await location.open();
    expect(await store.append("g1", [{ kind: "action", action: 2 }])).toEqual([2]);
    expect((await store.eventsOf("g1", ["action"])).map((e) => (e as { action: number } & object).action)).toEqual([1, 2]);
  });

  it("refuses to update or delete an event", async () => {
    await store.append("g1", [open]);
    if (store.backend === "sqlite") {
      const raw = openSqlite((store as unknown as GameStore).path);
      expect(() => raw.prepare("UPDATE events SET kind = 'x'").run()).toThrow(/append-only/);
      expect(() => raw.prepare("DELETE FROM events").run()).toThrow(/append-only/);
      raw.close();
    } else {
      await expect(store.query("UPDATE events SET kind = 'x'")).rejects.toThrow(/append-only/);
      await expect(store.query("DELETE FROM events")).rejects.toThrow(/append-only/);
      await expect(store.query("TRUNCATE events")).rejects.toThrow(/append-only/);
    }
    expect(await store.eventsOf("g1")).toHaveLength(1);
  });

  it("writes a batch atomically: a bad record leaves none of the batch behind", async () => {
    await store.append("g1", [open]);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(async () => store.append("g1", [{ kind: "action", action: 1 }, { kind: "action", action: cyclic }])).rejects.toThrow();
    expect(await store.eventsOf("g1")).toHaveLength(1);
    expect(await store.append("g1", [{ kind: "action", action: 3 }])).toEqual([1]);
  });

  it("exposes research views over a real game: logs, games, rounds, clues, votes, points, bot decisions", async () => {
    const table = await logFixtureGame(store, { close: true });
    const logId = table.log.logIdOf(table.room) ?? (await store.logs())[0].logId;
    expect((await store.logs()).map((l) => [l.logId, l.roomCode, l.closeReason])).toEqual([[logId, "WXYZ", "room-closed"]]);
    expect(await store.openLogs()).toEqual([]);
    expect(await store.query("SELECT game_number, (CASE WHEN ended_at IS NULL THEN 1 ELSE 0 END) AS open FROM games")).toEqual([{ game_number: 1, open: 1 }]);
    const rounds = await store.query<{ round: number; category: string; secret: string; outcome: string }>("SELECT round, category, secret, outcome FROM rounds ORDER BY round");
    expect(rounds.map((r) => [r.round, r.category, r.secret])).toEqual(table.state.rounds.map((r) => [r.number, "animals", r.secret]));
    expect(rounds.every((r) => ["escaped", "caught", "guessed"].includes(r.outcome))).toBe(true);
    expect((await store.query("SELECT text FROM clues WHERE round = 1 ORDER BY turn")).map((r) => (r as { text: string }).text)).toEqual(
      table.state.rounds[0].clues.map((c) => c.text),
    );
    expect((await store.query<{ n: number }>("SELECT COUNT(*) AS n FROM votes"))[0].n).toBe(8);
    const seats = await store.query<{ round: number; player_id: string; is_chameleon: number }>("SELECT round, player_id, is_chameleon FROM seats ORDER BY round, seat");
    expect(seats).toHaveLength(8);
    for (const round of table.state.rounds) {
      expect(seats.filter((s) => s.round === round.number).map((s) => s.player_id)).toEqual(round.order);
      expect(seats.find((s) => s.round === round.number && s.is_chameleon === 1)!.player_id).toBe(round.chameleonId);
    }
    const points = await store.query<{ seat: number; total: number }>("SELECT seat, total FROM points WHERE round = 2");
    expect(points.map((p) => p.total).sort()).toEqual(Object.values(table.state.points).sort());
    expect(await store.query("SELECT model, fallback, source, knowledge FROM bot_decisions WHERE decision = 'clue' AND round = 1 ORDER BY model")).toEqual([
      { model: "lexical", fallback: 0, source: "lexical", knowledge: "book" },
      { model: "llm:toy-model", fallback: 1, source: "fallback", knowledge: "lexical" },
    ]);
    expect((await store.query<{ n: number }>("SELECT COUNT(*) AS n FROM evaluator_calls"))[0].n).toBeGreaterThan(16);
    expect((await store.query<{ n: number }>("SELECT COUNT(*) AS n FROM events WHERE kind = 'session'"))[0].n).toBe(2);
  });
});

describe("GameStore (SQLite)", () => {
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

  it("opens the file (in a new folder) in WAL mode", () => {
    expect(store.query<{ journal_mode: string }>("PRAGMA journal_mode")[0].journal_mode).toBe("wal");
    expect(store.append("g1", [open], 1000)).toEqual([0]);
  });

  it("reads its location from the environment with clear errors", () => {
    expect(storeConfigFromEnv({})).toEqual({ path: ".data/sneak.db", sync: "normal", databaseUrl: null });
    expect(storeConfigFromEnv({ SNEAK_DB: "off" }).path).toBeNull();
    expect(storeConfigFromEnv({ SNEAK_DB: "/tmp/x.db", SNEAK_DB_SYNC: "full" })).toEqual({ path: "/tmp/x.db", sync: "full", databaseUrl: null });
    expect(() => storeConfigFromEnv({ SNEAK_DB_SYNC: "fast" })).toThrow(/SNEAK_DB_SYNC: must be normal or full/);
    expect(storeConfigFromEnv({ SNEAK_DATABASE_URL: "postgres://sneak@127.0.0.1:5432/sneak" }).databaseUrl).toBe("postgres://sneak@127.0.0.1:5432/sneak");
    for (const bad of ["mysql://x@h/db", "postgres://", "127.0.0.1:5432", ""]) {
      expect(() => storeConfigFromEnv({ SNEAK_DATABASE_URL: bad })).toThrow(/^SNEAK_DATABASE_URL: must be a Postgres URL like postgres:\/\/user:password@host:5432\/database$/);
    }
  });
});
