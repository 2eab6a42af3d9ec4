import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAISED_ADDRESS_LIMITS, startTestServer } from "../support/socket-server";

/** A GET from a chosen loopback address: status, Retry-After and body. */
function get(url: string, localAddress: string): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("limits per address on the HTTP API", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    server = await startTestServer({ addressLimits: { ...RAISED_ADDRESS_LIMITS, httpBurst: 3, httpPerMinute: 6 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers 429 with Retry-After once an address spends its burst; other addresses and the health probe go on", async () => {
    const api = `${server.url}/api/leaderboard`;
    const first = await Promise.all([1, 2, 3].map(() => get(api, "127.0.0.11")));
    // This test server keeps no game log: the API answers, but not with a leaderboard.
    for (const reply of first) expect(reply.status).not.toBe(429);
    const refused = await get(api, "127.0.0.11");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringMatching(/^too many requests from your address; try again in \d+ s$/) });
    expect((await get(api, "127.0.0.12")).status).not.toBe(429);
    expect((await get(`${server.url}/healthz`, "127.0.0.11")).status).toBe(200);
  });
});
