import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/benchmark/options";
import { botClues, compareVerdicts, DEFAULT_SAMPLE_SEED, DEFAULT_SAMPLE_SIZE, evokingCounts, readVerdicts, sampleClues, sourceCounts, type BotClue } from "../../server/benchmark/bot-sample";
import { loadDataset } from "../../server/dataset/load-dataset";
import { instancesOf } from "../../shared/sneak/dataset";
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

  it("docs/BOT-SAMPLE.md judges the clues the bot gives today, and its headline counts those verdicts", async () => {
    // Which instances are drawn depends only on their order, not on the clues: draw them, then ask the bot for those alone.
    const drawn = sampleClues(
      instancesOf(loadDataset()).map((instance) => ({ instance, clue: "", source: "" })),
      DEFAULT_SAMPLE_SEED,
      DEFAULT_SAMPLE_SIZE,
    );
    const current = await botClues(drawn.map((c) => c.instance));
    const doc = readFileSync(`${REPO_ROOT}/docs/BOT-SAMPLE.md`, "utf8");
    const verdicts = readVerdicts(doc);
    expect(verdicts.size).toBe(DEFAULT_SAMPLE_SIZE);
    const { mismatches, plausible } = compareVerdicts(current, verdicts);
    expect(mismatches).toEqual([]);
    expect([...verdicts.values()].every((v) => v.verdict === "yes" || v.verdict === "no")).toBe(true);
    expect(doc).toContain(`**${plausible} of ${DEFAULT_SAMPLE_SIZE} plausible**`);
  }, 120_000);
});
