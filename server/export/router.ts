import express from "express";
import type { GameStore } from "../store/game-store";
import { exportChunks } from "./export-writer";
import { CONTENT_TYPES, ExportQuerySchema, GAME_ID, firstIssue, type ExportFormat } from "./export-query";
import { exportLines } from "./export-lines";
import { leaderboardFrom } from "./leaderboard";

/**
 * The research endpoints, mounted by the game server with `app.use(dataRouter(store))`:
 * - GET /api/games/:id/export[?format=jsonl|csv]    one game (404 when unknown)
 * - GET /api/export[?since=DATE&format=jsonl|csv]   every game
 * - GET /api/leaderboard                            humans versus models (JSON)
 * Only revealed rounds are ever exported. Without a game log (SNEAK_DB=off) they answer 503.
 */
export function dataRouter(store: GameStore | null): express.Router {
  const router = express.Router();
  const noStore = (res: express.Response) => res.status(503).json({ error: "this server keeps no game log (SNEAK_DB=off)" });

  router.get("/api/games/:id/export", (req, res) => {
    if (!store) return void noStore(res);
    const id = String(req.params.id);
    const query = ExportQuerySchema.safeParse(req.query);
    if (!GAME_ID.test(id)) return void res.status(400).json({ error: "id: must be a game id (letters, digits, - and _)" });
    if (!query.success) return void res.status(400).json({ error: firstIssue(query.error) });
    if (store.games({ gameId: id }).length === 0) return void res.status(404).json({ error: `no game ${id}` });
    send(res, store, { gameId: id }, query.data.format ?? "jsonl", `sneak-${id}`);
  });

  router.get("/api/export", (req, res) => {
    if (!store) return void noStore(res);
    const query = ExportQuerySchema.safeParse(req.query);
    if (!query.success) return void res.status(400).json({ error: firstIssue(query.error) });
    send(res, store, { since: query.data.since, gameId: query.data.game }, query.data.format ?? "jsonl", "sneak-games");
  });

  router.get("/api/leaderboard", (_req, res) => {
    if (!store) return void noStore(res);
    res.json(leaderboardFrom(exportLines(store)));
  });

  return router;
}

function send(res: express.Response, store: GameStore, filter: { gameId?: string; since?: number }, format: ExportFormat, name: string): void {
  res.status(200);
  res.setHeader("Content-Type", CONTENT_TYPES[format]);
  res.setHeader("Content-Disposition", `attachment; filename="${name}.${format}"`);
  res.setHeader("Cache-Control", "no-store");
  try {
    for (const chunk of exportChunks(store, filter, format)) res.write(chunk);
  } catch (error) {
    // Headers are gone: all we can do is cut the stream so the client sees a truncated download, not a valid file.
    console.error(`export failed: ${error instanceof Error ? error.message : String(error)}`);
    res.destroy();
    return;
  }
  res.end();
}
