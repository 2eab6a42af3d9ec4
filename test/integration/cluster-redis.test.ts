import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoomSnapshot } from "../../shared/protocol";
import { RoomDirectory } from "../../server/cluster/room-directory";
import { autoPlay } from "../support/socket-autoplay";
import { connectClient, connected } from "../support/socket-client";
import { createOn, handshakeRefusal, joinThrough, resumeThrough, type ClusterPlayer } from "../support/cluster-clients";
import { killGameProcesses, startGameProcess, type GameProcess } from "../support/game-processes";
import { redisUnavailable, startRedis, type TestRedis } from "../support/redis-server";

/**
 * Two (and more) real game processes (`node --import tsx server/index.ts`) sharing a real redis-server on
 * 127.0.0.1, each with its own SQLite game log: rooms are created on one and joined through the other, a
 * whole game is played across them, a returning token finds its room from either, codes never collide,
 * Redis going down stops no game in play and refuses new rooms at once with a clear message, and the limits
 * per address hold across processes.
 */

const missing = redisUnavailable();
if (missing) console.warn(`cluster-redis.test.ts: ${missing}`);

const dir = mkdtempSync(join(tmpdir(), "sneak-cluster-"));
let redis: TestRedis;
let a: GameProcess;
let b: GameProcess;
const GAME = { targetScore: 1, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 };
// Short, so the lapse test waits little; a heartbeat every second still rides out a crowded machine's stalls.
const LEASE_MS = 3000;

let clueCounter = 0;
/** Made-up words: on no grid, unique across the test. */
const freshClue = () => `zq${(clueCounter++).toString(26).replace(/\d/g, (d) => "klmnopqrst"[Number(d)])}x`;

const env = (name: string, extra: Record<string, string> = {}) => ({
  SNEAK_REDIS_URL: redis.url,
  SNEAK_REDIS_PREFIX: "t1",
  SNEAK_PROCESS_ID: name,
  SNEAK_DB: join(dir, `${name}.db`),
  SNEAK_LEASE_MS: String(LEASE_MS),
  SNEAK_REDIS_TIMEOUT_MS: "300",
  ...extra,
});

/** Polls /healthz until its registry state is `wanted` (or 5 s pass); returns the last state seen. */
async function registryHealth(url: string, wanted: string): Promise<string> {
  let state = "";
  for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
    state = ((await (await fetch(`${url}/healthz`)).json()) as { cluster: { registry: string } }).cluster.registry;
    if (state === wanted) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return state;
}

describe.skipIf(missing !== null)("cluster: game processes on one Redis", () => {
  beforeAll(async () => {
    redis = await startRedis();
    [a, b] = await Promise.all([startGameProcess(env("a")), startGameProcess(env("b"))]);
  }, 60_000);

  afterAll(async () => {
    killGameProcesses();
    await redis?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates a room on one process, joins it through the other, and plays a whole game across them", { timeout: 40_000 }, async () => {
    const host = await createOn(a.url, "Ann", GAME);
    // A share link opened on the other process finds the room too; a code no process holds is 404 on both.
    const lookup = await fetch(`${b.url}/api/rooms/${host.code}`);
    expect([lookup.status, await lookup.json()]).toEqual([200, { code: host.code, seatOpen: true, watchable: true }]);
    const unknown = host.code === "XXXX" ? "YYYY" : "XXXX";
    expect([(await fetch(`${a.url}/api/rooms/${unknown}`)).status, (await fetch(`${b.url}/api/rooms/${unknown}`)).status]).toEqual([404, 404]);
    const ben = await joinThrough(b.url, host.code, "Ben");
    const cat = await joinThrough(a.url, host.code, "Cat");
    // Ben reached b, which sent him to a; nobody was seated on b.
    expect(ben.redirectedFrom).toBe(b.url);
    expect([ben.url, cat.url]).toEqual([a.url, a.url]);

    // Ben's connection drops; his token brings him back through either process.
    ben.client.close();
    const refusal = await handshakeRefusal(b.url, ben.token);
    expect(refusal.data).toEqual({ code: "ROOM_ELSEWHERE", url: a.url });
    const back = await resumeThrough(b.url, ben.token);
    expect(back.url).toBe(a.url);
    const benAgain: ClusterPlayer = { ...ben, client: back.client };
    await benAgain.client.waitForState((s) => s.you.playerId === ben.playerId && s.seats.every((seat) => seat.connected), "Ben back at his seat");

    const players = [host, benAgain, cat];
    const bots = players.map((p) => autoPlay(p.client, { clue: () => freshClue() }));
    expect(await host.client.send("host:start")).toEqual({ ok: true });
    const ends = await Promise.all(players.map((p) => p.client.waitForState((s: RoomSnapshot) => s.game.phase === "gameOver", "the game's end")));
    for (const bot of bots) bot.stop();
    expect(new Set(ends.map((s) => JSON.stringify(s.game.winners))).size).toBe(1);
    expect(ends[0].game.winners?.length ?? 0).toBeGreaterThan(0);
    for (const bot of bots) expect(bot.refusals.filter((r) => !r.includes("wrong_phase"))).toEqual([]);
    for (const p of players) p.client.close();
  });

  it("lets a page served by one process open its socket on a sibling, and no other page", { timeout: 20_000 }, async () => {
    // The sibling list comes with the heartbeat: wait for one after both processes are up.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 3 + 500));
    const sibling = connectClient(b.url, {}, { extraHeaders: { origin: a.url } });
    await connected(sibling.socket);
    sibling.close();
    const stranger = connectClient(b.url, {}, { extraHeaders: { origin: "http://evil.example" } });
    await expect(connected(stranger.socket)).rejects.toThrow();
    stranger.close();
  });

  it("never gives one code to two rooms: the registry's reservation is atomic", { timeout: 20_000 }, async () => {
    // Two registries race for the same 200 codes: each code goes to exactly one of them.
    const clientA = new Redis(redis.url);
    const clientB = new Redis(redis.url);
    try {
      const first = new RoomDirectory(clientA, "race:", "p1", 60_000, 2000);
      const second = new RoomDirectory(clientB, "race:", "p2", 60_000, 2000);
      const codes = Array.from({ length: 200 }, (_, i) => `C${i}`);
      const results = await Promise.all(codes.map((code) => Promise.all([first.reserve(code), second.reserve(code)])));
      expect(results.every(([x, y]) => x !== y)).toBe(true);
    } finally {
      clientA.disconnect();
      clientB.disconnect();
    }
    // Rooms created on both processes at once have distinct codes, each found through the other process.
    const hosts = await Promise.all(Array.from({ length: 16 }, (_, i) => createOn(i % 2 ? a.url : b.url, `H${i}`)));
    expect(new Set(hosts.map((h) => h.code)).size).toBe(16);
    for (const [i, h] of hosts.entries()) {
      const other = i % 2 ? b.url : a.url;
      const probe = connectClient(other);
      await connected(probe.socket);
      const ack = await probe.send("room:join", { code: h.code, name: "Probe" });
      expect(ack).toMatchObject({ ok: false, code: "ROOM_ELSEWHERE", url: h.url });
      probe.close();
      h.client.close();
    }
  });

  it("goes on playing when Redis stops, refuses new rooms at once with a clear message, and recovers when it is back", { timeout: 40_000 }, async () => {
    const host = await createOn(a.url, "Dan", GAME);
    const eve = await joinThrough(b.url, host.code, "Eve");
    const fay = await joinThrough(b.url, host.code, "Fay");
    const players = [host, eve, fay];
    await redis.stop();

    // A room already owned: a whole game without Redis (its moves never touch it).
    const bots = players.map((p) => autoPlay(p.client, { clue: () => freshClue() }));
    expect(await host.client.send("host:start")).toEqual({ ok: true });
    await Promise.all(players.map((p) => p.client.waitForState((s) => s.game.phase === "gameOver", "the game's end without Redis")));
    for (const bot of bots) bot.stop();
    for (const bot of bots) expect(bot.refusals.filter((r) => !r.includes("wrong_phase"))).toEqual([]);

    // What needs the registry is refused, quickly and plainly.
    const newcomer = connectClient(a.url);
    await connected(newcomer.socket);
    let t0 = Date.now();
    const create = await newcomer.send("room:create", { name: "Gil" });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(create).toMatchObject({ ok: false, code: "UNAVAILABLE" });
    expect((create as { message: string }).message).toMatch(/room directory is not answering/);
    const elsewhere = connectClient(b.url);
    await connected(elsewhere.socket);
    t0 = Date.now();
    const join = await elsewhere.send("room:join", { code: host.code, name: "Gil" });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(join).toMatchObject({ ok: false, code: "UNAVAILABLE" });
    // A returning player who reaches the owner directly needs no Redis.
    eve.client.close();
    const eveBack = connectClient(a.url, { token: eve.token });
    await connected(eveBack.socket);
    await eveBack.waitForState((s) => s.you.playerId === eve.playerId, "Eve's seat without Redis");
    // …but through the other process, the handshake says the directory is down.
    expect((await handshakeRefusal(b.url, fay.token)).data).toEqual({ code: "UNAVAILABLE" });

    // /healthz says the registry is unreachable once a heartbeat failed.
    expect(await registryHealth(a.url, "unreachable")).toBe("unreachable");

    // Redis comes back empty (no persistence): the owner's heartbeat writes its rooms back.
    await redis.start();
    const deadline = Date.now() + 15_000;
    let again: Awaited<ReturnType<typeof newcomer.send>> | undefined;
    while (Date.now() < deadline) {
      again = await elsewhere.send("room:join", { code: host.code, name: "Gil" });
      if (!again.ok && again.code === "ROOM_ELSEWHERE") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(again).toMatchObject({ ok: false, code: "ROOM_ELSEWHERE", url: a.url });
    expect(await newcomer.send("room:create", { name: "Gil" })).toMatchObject({ ok: true });
    expect(await registryHealth(a.url, "ok")).toBe("ok");
    for (const c of [newcomer, elsewhere, eveBack, host.client, fay.client]) c.close();
  });

  it("holds the limits per address across processes", { timeout: 40_000 }, async () => {
    const limits = {
      SNEAK_REDIS_PREFIX: "t2",
      SNEAK_ADDRESS_ROOM_BURST: "3",
      SNEAK_ADDRESS_ROOMS_PER_MINUTE: "1",
      SNEAK_ADDRESS_MAX_CONNECTIONS: "4",
      SNEAK_ADDRESS_HTTP_BURST: "3",
      SNEAK_ADDRESS_HTTP_PER_MINUTE: "1",
    };
    const [c, d] = await Promise.all([startGameProcess(env("c", limits)), startGameProcess(env("d", limits))]);
    try {
      const from = (url: string, address: string) => connectClient(url, {}, { localAddress: address });
      // Rooms: 3 at once per address, whichever process is asked.
      const sockets = [from(c.url, "127.0.0.21"), from(d.url, "127.0.0.21"), from(c.url, "127.0.0.21"), from(d.url, "127.0.0.21")];
      for (const s of sockets) await connected(s.socket);
      const acks = [];
      for (const s of sockets) acks.push(await s.send("room:create", { name: "Hal" }));
      expect(acks.map((ack) => ack.ok)).toEqual([true, true, true, false]);
      expect(acks[3]).toMatchObject({ code: "RATE_LIMITED" });
      // Connections: 4 open from this address across both; a fifth on either is refused before the upgrade.
      await expect(connected(from(c.url, "127.0.0.21").socket)).rejects.toThrow(/websocket error|400/);
      // Another address is not affected.
      const other = from(d.url, "127.0.0.22");
      await connected(other.socket);
      expect(await other.send("room:create", { name: "Ivy" })).toMatchObject({ ok: true });
      // HTTP API: 3 requests at once per address across both processes.
      const statuses = [];
      for (const url of [c.url, d.url, c.url, d.url]) statuses.push((await fetch(`${url}/api/leaderboard`)).status);
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
      for (const s of [...sockets, other]) s.close();
    } finally {
      await Promise.all([c.kill(), d.kill()]);
    }
  });

  it("reports the rooms of a killed process as unavailable (no shared log to move them) once its lease lapses, never hangs, and finds them again when it restarts", { timeout: 30_000 }, async () => {
    const e = await startGameProcess(env("e"));
    const host = await createOn(e.url, "Jo", GAME);
    await e.kill();
    const deadline = Date.now() + 15_000;
    let refusal;
    while (Date.now() < deadline) {
      refusal = await handshakeRefusal(b.url, host.token);
      if (refusal.data?.code === "UNAVAILABLE") break;
      // Until the lease lapses the registry still names the dead process.
      expect(refusal.data?.code).toBe("ROOM_ELSEWHERE");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(refusal!.data).toEqual({ code: "UNAVAILABLE" });
    expect(refusal!.message).toMatch(/has stopped/);

    // The process restarts on its own SQLite log (a new port, a new process id): it rebuilds the room,
    // claims its code in the registry, and the token leads there again from the other process.
    const back = await startGameProcess(env("e", { SNEAK_PROCESS_ID: "e2" }));
    expect(back.output.join("\n")).toMatch(/1 room\(s\) restored/);
    const { client, url } = await resumeThrough(b.url, host.token);
    expect(url).toBe(back.url);
    await client.waitForState((s) => s.code === host.code && s.you.playerId === host.playerId, "the host back in the restarted process");
    client.close();
    await back.stop();
  });
});
