import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io } from "socket.io-client";
import { C2S, type JoinedAck } from "../../shared/protocol";
import { connectClient, connected, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import { autoPlay } from "../support/socket-autoplay";

describe("server: malformed, oversized and abusive input", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const open: TestClient[] = [];
  beforeAll(async () => {
    server = await startTestServer({ maxMessageBytes: 4096, rateLimit: { perSecond: 5, burst: 40 } });
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server.close();
  });

  it("answers bad events with error acks, drops an oversized frame, and the game goes on", async () => {
    const clients: TestClient[] = [];
    const tokens: string[] = [];
    let code = "";
    for (const name of ["Ann", "Ben", "Cat"]) {
      const c = connectClient(server.url);
      const ack = code === "" ? await c.send<JoinedAck>(C2S.roomCreate, { name }) : await c.send<JoinedAck>(C2S.roomJoin, { code, name });
      if (!ack.ok) throw new Error(ack.message);
      code = ack.code;
      clients.push(c);
      tokens.push(ack.token);
    }
    open.push(...clients);
    const [host, other] = clients;
    expect(await host.send(C2S.hostSettings, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0, targetScore: 2 })).toEqual({ ok: true });

    // Wrong types, unknown keys, missing payloads, unknown events, hostile strings: error acks, no crash.
    expect(await host.send(C2S.gameClue, { text: 42 })).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });
    expect(await host.send(C2S.gameClue, { text: "ok", extra: true })).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });
    expect(await host.send(C2S.gameVote, null)).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });
    expect(await host.send(C2S.hostSettings, { targetScore: "5" })).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });
    expect(await host.send(C2S.hostSettings, { targetScore: 9999 })).toMatchObject({ ok: false, code: "RULE", rule: "invalid_settings" });
    expect(await host.send("room:nuke", { all: true })).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });
    expect(await host.send(C2S.chatSend, { text: "__proto__" })).toMatchObject({ ok: true });
    expect(await other.send(C2S.hostStart)).toMatchObject({ ok: false, code: "NOT_HOST" });
    expect(await host.send(C2S.hostAddBot, { kind: "llm" })).toMatchObject({ ok: false, code: "UNKNOWN_MODEL" });
    host.socket.emit(C2S.gameClue, { text: 1 }); // no ack callback: ignored, not fatal
    host.socket.emit(C2S.roomJoin); // no payload, no ack

    // An oversized frame: the server drops that connection; the player comes back with the token.
    const closed = new Promise((resolve) => other.socket.once("disconnect", resolve));
    other.socket.emit(C2S.chatSend, { text: "x".repeat(10_000) });
    await closed;
    const back = connectClient(server.url, { token: tokens[1] });
    open.push(back);
    await connected(back.socket);
    await back.waitForState(() => true, "snapshot after reconnect");

    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    const players = [host, back, clients[2]].map((c) => autoPlay(c));
    const over = await host.waitForState((s) => s.game.phase === "gameOver", "game over");
    for (const p of players) p.stop();
    expect(over.game.winners?.length).toBeGreaterThan(0);
  });

  it("rate-limits a flooding socket", async () => {
    const c = connectClient(server.url);
    open.push(c);
    const acks = await Promise.all(Array.from({ length: 60 }, () => c.send(C2S.roomResync)));
    const limited = acks.filter((a) => !a.ok && a.code === "RATE_LIMITED").length;
    expect(limited).toBeGreaterThanOrEqual(60 - 40 - 5);
    expect(acks.filter((a) => !a.ok && a.code === "NOT_IN_ROOM").length).toBeGreaterThan(0);
  });

  it("refuses a browser socket from another origin and accepts its own", async () => {
    const foreign = io(server.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { Origin: "http://evil.example" } });
    await expect(connected(foreign)).rejects.toBeTruthy();
    foreign.close();
    const own = io(server.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { Origin: server.url } });
    await connected(own);
    own.close();
    // People type localhost for the printed 127.0.0.1: the loopback names are one host, on the same port only.
    const port = new URL(server.url).port;
    for (const name of ["localhost", "[::1]"]) {
      const local = io(server.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { Origin: `http://${name}:${port}` } });
      await connected(local);
      local.close();
    }
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: `http://localhost:${port}` } });
    expect(polling.status).toBe(200);
    const otherPort = io(server.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { Origin: `http://localhost:${Number(port) + 1}` } });
    await expect(connected(otherPort)).rejects.toBeTruthy();
    otherPort.close();
    const page = await fetch(`${server.url}/r/ABCD`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("SNEAK");
  });
});
