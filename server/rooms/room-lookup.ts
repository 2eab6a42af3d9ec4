import express from "express";
import { canSitDown } from "../../shared/game/table";
import type { GameState } from "../../shared/game/types";
import { ROOM_CODE_FORMAT } from "../../shared/protocol";

/** What `GET /api/rooms/:code` tells anyone who has a link: the room exists, and how they can join it now. Nothing else. */
export interface RoomLookup {
  code: string;
  /** A newcomer can take a seat now (no round in play, a free seat). */
  seatOpen: boolean;
  /** A newcomer can watch (the room has a table). */
  watchable: boolean;
}

export function roomLookupOf(code: string, state: GameState | null): RoomLookup {
  return { code, seatOpen: state === null || canSitDown(state) === undefined, watchable: state !== null };
}

/**
 * `GET /api/rooms/:code`: 200 with a `RoomLookup`, 404 when no such room is open, 400 for something that
 * cannot be a room code (not four letters: as `room:join` answers BAD_PAYLOAD for it, and ROOM_NOT_FOUND for
 * four letters no room has, including letters codes are never dealt from). Lets a share link say "no such room" before anyone types a name. Rate-limited with
 * the rest of `/api` (server/app-http.ts); never cached, since a room can close at any moment.
 */
export function roomLookupRouter(
  rooms: { get(code: string): { serverState: GameState | null; isDisposed: boolean } | undefined },
  /** With several game processes: whether another process holds the room (docs/DEPLOY.md). */
  elsewhere?: (code: string) => Promise<boolean>,
): express.Router {
  const router = express.Router();
  router.get("/api/rooms/:code", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const raw = String(req.params.code).trim();
    if (!ROOM_CODE_FORMAT.test(raw)) return void res.status(400).json({ error: "code: a room code is four letters" });
    const code = raw.toUpperCase();
    const room = rooms.get(code);
    if (room && !room.isDisposed) return void res.json(roomLookupOf(code, room.serverState));
    if (!elsewhere) return void res.status(404).json({ error: `no room ${code}` });
    try {
      // The owner knows whether a seat is open; the join it sends the player to says so if not.
      if (await elsewhere(code)) return void res.json({ code, seatOpen: true, watchable: true } satisfies RoomLookup);
      res.status(404).json({ error: `no room ${code}` });
    } catch (error) {
      res.status(503).json({ error: error instanceof Error ? error.message : "the room directory is not answering" });
    }
  });
  return router;
}
