/**
 * The game log's HTTP endpoints (server/export/router.ts, docs/DATA.md): one game's export and the
 * leaderboard. Every failure comes back as a sentence for the page, never as a thrown error; a server run
 * with SNEAK_DB=off answers 503, which gets its own wording because it is a setting, not a fault.
 */

export type ExportFormat = "jsonl" | "csv";

export type DataFailure = { ok: false; status: number; off: boolean; message: string };
export type DataResult<T> = { ok: true; value: T } | DataFailure;

// Empty in the browser (same origin). Tests running outside a browser point it at a real server.
let apiBase = "";
export function setDataApiBase(base: string): void {
  apiBase = base;
}
export const resolved = (path: string) => (apiBase ? new URL(path, apiBase).href : path);

export const LOG_OFF_MESSAGE = "This server keeps no game log (it runs with SNEAK_DB=off), so there is no game data to download.";

/** `/api/games/CODE/export?game=N[&format=csv]`: one game of this room, revealed rounds only. */
/** One game of a room (`gameNumber`), or every game of it (undefined). */
export function exportPath(code: string, gameNumber: number | undefined, format: ExportFormat): string {
  const query = [...(gameNumber === undefined ? [] : [`game=${gameNumber}`]), ...(format === "csv" ? ["format=csv"] : [])];
  return `/api/games/${encodeURIComponent(code)}/export${query.length > 0 ? `?${query.join("&")}` : ""}`;
}

async function failureOf(res: Response): Promise<DataFailure> {
  if (res.status === 503) return { ok: false, status: 503, off: true, message: LOG_OFF_MESSAGE };
  let reason = `${res.status} ${res.statusText}`.trim();
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === "string") reason = body.error;
  } catch {
    // Not JSON (a proxy's error page): the status line says enough.
  }
  return { ok: false, status: res.status, off: false, message: `The server refused: ${reason}.` };
}

async function fetched(path: string): Promise<Response | DataFailure> {
  try {
    return await fetch(resolved(path), { cache: "no-store" });
  } catch (error) {
    return { ok: false, status: 0, off: false, message: `Could not reach the server (${error instanceof Error ? error.message : String(error)}).` };
  }
}

/** The file name the server gave in Content-Disposition, else a sensible one. */
export function downloadNameOf(disposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? "");
  return m ? m[1] : fallback;
}

/** Fetches one game's export; the caller saves it. */
export async function fetchExport(code: string, gameNumber: number | undefined, format: ExportFormat): Promise<DataResult<{ blob: Blob; filename: string }>> {
  const res = await fetched(exportPath(code, gameNumber, format));
  if (!(res instanceof Response)) return res;
  if (!res.ok) return failureOf(res);
  const blob = await res.blob();
  return { ok: true, value: { blob, filename: downloadNameOf(res.headers.get("content-disposition"), `sneak-${code}${gameNumber === undefined ? "" : `-game${gameNumber}`}.${format}`) } };
}

/** GET /api/leaderboard as raw JSON; the model module validates it. */
export async function fetchLeaderboardJson(): Promise<DataResult<unknown>> {
  const res = await fetched("/api/leaderboard");
  if (!(res instanceof Response)) return res;
  if (!res.ok) return failureOf(res);
  try {
    return { ok: true, value: (await res.json()) as unknown };
  } catch {
    return { ok: false, status: res.status, off: false, message: "The server sent a leaderboard that is not JSON." };
  }
}

/** Hands a fetched file to the browser's downloads, as a link with `download` would. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by now; free the memory a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
