import { resolved } from "./data-api";

/**
 * `GET /api/rooms/CODE` (server/rooms/room-lookup.ts): does a share link's room exist, and can a newcomer sit
 * down now? "unknown" when the server could not say (offline, rate-limited, an old server): the page then
 * offers the join form as before, and the join itself reports any problem.
 */
export type RoomLookupResult = { kind: "open"; seatOpen: boolean; watchable: boolean } | { kind: "missing" } | { kind: "unknown" };

export async function lookUpRoom(code: string, signal?: AbortSignal): Promise<RoomLookupResult> {
  try {
    const res = await fetch(resolved(`/api/rooms/${encodeURIComponent(code)}`), { cache: "no-store", signal });
    // 400: the link's code cannot be a room code (a letter no code uses), so there is no such room either.
    if (res.status === 404 || res.status === 400) return { kind: "missing" };
    if (!res.ok) return { kind: "unknown" };
    const body = (await res.json()) as { seatOpen?: unknown; watchable?: unknown };
    if (typeof body.seatOpen !== "boolean" || typeof body.watchable !== "boolean") return { kind: "unknown" };
    return { kind: "open", seatOpen: body.seatOpen, watchable: body.watchable };
  } catch {
    return { kind: "unknown" };
  }
}
