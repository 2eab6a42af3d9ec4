import express from "express";
import type { LogReader } from "../store/log-store";
import { exportChunks } from "./export-writer";
import { CONTENT_TYPES, ExportQuerySchema, LOG_ID, firstIssue, type ExportFormat } from "./export-query";
import { exportLinesOf, selectedLogs, type ExportFilter } from "./export-lines";
import { leaderboardFrom } from "./leaderboard";

/**
 * The research endpoints, mounted by the game server with `app.use(dataRouter(store))`:
 * - GET /api/games/:id/export[?game=N&format=jsonl|csv]  one room's games; :id is the room code (its latest
 *   log) or a log id; ?game=N keeps one game of it (404 when unknown)
 * - GET /api/export[?since=DATE&format=jsonl|csv]         every game
 * - GET /api/leaderboard                            humans versus models (JSON)
 * Only revealed rounds are ever exported. Without a game log (SNEAK_DB=off) they answer 503. On Postgres they
 * read every process's games.
 */
export function dataRouter(store: LogReader | null): express.Router {
  const router = express.Router();
  const noStore = (res: express.Response) => res.status(503).json({ error: "this server keeps no game log (SNEAK_DB=off)" });

  router.get("/api/games/:id/export", guarded(async (req, res) => {
    if (!store) return void noStore(res);
    const id = String(req.params.id);
    const query = ExportQuerySchema.safeParse(req.query);
    if (!LOG_ID.test(id)) return void res.status(400).json({ error: "id: must be a room code or a log id (letters, digits, - and _)" });
    if (!query.success) return void res.status(400).json({ error: firstIssue(query.error) });
    const [logId] = await selectedLogs(store, { logId: id });
    if (logId === undefined) return void res.status(404).json({ error: `no game log for ${id}` });
    const game = query.data.game;
    await send(res, store, { logId, gameNumber: game }, query.data.format ?? "jsonl", game === undefined ? `sneak-${logId}` : `sneak-${logId}-game${game}`);
  }));

  router.get("/api/export", guarded(async (req, res) => {
    if (!store) return void noStore(res);
    const query = ExportQuerySchema.safeParse(req.query);
    if (!query.success) return void res.status(400).json({ error: firstIssue(query.error) });
    await send(res, store, { since: query.data.since }, query.data.format ?? "jsonl", "sneak-games");
  }));

  // The leaderboard reads every game: computed again only when something new was logged.
  let cached: { lastEventId: number; body: string } | null = null;
  router.get("/api/leaderboard", guarded(async (_req, res) => {
    if (!store) return void noStore(res);
    const lastEventId = await store.lastEventId();
    if (cached?.lastEventId !== lastEventId) cached = { lastEventId, body: JSON.stringify(leaderboardFrom(await exportLinesOf(store))) };
    res.type("application/json").setHeader("Cache-Control", "no-store").send(cached.body);
  }));

  return router;
}

/** A log that cannot be read (Postgres down) answers 503 with one line, never a stack trace. */
function guarded(handler: (req: express.Request, res: express.Response) => Promise<void>): express.RequestHandler {
  return (req, res) => {
    handler(req, res).catch((error: unknown) => {
      console.error(`game log read failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.status(503).json({ error: "the game log cannot be read right now; try again later" });
      else res.destroy();
    });
  };
}

async function send(res: express.Response, store: LogReader, filter: ExportFilter, format: ExportFormat, name: string): Promise<void> {
  res.status(200);
  res.setHeader("Content-Type", CONTENT_TYPES[format]);
  res.setHeader("Content-Disposition", `attachment; filename="${name}.${format}"`);
  res.setHeader("Cache-Control", "no-store");
  try {
    for await (const chunk of exportChunks(store, filter, format)) res.write(chunk);
  } catch (error) {
    // Headers are gone: all we can do is cut the stream so the client sees a truncated download, not a valid file.
    console.error(`export failed: ${error instanceof Error ? error.message : String(error)}`);
    res.destroy();
    return;
  }
  res.end();
}
