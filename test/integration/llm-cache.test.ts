import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cacheKey, ResponseCache } from "../../server/llm/cache";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-llm-cache-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const entry = (key: string, text: string) => ({ key, model: "m", baseURL: "http://x/v1", request: { n: 1 }, responseText: text, savedAt: "2026-01-01T00:00:00Z" });

describe("ResponseCache", () => {
  it("survives many concurrent writers of the same key: one whole entry, no temp files left", async () => {
    const key = cacheKey("m", "http://x/v1", { n: 1 });
    const writers = Array.from({ length: 4 }, () => new ResponseCache(dir));
    await Promise.all(Array.from({ length: 40 }, (_, i) => writers[i % 4].put(entry(key, `{"reply":${i},"pad":"${"x".repeat(5000)}"}`))));
    const folder = join(dir, key.slice(0, 2));
    expect(readdirSync(folder)).toEqual([`${key}.json`]);
    const stored = JSON.parse(readFileSync(join(folder, `${key}.json`), "utf8")) as { responseText: string };
    expect(JSON.parse(stored.responseText).pad).toHaveLength(5000);
    expect((await new ResponseCache(dir).get(key))?.responseText).toBe(stored.responseText);
  });

  it("treats a missing, torn or foreign file as a miss", async () => {
    const cache = new ResponseCache(dir);
    const key = cacheKey("m", "http://x/v1", { n: 2 });
    expect(await cache.get(key)).toBeNull();
    mkdirSync(join(dir, key.slice(0, 2)), { recursive: true });
    writeFileSync(join(dir, key.slice(0, 2), `${key}.json`), '{"key": "');
    expect(await cache.get(key)).toBeNull();
    writeFileSync(join(dir, key.slice(0, 2), `${key}.json`), JSON.stringify(entry("another-key", "{}")));
    expect(await cache.get(key)).toBeNull();
  });
});
