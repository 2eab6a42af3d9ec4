import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck } from "../../shared/protocol";
import { connectClient, type TestClient } from "../support/socket-client";
import { RAISED_ADDRESS_LIMITS, startTestServer } from "../support/socket-server";

/** GET /api/rooms/:code against a real server: what a share link learns before anyone types a name. */
describe("room lookup over HTTP", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ addressLimits: { ...RAISED_ADDRESS_LIMITS, httpBurst: 5, httpPerMinute: 5 } });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  // Each check comes from its own loopback address, so that only the rate-limit check spends one address's burst.
  let nextAddress = 30;
  const lookup = (code: string, localAddress = `127.0.0.${nextAddress++}`) =>
    new Promise<{ status: number; cache: string | undefined; text: string; body: unknown }>((resolve, reject) => {
      const req = request(`${server.url}/api/rooms/${code}`, { localAddress }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: res.headers["cache-control"], text, body: JSON.parse(text) }));
      });
      req.on("error", reject);
      req.end();
    });

  it("says a room exists and whether a seat is open, and nothing more; 404 for no such room; 400 for a non-code", async () => {
    const host = connectClient(server.url);
    clients.push(host);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Hana" });
    if (!created.ok) throw new Error("room:create refused");
    const open = await lookup(created.code);
    expect(open).toMatchObject({ status: 200, cache: "no-store", body: { code: created.code, seatOpen: true, watchable: true } });
    // Codes are forgiving about case, as share links are.
    expect((await lookup(created.code.toLowerCase())).body).toEqual({ code: created.code, seatOpen: true, watchable: true });

    // A round in play: no seat now, but anyone may watch. Still no names, settings, phase or secret in the answer.
    for (const _ of [1, 2]) expect((await host.send(C2S.hostAddBot, { kind: "lexical" })).ok).toBe(true);
    expect((await host.send(C2S.hostStart, {})).ok).toBe(true);
    await host.waitForState((s) => s.game.phase === "clues", "the first round");
    const playing = await lookup(created.code);
    expect(playing.body).toEqual({ code: created.code, seatOpen: false, watchable: true });
    expect(playing.text).not.toContain("Hana");

    const unknown = created.code === "QQQQ" ? "QQQP" : "QQQQ";
    expect(await lookup(unknown)).toMatchObject({ status: 404, cache: "no-store", body: { error: `no room ${unknown}` } });
    for (const bad of ["ABC", "ABCDE", "AB1D", "%00%00%00%00", "x".repeat(200)]) {
      expect(await lookup(bad), bad).toMatchObject({ status: 400, body: { error: "code: a room code is four letters" } });
    }
  });

  it("answers a code as room:join does: four letters no room has (letters never dealt included) are not found, anything else is not a code", async () => {
    const probe = connectClient(server.url);
    clients.push(probe);
    for (const code of ["ZZZZ", "soul", "VILO"]) {
      expect(await lookup(code), code).toMatchObject({ status: 404, body: { error: `no room ${code.toUpperCase()}` } });
      expect(await probe.send(C2S.roomJoin, { code, name: "Ivo" }), code).toMatchObject({ ok: false, code: "ROOM_NOT_FOUND" });
    }
    for (const code of ["AB1D", "ABCDE", "ABC"]) {
      expect(await lookup(code), code).toMatchObject({ status: 400 });
      expect(await probe.send(C2S.roomJoin, { code, name: "Ivo" }), code).toMatchObject({ ok: false, code: "BAD_PAYLOAD", message: "room:join: code must be a room code: four letters" });
    }
  });

  it("is rate-limited per address with the rest of the API", async () => {
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await lookup("QQQQ", "127.0.0.22"));
    expect(replies.slice(0, 5).map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect(replies[5].status).toBe(429);
    expect(await lookup("QQQQ", "127.0.0.23")).toMatchObject({ status: 404 });
  });
});
