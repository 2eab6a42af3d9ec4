import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server/app";
import { ClusterNode } from "../../server/cluster/cluster-node";
import { testConfig } from "../../server/config";
import { AddressLimits } from "../../server/rooms/address-limits";
import { RAISED_ADDRESS_LIMITS, startTestServer } from "../support/socket-server";
import { redisUnavailable, startRedis, type TestRedis } from "../support/redis-server";
import { ensureClientBuilt, launchChromium } from "./client-browser";

/**
 * The built client in a real browser against two game servers sharing a real redis-server: the page of one
 * process opens a room's share link whose room lives on the other; the player is seated there (a socket to
 * another origin, allowed because it is a sibling) and, after a reload of the page, is back in the same seat.
 */

const missing = redisUnavailable();
if (missing) console.warn(`SKIPPED (cluster in the browser): ${missing}`);

let redis: TestRedis;
let browser: Browser;
const servers: RunningServer[] = [];

async function clusterServer(id: string): Promise<RunningServer> {
  const config = testConfig({ addressLimits: RAISED_ADDRESS_LIMITS });
  const node = await ClusterNode.connect(
    { redisUrl: redis.url, keyPrefix: "e2e:", processId: id, publicUrl: null, leaseMs: 1500, redisTimeoutMs: 300, sweepMs: 60_000 },
    new AddressLimits(config.addressLimits),
    null,
    config.graceMs,
    () => {},
  );
  const server = await startTestServer({ staticDir: "dist" }, { cluster: node, seed: `e2e-${id}` });
  servers.push(server);
  return server;
}

describe.skipIf(missing !== null)("the browser client across two game processes", () => {
  beforeAll(async () => {
    ensureClientBuilt();
    redis = await startRedis();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.close()));
    await redis?.close();
  });

  it("seats a player who opened the share link on the other process, and keeps the seat across a reload", { timeout: 60_000 }, async () => {
    const a = await clusterServer("a");
    const b = await clusterServer("b");
    // Each process learns its siblings' origins at its heartbeat (every 500 ms here).
    await new Promise((resolve) => setTimeout(resolve, 800));

    const ana = await (await browser.newContext()).newPage();
    await ana.goto(a.url);
    await ana.getByLabel("Your name").fill("Ana");
    await ana.getByRole("button", { name: "Create a room" }).click();
    const code = (await ana.getByTestId("room-code").textContent())!;
    expect(code).toMatch(/^[A-Z]{4}$/);

    // Ben gets the link on b's address.
    const ben = await (await browser.newContext()).newPage();
    const sockets: string[] = [];
    ben.on("websocket", (ws) => sockets.push(new URL(ws.url()).host));
    await ben.goto(`${b.url}/r/${code}`);
    await ben.getByLabel("Your name").fill("Ben");
    await ben.getByRole("button", { name: "Take a seat" }).click();
    await ben.getByTestId("room-code").waitFor();
    expect(await ben.getByTestId("room-code").textContent()).toBe(code);
    expect(new URL(ben.url()).origin).toBe(new URL(b.url).origin);
    // His socket went to a, which holds the room; b holds nothing.
    expect(sockets.at(-1)).toBe(new URL(a.url).host);
    const seated = () => a.registry.get(code)?.serverState?.seats.filter((s) => !s.left).map((s) => s.name);
    expect(seated()).toEqual(["Ana", "Ben"]);
    expect(b.registry.size).toBe(0);

    // A reload of b's page: the saved seat finds its way back to a.
    await ben.reload();
    await ben.getByTestId("room-code").waitFor();
    expect(sockets.at(-1)).toBe(new URL(a.url).host);
    await ana.getByText("Ben").first().waitFor();
    expect(seated()).toEqual(["Ana", "Ben"]);
    expect(b.registry.size).toBe(0);
  });
});
