import { describe, expect, it } from "vitest";
import { sampleClues, sourceCounts, type BotClue } from "../../server/benchmark/bot-sample";
import type { Instance } from "../../shared/sneak/types";

const clue = (id: string, source: string): BotClue => ({ instance: { id } as Instance, clue: id, source });

describe("bench:bot-sample", () => {
  it("counts clues by source, WordNet's pointer symbols together as relations, most first", () => {
    const clues = [clue("a", "@"), clue("b", "%p"), clue("c", "definition"), clue("d", "~"), clue("e", "fallback"), clue("f", "definition")];
    expect([...sourceCounts(clues)]).toEqual([
      ["relation", 3],
      ["definition", 2],
      ["fallback", 1],
    ]);
  });

  it("draws the same sample for the same seed, and another for another seed", () => {
    const clues = Array.from({ length: 50 }, (_, i) => clue(`i${i}`, "@"));
    const ids = (seed: string) => sampleClues(clues, seed, 10).map((c) => c.instance.id);
    expect(ids("bot-sample")).toEqual(ids("bot-sample"));
    expect(ids("bot-sample")).not.toEqual(ids("other"));
    expect(new Set(ids("bot-sample")).size).toBe(10);
  });
});
