import Ajv from "ajv";
import express from "express";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataRouter } from "../../server/export/router";
import { logFixtureGame, type LoggedTable } from "../support/store-game-fixture";
import { storeBackends, useBackend, type TestStore } from "../support/store-backends";

const validate = new Ajv({ strict: true }).compile(JSON.parse(readFileSync(new URL("../../docs/schema/sneak-export.schema.json", import.meta.url), "utf8")));

function listen(app: express.Express): Promise<[Server, string]> {
  return new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve([s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`]));
  });
}

const jsonLines = (text: string) => text.trim().split("\n").map((l) => JSON.parse(l));

describe.each(storeBackends())("export endpoints on $name", (backend) => {
  if (!useBackend(backend)) return;
  let store: TestStore;
  let server: Server;
  let base: string;
  let bare: Server;
  let bareBase: string;
  let one: LoggedTable;
  let two: LoggedTable;

  beforeAll(async () => {
    store = await (await backend.fresh()).open();
    let january = Date.UTC(2026, 0, 1);
    let march = Date.UTC(2026, 2, 1);
    one = await logFixtureGame(store, { code: "ONEA", close: true, now: () => (january += 1000) });
    two = await logFixtureGame(store, { code: "TWOB", unrevealed: true, now: () => (march += 1000) });
    [server, base] = await listen(express().use(dataRouter(store)));
    [bare, bareBase] = await listen(express().use(dataRouter(null)));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await new Promise((r) => bare.close(r));
    await store.close();
  });

  it("GET /api/games/:code/export sends the room's games as a JSONL download, every line valid", async () => {
    const res = await fetch(`${base}/api/games/ONEA/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/x-ndjson/);
    const logId = one.log.logIdOf(one.room) ?? (await store.logs())[0].logId;
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="sneak-${logId}.jsonl"`);
    const lines = jsonLines(await res.text());
    expect(lines).toHaveLength(10);
    expect(new Set(lines.map((l) => l.game))).toEqual(new Set([`${logId}/1`]));
    for (const line of lines) expect(validate(line)).toBe(true);
    // The same by log id, and one game of it.
    expect(jsonLines(await (await fetch(`${base}/api/games/${logId}/export?game=1`)).text())).toEqual(lines);
    expect(await (await fetch(`${base}/api/games/${logId}/export?game=2`)).text()).toBe("");
  });

  it("never sends a round still in play", async () => {
    const text = await (await fetch(`${base}/api/games/TWOB/export`)).text();
    const lines = jsonLines(text);
    const current = two.state.rounds[two.state.rounds.length - 1];
    expect(lines.map((l) => l.round)).not.toContain(current.number);
    expect(text).not.toContain("moo");
  });

  it("GET /api/export sends every game, filtered by ?since, as JSONL or CSV", async () => {
    const all = jsonLines(await (await fetch(`${base}/api/export`)).text());
    expect(new Set(all.map((l) => l.game.slice(0, 4)))).toEqual(new Set(["ONEA", "TWOB"]));
    const recent = jsonLines(await (await fetch(`${base}/api/export?since=2026-02-01`)).text());
    expect(new Set(recent.map((l) => l.game.slice(0, 4)))).toEqual(new Set(["TWOB"]));
    const csv = await fetch(`${base}/api/export?format=csv`);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const rows = (await csv.text()).trim().split("\r\n");
    expect(rows[0].startsWith("game,round,turn,seat")).toBe(true);
    expect(rows).toHaveLength(1 + 16);
  });

  it("answers bad requests with one clear line", async () => {
    const cases: [string, number, RegExp][] = [
      ["/api/games/NOPE/export", 404, /no game log for NOPE/],
      ["/api/games/bad%20id!/export", 400, /id: must be a room code or a log id/],
      ["/api/games/ONEA/export?game=x", 400, /game: must be a game number/],
      ["/api/export?since=yesterday", 400, /since: must be a date/],
      ["/api/export?since=2026-13-45", 400, /since: is not a real date/],
      ["/api/export?format=xlsx", 400, /format: must be jsonl or csv/],
    ];
    for (const [path, status, message] of cases) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(status);
      expect((await res.json()).error).toMatch(message);
    }
  });

  it("GET /api/leaderboard returns the tables as JSON", async () => {
    const res = await fetch(`${base}/api/leaderboard`);
    expect(res.status).toBe(200);
    const board = await res.json();
    expect(board.games).toBe(2);
    expect(board.rounds).toBe(4);
    expect(board.generators.map((g: { generator: string }) => g.generator)).toContain("human");
    expect(board.agreement.map((a: { task: string }) => a.task)).toEqual(["vote", "chameleon-guess"]);
    // A game logged since is counted at the next request.
    await logFixtureGame(store, { code: "THRE" });
    expect((await (await fetch(`${base}/api/leaderboard`)).json()).games).toBe(3);
  });

  it("says so when the server keeps no log", async () => {
    for (const path of ["/api/export", "/api/games/ONEA/export", "/api/leaderboard"]) {
      const res = await fetch(bareBase + path);
      expect(res.status).toBe(503);
      expect((await res.json()).error).toMatch(/SNEAK_DB=off/);
    }
  });
});
