import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GameConnection } from "../../client/net/game-connection";
import { useConnectionStore } from "../../client/stores/connection-store";
import { useNoticeStore } from "../../client/stores/notice-store";
import { useRoomStore } from "../../client/stores/room-store";
import { useSessionStore } from "../../client/stores/session-store";
import { ClusterNode } from "../../server/cluster/cluster-node";
import { AddressLimits } from "../../server/rooms/address-limits";
import { testConfig } from "../../server/config";
import { RAISED_ADDRESS_LIMITS, startTestServer } from "../support/socket-server";
import { redisUnavailable, startRedis, type TestRedis } from "../support/redis-server";
import { until } from "../support/store-until";

/**
 * The browser's socket owner (client/net/game-connection.ts) against two game servers sharing a real
 * redis-server: a player whose page came from one process joins a room held by the other, and comes back to
 * it after a reload, without knowing where the room is.
 */

const missing = redisUnavailable();
if (missing) console.warn(`cluster-client.test.ts: ${missing}`);

let redis: TestRedis;
let servers: Awaited<ReturnType<typeof startTestServer>>[] = [];
let connection: GameConnection | undefined;

async function clusterServer(id: string) {
  const config = testConfig({ addressLimits: RAISED_ADDRESS_LIMITS });
  const node = await ClusterNode.connect(
    { redisUrl: redis.url, keyPrefix: "client:", processId: id, publicUrl: null, leaseMs: 1500, redisTimeoutMs: 300, sweepMs: 60_000 },
    new AddressLimits(config.addressLimits),
    null,
    config.graceMs,
    () => {},
  );
  const server = await startTestServer({}, { cluster: node });
  servers.push(server);
  return server;
}

describe.skipIf(missing !== null)("the browser client in a cluster", () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(() => {
    connection?.teardown();
    useNoticeStore.getState().clear();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await redis?.close();
  });

  it("joins a room held by another process, and resumes its seat there after a reload", { timeout: 30_000 }, async () => {
    const [a, b] = [await clusterServer("a"), await clusterServer("b")];
    const host = new GameConnection(a.url);
    const created = await host.createRoom("Ann");
    if (!created.ok) throw new Error(created.message);
    host.teardown();

    // The page came from b; the room is on a.
    connection = new GameConnection(b.url);
    const joined = await connection.joinRoom(created.code, "Ben");
    expect(joined).toMatchObject({ ok: true, code: created.code });
    expect(a.registry.get(created.code)?.hasMember((joined as { playerId: string }).playerId)).toBe(true);
    expect(useNoticeStore.getState().notices).toEqual([]);
    const seat = useSessionStore.getState().seat!;
    await until(useRoomStore, (s) => s.snapshot?.you.playerId === seat.playerId, "Ben's snapshot");

    // A reload: a fresh connection from b's page with the saved seat lands on a.
    connection.teardown();
    connection = new GameConnection(b.url);
    expect(await connection.resume(seat)).toBe(true);
    expect(useConnectionStore.getState().status).toBe("connected");
    expect(useRoomStore.getState().snapshot?.you.playerId).toBe(seat.playerId);
  });
});
