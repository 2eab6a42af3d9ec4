import express from "express";
import { existsSync } from "node:fs";
import path from "node:path";
import type { AddressLimits, TimedRefusal } from "./rooms/address-limits";
import { errorAnswer, notFound } from "./http-errors";

/** The HTTP limit per address: this process's table, or the one shared by the cluster through Redis. */
type HttpLimits = Pick<AddressLimits, "addressOf" | "admitHttpRequest"> | { local: AddressLimits; admitHttpRequest(address: string): Promise<TimedRefusal | null> };

/**
 * The HTTP side: the built client from `staticDir`, the SPA fallback for share links (/r/CODE), a health
 * probe, and a placeholder page when the client has not been built yet. Every error answer is JSON (http-errors.ts). `limits` rate-limits the API
 * (`/api/…`: exports and the leaderboard read the whole game log) per client address.
 */
export function createHttpApp(
  staticDir: string,
  stats: () => { rooms: number; cluster?: object },
  routers: readonly express.RequestHandler[] = [],
  limits?: HttpLimits,
  log: (line: string) => void = (line) => console.error(line),
): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.get("/healthz", (_req, res) => {
    res.json({ ok: true, ...stats() });
  });
  if (limits) {
    const addressOf = "local" in limits ? (req: express.Request) => limits.local.addressOf(req) : (req: express.Request) => limits.addressOf(req);
    app.use("/api", async (req, res, next) => {
      // The studies' participants answer an item every few seconds: their requests have a bucket of their own (server/studies/router.ts).
      if (req.path.startsWith("/studies")) return next();
      const refusal = await limits.admitHttpRequest(addressOf(req));
      if (!refusal) return next();
      res.setHeader("Retry-After", String(refusal.retryAfterSeconds));
      res.status(429).json({ error: refusal.message });
    });
  }
  // Extra endpoints (the game log's exports and leaderboard: server/export/router.ts), before the SPA and the 404.
  for (const router of routers) app.use(router);
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, "index.html");
  if (existsSync(indexFile)) {
    // Hashed bundles never change; index.html must be revalidated or a rebuild leaves browsers on deleted assets.
    app.use(
      express.static(root, {
        index: "index.html",
        setHeaders(res, filePath) {
          res.setHeader("Cache-Control", filePath.endsWith(".html") ? "no-cache" : "public, max-age=31536000, immutable");
        },
      }),
    );
    // Share links and any client route land on the SPA; the client reads the route from the path.
    app.get(["/r/:code", "/r/:code/", "/research", "/research/", "/leaderboard", "/leaderboard/"], (_req, res) => res.sendFile(indexFile, { headers: { "Cache-Control": "no-cache" } }));
    // The human studies' pages are a page of their own (client/study.html): a participant's phone loads no game.
    const studyFile = path.join(root, "study.html");
    app.get(["/s/:id", "/s/:id/", "/studies", "/studies/", "/studies/:id", "/studies/:id/"], (_req, res) => res.sendFile(studyFile, { headers: { "Cache-Control": "no-cache" } }));
  } else {
    app.get(["/", "/r/:code", "/research", "/leaderboard"], (_req, res) => {
      res.type("html").send(PLACEHOLDER_PAGE);
    });
  }
  app.use(notFound());
  app.use(errorAnswer(log));
  return app;
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SNEAK</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>SNEAK game server</h1>
<p>The server is running, but the browser client has not been built (no <code>dist/index.html</code>).
Run <code>npm start</code> (it builds the client first) or <code>npm run build</code>.</p>
<p>Programs can already play over socket.io: see <code>docs/PROTOCOL.md</code>.</p>
</body></html>`;
