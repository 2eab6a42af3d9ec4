/**
 * A content-addressed response cache on disk: the key is sha256(model, endpoint, exact request
 * body), the value the raw response text. Writes go to a temp file and are renamed into place,
 * so concurrent writers (two runs sharing a cache) never leave a torn file.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile, unlink } from "node:fs/promises";
import { join } from "node:path";

export interface CachedResponse {
  key: string;
  model: string;
  baseURL: string;
  request: unknown;
  /** The response body exactly as the server sent it. */
  responseText: string;
  savedAt: string;
}

/** The key ignores the order of object fields, so rearranging how a body is built keeps old entries valid. */
export function cacheKey(model: string, baseURL: string, body: unknown): string {
  return createHash("sha256").update(canonicalJson([model, baseURL, body])).digest("hex");
}

/** JSON with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export class ResponseCache {
  /** Subfolders known to exist, so a put costs one write and one rename. */
  private readonly made = new Set<string>();

  constructor(readonly dir: string) {}

  private pathOf(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get(key: string): Promise<CachedResponse | null> {
    let text: string;
    try {
      text = await readFile(this.pathOf(key), "utf8");
    } catch {
      return null;
    }
    try {
      const entry = JSON.parse(text) as CachedResponse;
      return entry.key === key && typeof entry.responseText === "string" ? entry : null;
    } catch {
      return null; // a file from a crashed writer of an older version: treat as absent
    }
  }

  async put(entry: CachedResponse): Promise<void> {
    const path = this.pathOf(entry.key);
    const folder = join(this.dir, entry.key.slice(0, 2));
    if (!this.made.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.made.add(folder);
    }
    const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temp, JSON.stringify(entry));
    try {
      await rename(temp, path);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}
