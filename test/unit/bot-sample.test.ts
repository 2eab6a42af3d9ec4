import { describe, expect, it } from "vitest";
import { evokingCounts, sampleClues, sourceCounts, type BotClue } from "../../server/benchmark/bot-sample";
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

  it("splits clues by what people asked them answered: the secret, never the secret, or not asked", () => {
    const asked = (secret: string, text: string): BotClue => ({ instance: { id: secret, secret } as Instance, clue: text, source: "association" });
    // Asked "rash", people answered measles; asked "house", never pentagon; "five sides" was never asked.
    expect(evokingCounts([asked("measles", "rash"), asked("pentagon", "house"), asked("pentagon", "five sides"), asked("fingers", "paw")])).toEqual({ evoking: 1, notEvoking: 2, notAsked: 1 });
  });

  it("draws the same sample for the same seed, and another for another seed", () => {
    const clues = Array.from({ length: 50 }, (_, i) => clue(`i${i}`, "@"));
    const ids = (seed: string) => sampleClues(clues, seed, 10).map((c) => c.instance.id);
    expect(ids("bot-sample")).toEqual(ids("bot-sample"));
    expect(ids("bot-sample")).not.toEqual(ids("other"));
    expect(new Set(ids("bot-sample")).size).toBe(10);
  });
});
