/**
 * An attacker's frames against a real server process: raw Engine.IO / Socket.IO packets over a WebSocket
 * (test/support/wire-fuzz.ts). After every batch the process is alive and /healthz answers; a canary room
 * of one scripted player and bots keeps playing throughout. `npm run bench:wire-fuzz` runs the long version.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S } from "../../shared/protocol";
import { killGameProcesses, startGameProcess, type GameProcess } from "../support/game-processes";
import { connectClient, connected, type TestClient } from "../support/socket-client";
import { autoPlay, type AutoPlayer } from "../support/socket-autoplay";
import { playRawSession, rawSession, type RawSession } from "../support/wire-fuzz";

/** Frames that each stopped the process before the socket layer checked what socket.io handed it. */
const KNOWN_KILLERS: RawSession[] = [
  { query: "EIO=4&transport=websocket", frames: ["40", "42"] },
  { query: "EIO=4&transport=websocket", frames: ["40", "42[123]"] },
  { query: "EIO=4&transport=websocket", frames: ["40", "421[5,{}]"] },
  { query: "EIO=4&transport=websocket", frames: ["40", "423"] },
  { query: "EIO=4&transport=websocket", frames: ["40", '42[{"a":1},{}]', '42[null]', "42[[]]"] },
];

/** Unlimited per address (every attacker is 127.0.0.1 here); the per-socket rate limit stays as shipped. */
const OPEN_LIMITS = {
  SNEAK_ADDRESS_MAX_CONNECTIONS: "100000",
  SNEAK_ADDRESS_HANDSHAKE_BURST: "100000",
  SNEAK_ADDRESS_HANDSHAKES_PER_MINUTE: "100000",
  SNEAK_ADDRESS_ROOM_BURST: "100000",
  SNEAK_ADDRESS_ROOMS_PER_MINUTE: "100000",
  SNEAK_ADDRESS_HTTP_BURST: "100000",
  SNEAK_ADDRESS_HTTP_PER_MINUTE: "100000",
};

describe("raw frames from an attacker", () => {
  let server: GameProcess;
  let canary: TestClient;
  let canaryPlayer: AutoPlayer;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "sneak-fuzz-"));
    server = await startGameProcess({ ...OPEN_LIMITS, SNEAK_DB: join(dir, "fuzz.db") });
    canary = connectClient(server.url);
    await connected(canary.socket);
    const created = await canary.send(C2S.roomCreate, { name: "Canary", settings: { turnSeconds: 10, discussionSeconds: 0, voteSeconds: 10, targetScore: 30 } });
    expect(created.ok).toBe(true);
    for (let i = 0; i < 3; i++) expect((await canary.send(C2S.hostAddBot, { kind: "lexical" })).ok).toBe(true);
    expect((await canary.send(C2S.hostStart)).ok).toBe(true);
    canaryPlayer = autoPlay(canary);
  });

  afterAll(async () => {
    canaryPlayer?.stop();
    canary?.close();
    await server?.stop();
    killGameProcesses();
  });

  async function assertServing(): Promise<void> {
    expect(server.child.exitCode, server.output.slice(-5).join("\n")).toBeNull();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  }

  it("answers the frames that used to stop the process, and keeps serving", async () => {
    for (const session of KNOWN_KILLERS) {
      // An ack id asks for an answer: "421[5,{}]" gets the refusal as ack 1.
      const refusal = (f: string) => f.startsWith('431[{"ok":false,"code":"BAD_PAYLOAD"');
      const asksForAck = session.frames.includes("421[5,{}]");
      const outcome = await playRawSession(server.url, session, 100, 10_000, asksForAck ? refusal : undefined);
      await assertServing();
      if (asksForAck) expect(outcome.received.some(refusal)).toBe(true);
    }
  });

  it("acks a command with an extra argument exactly once, as a refusal", async () => {
    const outcome = await playRawSession(server.url, { query: "EIO=4&transport=websocket", frames: ["40", '427["chat:send",{"text":"hi"},"x"]'] }, 300, 10_000, (f) => f.startsWith("437["));
    const acks = outcome.received.filter((f) => f.startsWith("437["));
    expect(acks).toHaveLength(1);
    expect(acks[0]).toContain('"code":"BAD_PAYLOAD"');
  });

  it("refuses a binary attachment the parser accepts (a Buffer where a payload goes), acked once", async () => {
    const placeholder = { _placeholder: true, num: 0 };
    const session = (data: unknown[]): RawSession => ({ query: "EIO=4&transport=websocket", frames: ["40", `451-5${JSON.stringify(data)}`, Buffer.from("hello")] });
    for (const data of [["chat:send", placeholder], ["chat:send", { text: placeholder }]]) {
      const acks = (await playRawSession(server.url, session(data), 1_000, 10_000, (f) => f.startsWith("435["))).received.filter((f) => f.startsWith("435["));
      expect(acks, JSON.stringify(data)).toHaveLength(1);
      expect(acks[0]).toContain('"code":"BAD_PAYLOAD"');
    }
    // An attachment where the event name goes is one the parser refuses: that connection closes, nothing else.
    expect((await playRawSession(server.url, session([placeholder, {}]), 1_000)).closedByServer).toBe(true);
    await assertServing();
  });

  it("survives generated sessions of malformed frames, while the canary room plays on", { timeout: 90_000 }, async () => {
    const versionBefore = canary.latest()!.version;
    let batches = 0;
    await fc.assert(
      fc.asyncProperty(rawSession, async (session) => {
        await playRawSession(server.url, session);
        batches++;
        await assertServing();
      }),
      { numRuns: 150, seed: 2026, endOnFailure: true },
    );
    expect(batches).toBe(150);
    // The canary's table went on: it still answers its player, and its state moved while the frames flew.
    expect((await canary.send(C2S.roomResync)).ok).toBe(true);
    await canary.waitForState((s) => s.version > versionBefore + 5, "the canary room to keep playing");
    expect(canaryPlayer.refusals.filter((r) => r.includes("INTERNAL"))).toEqual([]);
    expect(server.output.filter((line) => line.includes("internal error"))).toEqual([]);
  });
});
