import { createServer, get, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_REFUSAL, C2S, type JoinedAck } from "../../shared/protocol";
import { attachSockets } from "../../server/app-sockets";
import type { GameServer } from "../../server/rooms/socket-types";
import { configFromEnv, testConfig } from "../../server/config";
import { AddressLimits } from "../../server/rooms/address-limits";
import { RoomRegistry } from "../../server/rooms/registry";
import { SessionStore } from "../../server/rooms/sessions";
import { connectClient, connected, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import { autoPlay } from "../support/socket-autoplay";

/** The production defaults (the test server raises them for every other test). */
const DEFAULTS = configFromEnv({}).addressLimits;

/** A handshake by long-polling from `localAddress`: the status and JSON body engine.io answers. */
function pollingHandshake(url: string, localAddress: string): Promise<{ status: number; body: { code?: number; message?: string; sid?: string } }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: "/socket.io/?EIO=4&transport=polling", localAddress, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: res.statusCode === 200 ? { sid: text } : JSON.parse(text) }));
    }).on("error", reject);
  });
}

/** How each client's handshake ended, listened for from its creation: "connected" or connect_error's message. */
const outcomes = new WeakMap<TestClient, Promise<string>>();
function watched(client: TestClient): TestClient {
  outcomes.set(
    client,
    connected(client.socket).then(
      () => "connected",
      (error: Error) => error.message,
    ),
  );
  return client;
}
const outcome = (client: TestClient) => outcomes.get(client)!;

describe("net: limits per address on the real server, at their defaults", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const open: TestClient[] = [];
  const client = (localAddress: string, auth: { token?: string } = {}) => {
    const c = watched(connectClient(server.url, auth, { localAddress }));
    open.push(c);
    return c;
  };
  beforeAll(async () => {
    server = await startTestServer({ addressLimits: DEFAULTS });
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server.close();
  });

  it("refuses a flood of connections from one address while a player from another address connects and plays", async () => {
    const flood = Array.from({ length: DEFAULTS.maxConnections }, () => client("127.0.0.50"));
    await Promise.all(flood.map((c) => connected(c.socket)));

    // One more from the same address: refused before the upgrade, over WebSocket and over long-polling.
    expect(await outcome(client("127.0.0.50"))).toBe("websocket error");
    const polling = await pollingHandshake(server.url, "127.0.0.50");
    expect(polling.status).toBe(403);
    expect(polling.body.message).toBe(
      `${ADDRESS_REFUSAL}: 64 connections are already open from your address (the limit is 64); close some tabs or try again later`,
    );

    // Someone else, meanwhile: connects, creates a room, and plays a round against bots.
    const host = client("127.0.0.51");
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Ada" });
    expect(created).toMatchObject({ ok: true });
    for (let i = 0; i < 2; i++) expect(await host.send(C2S.hostAddBot, { kind: "lexical" })).toMatchObject({ ok: true });
    expect(await host.send(C2S.hostSettings, { targetScore: 3, clueMaxWords: 1, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
    const player = autoPlay(host);
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    const revealed = await host.waitForState((s) => s.game.rounds[0]?.revealed === true, "the first round's reveal");
    player.stop();
    expect(revealed.game.rounds[0].clues).toHaveLength(3);
    expect(player.refusals).toEqual([]);

    // The player's token still seats them from their own address, flood or not.
    if (!created.ok) return;
    host.close();
    const back = client("127.0.0.51", { token: created.token });
    await connected(back.socket);
    expect(await back.send(C2S.roomResync)).toMatchObject({ ok: true });
  });

  it("limits room creation per address with a clear RATE_LIMITED ack", async () => {
    const acks = [];
    for (let i = 0; i < DEFAULTS.roomBurst + 1; i++) acks.push(await client("127.0.0.60").send<JoinedAck>(C2S.roomCreate, { name: `Host${i}` }));
    // The bucket refills one room every 6 s: far slower than this loop, so exactly the burst goes through.
    expect(acks.slice(0, DEFAULTS.roomBurst).every((a) => a.ok)).toBe(true);
    expect(acks[DEFAULTS.roomBurst]).toMatchObject({
      ok: false,
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^too many rooms created from your address; try again in [1-6] s$/),
    });
    // Joining rooms is not limited, and another address creates rooms as before.
    const created = acks[0];
    if (!created.ok) return;
    expect(await client("127.0.0.60").send(C2S.roomJoin, { code: created.code, name: "Guest" })).toMatchObject({ ok: true });
    expect(await client("127.0.0.61").send(C2S.roomCreate, { name: "Other" })).toMatchObject({ ok: true });
  });
});

describe("net: handshake refill, forgetting idle addresses, and the proxy setting (injected clock)", () => {
  let httpServer: HttpServer;
  let io: GameServer;
  let url: string;
  let t = 1_000_000;
  const clients: TestClient[] = [];
  let closedCount = 0;
  const closedWaiters: { n: number; resolve: () => void }[] = [];

  /** Resolves once the server has seen `n` connections close in all (counted after the limits saw them). */
  const serverClosed = (n: number) =>
    new Promise<void>((resolve) => (closedCount >= n ? resolve() : closedWaiters.push({ n, resolve })));

  async function start(settings: Partial<typeof DEFAULTS> = {}): Promise<AddressLimits> {
    const limits = new AddressLimits({ ...DEFAULTS, ...settings }, { now: () => t });
    httpServer = createServer();
    const registry = new RoomRegistry(10, () => {
      throw new Error("no rooms in this test");
    });
    io = attachSockets(httpServer, testConfig(), registry, new SessionStore(), () => {}, limits);
    io.engine.on("connection", (connection: { once(event: "close", listener: () => void): void }) =>
      connection.once("close", () => {
        closedCount++;
        for (const w of closedWaiters.filter((w) => closedCount >= w.n)) {
          closedWaiters.splice(closedWaiters.indexOf(w), 1);
          w.resolve();
        }
      }),
    );
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    return limits;
  }
  const client = (localAddress: string, headers?: Record<string, string>) => {
    const c = watched(connectClient(url, {}, { localAddress, ...(headers ? { extraHeaders: headers } : {}) }));
    clients.push(c);
    return c;
  };

  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await new Promise<void>((resolve) => io.close(() => resolve()));
    closedCount = 0;
  });

  it("refuses new connections past the burst, admits them again as the bucket refills, then forgets the address", async () => {
    const limits = await start();
    const burst = Array.from({ length: DEFAULTS.handshakeBurst }, () => client("127.0.0.70"));
    await Promise.all(burst.map((c) => connected(c.socket)));
    expect(limits.openFrom("127.0.0.70")).toBe(64);
    for (const c of burst) c.close();
    await serverClosed(64);
    expect(limits.openFrom("127.0.0.70")).toBe(0);

    // Nothing is open, but the bucket is empty: the next handshake waits for a token (120 a minute).
    const polling = await pollingHandshake(url, "127.0.0.70");
    expect(polling).toMatchObject({ status: 403, body: { message: `${ADDRESS_REFUSAL}: too many new connections from your address; try again in 1 s` } });
    expect(await outcome(client("127.0.0.70"))).toBe("websocket error");
    const other = client("127.0.0.71");
    expect(await outcome(other)).toBe("connected");
    other.close();
    await serverClosed(65);

    t += 500; // one token
    const again = client("127.0.0.70");
    await connected(again.socket);
    expect(await outcome(client("127.0.0.70"))).toBe("websocket error");

    // Once closed and refilled, the address is forgotten (a fresh entry would be the same).
    again.close();
    await serverClosed(66);
    expect(limits.size).toBe(2);
    t += 60_000;
    expect(limits.sweep()).toBe(2);
    expect(limits.size).toBe(0);
    await connected(client("127.0.0.70").socket);
    expect(limits.size).toBe(1);
  });

  it("ignores X-Forwarded-For unless told to trust a proxy", async () => {
    const limits = await start({ maxConnections: 2 });
    const forged = ["198.51.100.1", "198.51.100.2"].map((a) => client("127.0.0.80", { "x-forwarded-for": a }));
    await Promise.all(forged.map((c) => connected(c.socket)));
    expect(await outcome(client("127.0.0.80", { "x-forwarded-for": "198.51.100.3" }))).toBe("websocket error");
    expect(limits.openFrom("127.0.0.80")).toBe(2);
  });

  it("behind a trusted proxy, limits each forwarded client address on its own", async () => {
    const limits = await start({ maxConnections: 2, trustProxyHops: 1 });
    // The proxy (127.0.0.90) appends the client's address; what the client wrote before it is not believed.
    const alice = (i: number) => client("127.0.0.90", { "x-forwarded-for": `10.${i}.0.1, 203.0.113.5` });
    await Promise.all([alice(0), alice(1)].map((c) => connected(c.socket)));
    expect(await outcome(alice(2))).toBe("websocket error");
    await connected(client("127.0.0.90", { "x-forwarded-for": "203.0.113.6" }).socket);
    expect(limits.openFrom("203.0.113.5")).toBe(2);
    expect(limits.openFrom("203.0.113.6")).toBe(1);
    expect(limits.openFrom("127.0.0.90")).toBe(0);
  });
});
