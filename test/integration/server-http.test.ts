import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../server/app";

describe("HTTP: the built client, share links and caching", () => {
  let server: RunningServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), "sneak-static-"));
    mkdirSync(path.join(staticDir, "assets"));
    writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>SNEAK test page</title>");
    writeFileSync(path.join(staticDir, "assets", "app-abc123.js"), "console.log(1)");
    server = await startServer({ config: { port: 0, staticDir }, log: () => {} });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it("serves index.html for /, a share link and the leaderboard page, never cached stale", async () => {
    for (const route of ["/", "/r/ABCD", "/leaderboard", "/leaderboard/"]) {
      const res = await fetch(server.url + route);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("SNEAK test page");
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("lets browsers keep hashed bundles", async () => {
    const res = await fetch(server.url + "/assets/app-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("answers unknown paths with 404 and the health probe with JSON", async () => {
    expect((await fetch(server.url + "/nope")).status).toBe(404);
    // Only the client's own routes fall back to the page: a near miss stays a 404.
    expect((await fetch(server.url + "/leaderboards")).status).toBe(404);
    const health = await fetch(server.url + "/healthz");
    expect(await health.json()).toMatchObject({ ok: true });
  });
});
