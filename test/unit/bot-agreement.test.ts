import { describe, expect, it } from "vitest";
import { botAgreement } from "../../server/benchmark/bot-agreement";
import { loadDataset } from "../../server/dataset/load-dataset";
import { scoredLexicalClues } from "../../server/lexicon/lexical-clue";

const dataset = loadDataset();
const animal = dataset.categories.find((c) => c.category === "animal")!;

describe("bench:bot-sample's agreement with hand-written clues", () => {
  it("counts the bot's first choice, a clue among its other candidates, and neither; and skips unknown rows", () => {
    const [first, second] = scoredLexicalClues({ category: "animal", words: animal.words, secret: "elephant" });
    expect(second).toBeDefined();
    const rows = [
      { category: "animal", secret: "elephant", clue: first.text.toUpperCase(), split: "tune" as const },
      // Spelt with hyphens for spaces: the same clue.
      { category: "animal", secret: "elephant", clue: second.text.replace(/ /g, "-"), split: "tune" as const },
      { category: "animal", secret: "elephant", clue: "qwxz", split: "tune" as const },
      { category: "no such category", secret: "elephant", clue: first.text, split: "tune" as const },
      { category: "animal", secret: "no such word", clue: first.text, split: "tune" as const },
    ];
    expect(botAgreement(rows, dataset)).toEqual({ n: 3, amongCandidates: 2, firstChoice: 1 });
  });

  it("matches a candidate WordNet spells with a hyphen to the same clue written with a space", () => {
    const sport = dataset.categories.find((c) => c.category === "sport")!;
    const hyphenated = scoredLexicalClues({ category: "sport", words: sport.words, secret: "rugby" }).find((c) => c.text.includes("-"));
    expect(hyphenated, "a hyphenated candidate for rugby (goal-kick)").toBeDefined();
    const row = { category: "sport", secret: "rugby", clue: hyphenated!.text.replace(/-/g, " "), split: "tune" as const };
    expect(botAgreement([row], dataset).amongCandidates).toBe(1);
  });
});
