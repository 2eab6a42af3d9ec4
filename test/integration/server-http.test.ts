import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { startServer, type RunningServer } from "../../server/app";
import { dataRouter } from "../../server/export/router";

describe("HTTP: the built client, share links and caching", () => {
  let server: RunningServer;
  let staticDir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), "sneak-static-"));
    mkdirSync(path.join(staticDir, "assets"));
    writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>SNEAK test page</title>");
    writeFileSync(path.join(staticDir, "assets", "app-abc123.js"), "console.log(1)");
    // A route that fails as a bug would, to see what a 500 tells the client and the operator.
    const failing = express.Router().get("/api/fails", () => {
      throw new Error("a bug in /srv/sneak/secret/path.ts");
    });
    server = await startServer({ config: { port: 0, staticDir }, routers: [dataRouter(null), failing], log: (line) => logged.push(line) });
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

  it("answers every error as the documented JSON, with no stack and no server path", async () => {
    const cases: [string, number][] = [
      ["/api/rooms/%E0%A4%A", 400],
      ["/api/games/%E0%A4%A/export", 400],
      ["/r/%E0%A4%A", 400],
      ["/s/%E0%A4%A", 400],
      ["/%E0%A4%A", 404],
      ["/api/nothing", 404],
      ["/api/fails", 500],
    ];
    for (const [route, status] of cases) {
      const res = await fetch(server.url + route);
      expect(res.status, route).toBe(status);
      expect(res.headers.get("content-type"), route).toMatch(/^application\/json/);
      const body = await res.text();
      expect(Object.keys(JSON.parse(body)), route).toEqual(["error"]);
      expect(body, route).not.toMatch(/URIError|\bat \w|node_modules|\/srv\/|\.ts\b/);
      expect(body, route).not.toContain(process.cwd());
    }
    expect(JSON.parse(await (await fetch(server.url + "/r/%E0%A4%A")).text()).error).toMatch(/malformed percent-encoding/);
    // The operator's log has the failure with its stack; a client's bad address is not worth a line.
    expect(logged.filter((line) => line.includes("a bug in /srv/sneak/secret/path.ts"))).toHaveLength(1);
    expect(logged.join("\n")).not.toContain("URIError");
  });
});
