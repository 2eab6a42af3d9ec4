import { describe, expect, it } from "vitest";
import { BoundedCache } from "../../server/lexicon/bounded-cache";

describe("BoundedCache", () => {
  it("forgets its oldest entry once full, and never grows past its capacity", () => {
    const cache = new BoundedCache<string, number>(3);
    for (const [i, key] of ["a", "b", "c", "d", "e"].entries()) cache.set(key, i);
    expect([...cache.keys()]).toEqual(["c", "d", "e"]);
    // Updating a key it holds evicts nothing.
    cache.set("d", 40);
    expect([...cache.entries()]).toEqual([["c", 2], ["d", 40], ["e", 4]]);
    for (let i = 0; i < 1000; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
    expect(cache.get("k999")).toBe(999);
  });
});
