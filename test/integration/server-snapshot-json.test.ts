import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck, type RoomSnapshot } from "../../shared/protocol";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";

/**
 * Broadcast snapshots are assembled as JSON from parts shared between members (shared/game/view-json.ts,
 * server/raw-json-parser.ts); the resync ack is built the plain way (viewFor, stringified by socket.io).
 * At each step every member's last broadcast must equal what a resync gives them, over WebSocket and over
 * HTTP long-polling (another encoding path in engine.io), with names outside ASCII.
 */
describe("server: broadcast snapshots assembled from shared JSON", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
  });

  async function expectBroadcastsMatchResync(what: string): Promise<void> {
    const version = Math.max(...clients.map((c) => c.latest()?.version ?? 0));
    for (const client of clients) {
      const broadcast = await client.waitForState((s) => s.version === version, `version ${version} (${what})`);
      const ack = await client.send<{ state: RoomSnapshot }>(C2S.roomResync);
      if (!ack.ok) throw new Error(ack.message);
      const { serverTime: _a, ...resynced } = ack.state;
      const { serverTime: _b, ...received } = broadcast;
      expect(received, `${received.you.playerId} ${what}`).toEqual(resynced);
    }
  }

  it("sends each member the same snapshot a resync gives them, in every phase", async () => {
    const host = connectClient(server.url);
    clients.push(host);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Host", settings: { discussionSeconds: 0 } });
    if (!created.ok) throw new Error(created.message);
    for (const [name, transport] of [["Bø 🦎", "websocket"], ["Cy", "polling"], ["Dí", "websocket"]] as const) {
      const c = connectClient(server.url, {}, { transports: [transport] });
      clients.push(c);
      expect((await c.send(C2S.roomJoin, { code: created.code, name })).ok).toBe(true);
    }
    const spectator = connectClient(server.url);
    clients.push(spectator);
    expect((await spectator.send(C2S.roomJoin, { code: created.code, name: "Watcher", spectator: true })).ok).toBe(true);
    await expectBroadcastsMatchResync("in the lobby");
    expect(clients[2].socket.io.engine.transport.name).toBe("polling");
    expect(clients[1].latest()!.game.seats.map((seat) => seat.name)).toContain("Bø 🦎");
    expect(host.latest()!.categories.length).toBeGreaterThan(0);

    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    await expectBroadcastsMatchResync("at the deal");
    const players = clients.slice(0, 4);
    const byId = new Map(players.map((c) => [c.latest()!.you.playerId, c]));
    const round = () => host.latest()!.game.rounds.at(-1)!;
    for (const [index, id] of round().order.entries()) {
      expect(await byId.get(id)!.send(C2S.gameClue, { text: `zqhint${index}` })).toEqual({ ok: true });
      await expectBroadcastsMatchResync(`after ${id}'s clue`);
    }
    const [first, second, third, fourth] = round().order;
    // Votes are private until the vote ends: each member's snapshot then differs in yourVote.
    expect(await byId.get(first)!.send(C2S.gameVote, { targetId: second })).toEqual({ ok: true });
    expect(await byId.get(second)!.send(C2S.gameVote, { targetId: third })).toEqual({ ok: true });
    await expectBroadcastsMatchResync("with two open votes");
    expect(byId.get(first)!.latest()!.game.rounds.at(-1)!.yourVote).toBe(second);
    expect(await byId.get(third)!.send(C2S.gameVote, { targetId: second })).toEqual({ ok: true });
    expect(await byId.get(fourth)!.send(C2S.gameVote, { targetId: second })).toEqual({ ok: true });
    await host.waitForState((s) => s.game.phase !== "vote", "the vote's end");
    await expectBroadcastsMatchResync(`in ${host.latest()!.game.phase}`);
  });
});
