import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, S2C, type Ack, type RoomMovedPayload, type RoomSnapshot } from "../../shared/protocol";
import { connectClient, connected, type TestClient } from "../support/socket-client";
import { createOn, joinThrough, type ClusterPlayer } from "../support/cluster-clients";
import { killGameProcesses, startGameProcess, type GameProcess } from "../support/game-processes";
import { postgresMissing, reportPostgresSkip, startPostgres, type PostgresServer } from "../support/postgres-server";
import { redisUnavailable, startRedis, type TestRedis } from "../support/redis-server";

/**
 * Failover with the real servers: two game processes (`node --import tsx server/index.ts`) on one
 * redis-server and one Postgres game log. Players play on the room's owner; the owner is killed with
 * SIGKILL mid-game; the players reconnect through the other process with their tokens, which takes the room
 * over from the log once the dead owner's lease lapses, and they finish the game. Every acknowledged clue,
 * vote and point is there. A process frozen (SIGSTOP) past its lease and woken up again finds its room taken
 * and cannot write to it: a room is never owned twice.
 */

const missing = redisUnavailable() ?? postgresMissing;
if (redisUnavailable()) console.warn(`SKIPPED (cluster failover): ${redisUnavailable()}`);
reportPostgresSkip("cluster failover");

let redis: TestRedis;
let postgres: PostgresServer;
let databaseUrl: string;
// Short, for the waits past a lease; long enough that a heartbeat (every third of it) rides out a crowded machine's stalls.
const LEASE_MS = 3000;

let clueCounter = 0;
const freshClue = () => `zq${(clueCounter++).toString(26).replace(/\d/g, (d) => "klmnopqrst"[Number(d)])}x`;

const env = (name: string, extra: Record<string, string> = {}) => ({
  SNEAK_REDIS_URL: redis.url,
  SNEAK_REDIS_PREFIX: "f",
  SNEAK_PROCESS_ID: name,
  SNEAK_DATABASE_URL: databaseUrl,
  SNEAK_LEASE_MS: String(LEASE_MS),
  SNEAK_REDIS_TIMEOUT_MS: "300",
  ...extra,
});

interface Seat {
  player: ClusterPlayer;
  client: TestClient;
  /** Clues this player saw acknowledged: text → "game/round". */
  acked: Map<string, string>;
  /** Votes acknowledged: "game/round" → target. */
  votes: Map<string, string>;
  playing: boolean;
  /** Moves sent and not yet answered. */
  inFlight: Set<Promise<unknown>>;
}

/** Plays from snapshots like a client, recording every acknowledged clue and vote. */
function play(seat: Seat, client: TestClient): void {
  const done = new Set<string>();
  client.socket.on(S2C.roomState, (s: RoomSnapshot) => {
    if (!seat.playing) return;
    const game = s.game;
    const round = game.rounds.at(-1);
    if (!round) return;
    const me = s.you.playerId;
    const where = `${game.gameNumber}/${round.number}`;
    const key = `${where}/${game.phase}/${round.guesses.length}`;
    const send = (event: string, payload: object, onOk?: () => void) => {
      if (done.has(key)) return;
      done.add(key);
      const answered = client.socket
        .timeout(10_000)
        .emitWithAck(event, payload)
        .then((ack: Ack) => ack.ok && onOk?.(), () => {});
      seat.inFlight.add(answered);
      void answered.finally(() => seat.inFlight.delete(answered));
    };
    if (game.phase === "clues" && round.turnPlayerId === me) {
      const text = freshClue();
      send(C2S.gameClue, { text }, () => seat.acked.set(text, where));
    } else if (game.phase === "discussion" && round.order.includes(me)) send(C2S.gameReady, {});
    else if (game.phase === "vote" && round.yourVote === null) {
      const target = round.order.find((id) => id !== me)!;
      send(C2S.gameVote, { targetId: target }, () => seat.votes.set(where, target));
    } else if (game.phase === "tieBreak" && round.dealerId === me && round.tied) send(C2S.gameTieBreak, { targetId: round.tied.find((id) => id !== me) ?? round.tied[0] });
    else if (game.phase === "guess" && round.chameleonId === me && round.words) send(C2S.gameGuess, { word: round.words.find((w) => !round.guesses.includes(w))! });
    else if (game.phase === "reveal" && s.you.isHost) send(C2S.hostNextRound, {});
  });
}

/** Reconnects with the token through `url` until a process seats it (the dead owner's lease must lapse first). */
async function reconnectThrough(url: string, token: string, before: (client: TestClient) => void): Promise<{ client: TestClient; tries: number; refusals: string[] }> {
  const refusals: string[] = [];
  const deadline = Date.now() + 20_000;
  for (let tries = 1; Date.now() < deadline; tries++) {
    let target = url;
    for (let hop = 0; hop < 2; hop++) {
      const client = connectClient(target, { token });
      before(client);
      try {
        await connected(client.socket);
        return { client, tries, refusals };
      } catch (error) {
        client.close();
        const refused = error as { message: string; data?: { code?: string; url?: string } };
        refusals.push(refused.data?.code ?? refused.message);
        if (refused.data?.code === "ROOM_ELSEWHERE" && refused.data.url) target = refused.data.url;
        else break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no process seated the token: ${refusals.slice(-5).join(", ")}`);
}

describe.skipIf(missing !== null)("cluster failover: a killed owner's rooms move through the Postgres log", () => {
  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
    databaseUrl = await postgres.createDatabase();
  }, 60_000);

  afterAll(async () => {
    killGameProcesses();
    await redis?.close();
    postgres?.stop();
  });

  it("takes a room over after kill -9 of its owner: same tokens, nothing acknowledged lost, the game finishes", { timeout: 60_000 }, async () => {
    const [a, b] = await Promise.all([startGameProcess(env("a")), startGameProcess(env("b"))]);
    const host = await createOn(a.url, "Ann", { targetScore: 3, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 });
    const seats: Seat[] = [host, await joinThrough(b.url, host.code, "Ben"), await joinThrough(b.url, host.code, "Cat")].map((player) => ({
      player,
      client: player.client,
      acked: new Map(),
      votes: new Map(),
      playing: true,
      inFlight: new Set(),
    }));
    expect(seats.map((s) => s.player.url)).toEqual([a.url, a.url, a.url]);
    for (const seat of seats) play(seat, seat.client);
    expect(await host.client.send(C2S.hostStart)).toEqual({ ok: true });
    // Kill the owner once a round has been revealed (points are on the table) and the next has clues.
    await host.client.waitForState((s) => s.game.rounds.length >= 2 && (s.game.rounds.at(-1)?.clues.length ?? 0) >= 2, "the second round's clues");
    await a.kill();
    const before = seats.map((s) => s.client.latest()!);
    for (const seat of seats) {
      seat.playing = false;
      seat.client.close();
    }

    // Back through b, with the same tokens.
    const t0 = Date.now();
    for (const seat of seats) {
      seat.playing = true;
      const { client } = await reconnectThrough(b.url, seat.player.token, (c) => play(seat, c));
      seat.client = client;
    }
    const tookOverMs = Date.now() - t0;
    expect(tookOverMs).toBeLessThan(60_000); // the grace window
    const after = await seats[0].client.waitForState((s) => s.code === host.code, "the room on b");
    expect(after.you.playerId).toBe(host.playerId);

    // Nothing acknowledged is lost: every clue in its round, every point, every vote of a finished round.
    // The moves sent so far are answered first; an acknowledgement reaches its player on its own socket,
    // so the first seat's view is read once it holds every clue acknowledged by then (a lost clue never
    // arrives: the wait times out and the check below names it).
    await Promise.all(seats.flatMap((seat) => [...seat.inFlight]));
    const acked = seats.flatMap((seat) => [...seat.acked]);
    const seen = before.reduce((newest, s) => (s.version > newest.version ? s : newest));
    const inThisGame = (s: RoomSnapshot, where: string) => where.startsWith(`${s.game.gameNumber}/`);
    const holdsEveryAck = (s: RoomSnapshot) => acked.every(([text, where]) => !inThisGame(s, where) || s.game.rounds.some((r) => r.clues.some((c) => c.text === text)));
    const restored = await seats[0].client.waitForState(holdsEveryAck, "a snapshot holding every acknowledged clue").catch(() => seats[0].client.latest()!);
    const cluesNow = new Map(restored.game.rounds.flatMap((r) => r.clues.map((c) => [c.text, `${restored.game.gameNumber}/${r.number}`] as const)));
    for (const [text, where] of acked) if (inThisGame(restored, where)) expect(cluesNow.get(text), `acknowledged clue ${text}`).toBe(where);
    for (const seatView of seen.game.seats) expect(restored.game.seats.find((s) => s.id === seatView.id)!.points).toBeGreaterThanOrEqual(seatView.points);
    for (const round of restored.game.rounds.filter((r) => r.votes)) {
      for (const seat of seats) {
        const vote = seat.votes.get(`${restored.game.gameNumber}/${round.number}`);
        if (vote) expect(round.votes![seat.player.playerId], `${seat.player.playerId}'s vote in round ${round.number}`).toBe(vote);
      }
    }

    // The room has one owner: b, in Redis and in the log (its epoch moved from a's 1 to b's 2).
    const probe = new Redis(redis.url);
    expect(await probe.get(`f:room:${host.code}`)).toBe("b");
    probe.disconnect();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query("SELECT epoch::int AS epoch, owner FROM room_owners WHERE room_code = $1", [host.code]);
    await db.end();
    expect(rows).toEqual([{ epoch: 2, owner: "b" }]);

    // The game goes on to its end on b.
    const end = await seats[0].client.waitForState((s) => s.game.phase === "gameOver", "the game's end on b");
    expect(end.game.winners?.length ?? 0).toBeGreaterThan(0);
    for (const seat of seats) seat.client.close();
    await b.stop();
  });

  it("never lets an owner that froze and lost Redis write again once its room was taken over: the log refuses it, and it lets the room go", { timeout: 60_000 }, async () => {
    const [c, d] = await Promise.all([startGameProcess(env("c")), startGameProcess(env("d"))]);
    const host = await createOn(c.url, "Dot", { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 });
    const eve = await joinThrough(d.url, host.code, "Eve");
    expect(eve.url).toBe(c.url);
    expect(await host.client.send(C2S.chatSend, { text: "before the freeze" })).toEqual({ ok: true });
    // A heartbeat of c's (every third of a lease) lists d with its URL after both have started.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 3 + 500));

    // c stops answering (a long pause, a hung VM) past its lease; Eve's new connection through d takes the room over.
    c.child.kill("SIGSTOP");
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 500));
    const { client: eveOnD } = await reconnectThrough(d.url, eve.token, () => {});
    const onD = await eveOnD.waitForState((s) => s.code === host.code, "the room on d");
    expect(onD.game.chat.map((m) => m.text)).toContain("before the freeze");

    // c wakes up cut off from Redis (so its heartbeat cannot tell it the room moved) and the host's old socket,
    // still open to c, sends a move: only the log's owner epoch can stop c now, and it does.
    await redis.stop();
    c.child.kill("SIGCONT");
    const moved = new Promise<RoomMovedPayload>((resolve) => host.client.socket.once(S2C.roomMoved, resolve));
    const answer = (await host.client.send(C2S.chatSend, { text: "from the old owner" }).catch((error: Error) => ({ ok: false, code: "DISCONNECTED", message: error.message }))) as Ack;
    // With Redis down, c still knows where the room went: the log names its new owner, c's heartbeats its URL.
    expect(answer).toMatchObject({ ok: false, code: "ROOM_ELSEWHERE", url: d.url, message: expect.stringMatching(/moved to another game server/) });
    // c lets the room go at once, saying where it went: the host's socket is told, then closed.
    expect(await moved).toEqual({ url: d.url, message: expect.stringContaining(d.url) });
    await new Promise<void>((resolve) => (host.client.socket.connected ? host.client.socket.once("disconnect", () => resolve()) : resolve()));

    // Redis comes back (empty); d's heartbeat writes its room back, and the host's token leads from c to d.
    await redis.start();
    const { client: hostOnD, refusals } = await reconnectThrough(c.url, host.token, () => {});
    expect(refusals.filter((r) => r !== "UNAVAILABLE" && r !== "ROOM_ELSEWHERE")).toEqual([]);
    const now = await hostOnD.waitForState((s) => s.code === host.code && s.you.playerId === host.playerId, "the host on d");
    expect(now.game.chat.map((m) => m.text)).not.toContain("from the old owner");
    expect(c.output.join("\n")).toMatch(new RegExp(`room ${host.code} was claimed by another process in the game log`));
    // The refused move is nowhere in the log.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query("SELECT count(*)::int AS n FROM events WHERE payload::text LIKE '%from the old owner%'");
    await db.end();
    expect(rows).toEqual([{ n: 0 }]);
    for (const client of [host.client, eveOnD, hostOnD]) client.close();
  });

  it("answers a move sent to an owner frozen past its lease ROOM_ELSEWHERE with the new owner's URL, and tells its clients where the room went", { timeout: 60_000 }, async () => {
    const [k, l] = await Promise.all([startGameProcess(env("k")), startGameProcess(env("l"))]);
    const host = await createOn(k.url, "Kai");
    const eve = await joinThrough(l.url, host.code, "Eve");
    const watcher = connectClient(k.url);
    expect(await watcher.send(C2S.roomJoin, { code: host.code, name: "Sam", spectator: true })).toMatchObject({ ok: true });
    expect(eve.url).toBe(k.url);

    // k freezes past its lease; Eve comes back through l, which takes the room over.
    k.child.kill("SIGSTOP");
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 500));
    eve.client.close();
    const { client: eveOnL } = await reconnectThrough(l.url, eve.token, () => {});
    await eveOnL.waitForState((s) => s.code === host.code, "the room on l");

    // Kai, still connected to the frozen k, sends a move; k wakes up with Redis running.
    const movedHost = new Promise<RoomMovedPayload>((resolve) => host.client.socket.once(S2C.roomMoved, resolve));
    const movedWatcher = new Promise<RoomMovedPayload>((resolve) => watcher.socket.once(S2C.roomMoved, resolve));
    const closed = new Promise<string>((resolve) => host.client.socket.once("disconnect", resolve));
    const sentDuringFreeze = host.client.send(C2S.chatSend, { text: "sent during the freeze" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    k.child.kill("SIGCONT");
    expect(await sentDuringFreeze).toEqual({ ok: false, code: "ROOM_ELSEWHERE", url: l.url, message: expect.stringMatching(/^this room has moved to another game server/) });
    expect(await movedHost).toEqual({ url: l.url, message: expect.stringContaining(l.url) });
    expect(await movedWatcher).toMatchObject({ url: l.url });
    expect(await closed).toBe("io server disconnect");

    // Kai follows the URL with the same token; the move was not played anywhere, and can be sent again there.
    const hostOnL = connectClient(l.url, { token: host.token });
    await connected(hostOnL.socket);
    const there = await hostOnL.waitForState((s) => s.code === host.code && s.you.playerId === host.playerId, "Kai on l");
    expect(there.game.chat.map((m) => m.text)).not.toContain("sent during the freeze");
    expect(await hostOnL.send(C2S.chatSend, { text: "sent during the freeze" })).toEqual({ ok: true });
    for (const client of [watcher, eveOnL, hostOnL]) client.close();
    await Promise.all([k.stop(), l.stop()]);
  });

  it("takes over and closes the rooms of a dead process that no player comes back to (no log stays open for good)", { timeout: 40_000 }, async () => {
    const [g, h] = await Promise.all([startGameProcess(env("g")), startGameProcess(env("h", { SNEAK_SWEEP_MS: "1000", SNEAK_GRACE_MS: "1500", SNEAK_EMPTY_ROOM_MS: "1000" }))]);
    const host = await createOn(g.url, "Gus");
    host.client.close();
    await g.kill();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const deadline = Date.now() + 20_000;
      let rows: { closed: boolean }[] = [];
      while (Date.now() < deadline) {
        ({ rows } = await db.query("SELECT closed_at IS NOT NULL AS closed FROM logs WHERE room_code = $1", [host.code]));
        if (rows.length === 1 && rows[0].closed) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(rows).toEqual([{ closed: true }]);
      expect(h.output.join("\n")).toContain(`took over room ${host.code} from its game log`);
    } finally {
      await db.end();
    }
  });

  // Last: it stops Postgres for good.
  it("refuses, quickly and plainly, to take a room over or create one while the log is down", { timeout: 40_000 }, async () => {
    const [i, j] = await Promise.all([startGameProcess(env("i")), startGameProcess(env("j"))]);
    const host = await createOn(i.url, "Ivy");
    host.client.close();
    await i.kill();
    postgres.stop("immediate");
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 500));

    const client = connectClient(j.url, { token: host.token });
    let t0 = Date.now();
    const refusal = await connected(client.socket).then(
      () => null,
      (error: { message: string; data?: { code?: string } }) => error,
    );
    client.close();
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(refusal?.data?.code).toBe("UNAVAILABLE");
    expect(refusal?.message).toMatch(/game log is not answering/);

    const newcomer = connectClient(j.url);
    await connected(newcomer.socket);
    t0 = Date.now();
    const created = await newcomer.send(C2S.roomCreate, { name: "Jay" });
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(created).toEqual({ ok: false, code: "UNAVAILABLE", message: "the game log is not answering, so this was not done; try again in a moment" });
    newcomer.close();
  });
});
