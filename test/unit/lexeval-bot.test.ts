import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { bestLexicalClue, guessSecret, plausibleChameleonClue, rankSuspects, scoredLexicalClues } from "../../server/lexicon/lexical-clue";
import { seededRng } from "../../shared/random";
import { findGridWordIn } from "../../shared/game/clue-validation";

const dataset = loadDataset();
const entry = (category: string) => dataset.categories.find((c) => c.category === category)!;
const animal = entry("animal");

describe("the lexical bot", () => {
  it("gives an informed clue that is legal, points at the secret, and respects avoid", () => {
    const clue = bestLexicalClue({ category: "animal", words: animal.words, secret: "elephant" });
    expect(findGridWordIn(clue, animal.words)).toBeUndefined();
    expect(guessSecret({ category: "animal", words: animal.words, clues: [clue] })).toBe("elephant");
    const other = bestLexicalClue({ category: "animal", words: animal.words, secret: "elephant", avoid: [clue] });
    expect(other).not.toBe(clue);
    expect(findGridWordIn(other, animal.words)).toBeUndefined();
  });

  it("does not offer a participle lifted from a definition as a clue, but keeps adjectives and nouns of that form", () => {
    const texts = (category: string, secret: string) => scoredLexicalClues({ category, words: entry(category).words, secret }).map((c) => c.text);
    // "feeling or showing anger": "showing" alone reads as a fragment of the definition.
    const angry = texts("negative personal quality", "angry");
    expect(angry).not.toContain("showing");
    expect(angry).toContain("fury");
    expect(texts("positive emotion", "happy")).not.toContain("disposed");
    expect(texts("tool", "saw")).not.toContain("cutting");
    // An adjective made from a noun ("winged") is not a participle of a common verb.
    expect(texts("stinging insect", "mosquito")).toContain("winged");
  });

  it("ranks its candidates by expected SoftScore, with decoys or without", () => {
    for (const decoys of [undefined, animal.decoys.slice(0, 5)]) {
      const scored = scoredLexicalClues({ category: "animal", words: animal.words, secret: "tiger", decoys });
      expect(scored.length).toBeGreaterThan(3);
      for (let i = 1; i < scored.length; i++) expect(scored[i - 1].softScore).toBeGreaterThanOrEqual(scored[i].softScore);
      for (const c of scored) {
        expect(c.softScore).toBeGreaterThanOrEqual(0);
        expect(c.softScore).toBeLessThanOrEqual(1);
      }
    }
  });

  it("guesses the word the clues point at", () => {
    expect(guessSecret({ category: "animal", words: animal.words, clues: ["mane", "roar"] })).toBe("lion");
    expect(guessSecret({ category: "animal", words: animal.words, clues: ["big cat", "stripes"] })).toBe("tiger");
    // No clue: the first word, deterministically.
    expect(guessSecret({ category: "animal", words: animal.words, clues: [] })).toBe(animal.words[0]);
  });

  it("as an informed voter, suspects the clue that fits the secret worst", () => {
    const clues = [
      { playerId: "a", clue: "mane" },
      { playerId: "b", clue: "roar" },
      { playerId: "c", clue: "mammal" },
      { playerId: "d", clue: "big cat" },
    ];
    const ranked = rankSuspects({ category: "animal", words: animal.words, secret: "lion", clues, self: "a" });
    expect(ranked.map((s) => s.playerId)).not.toContain("a");
    expect(ranked[0].playerId).toBe("c");
    expect(ranked).toHaveLength(3);
  });

  it("as the chameleon, votes for whoever fits the others' consensus least", () => {
    const clues = [
      { playerId: "me", clue: "whiskers" },
      { playerId: "a", clue: "mane" },
      { playerId: "b", clue: "roar" },
      { playerId: "c", clue: "wool" },
    ];
    const ranked = rankSuspects({ category: "animal", words: animal.words, clues, self: "me" });
    expect(ranked[0].playerId).toBe("c");
  });

  it("as the chameleon, says something legal that fits the clues so far, reproducibly", () => {
    const request = { category: "animal", words: animal.words, earlierClues: ["mane", "roar"] };
    const a = plausibleChameleonClue(request, seededRng(5));
    expect(plausibleChameleonClue(request, seededRng(5))).toBe(a);
    expect(findGridWordIn(a, animal.words)).toBeUndefined();
    expect(["mane", "roar"]).not.toContain(a);
    expect(guessSecret({ category: "animal", words: animal.words, clues: [a] })).toBe("lion");
    const b = plausibleChameleonClue({ ...request, avoid: [a] }, seededRng(5));
    expect(b).not.toBe(a);
    expect(findGridWordIn(b, animal.words)).toBeUndefined();
    for (let seed = 0; seed < 10; seed++) {
      const first = plausibleChameleonClue({ category: "animal", words: animal.words, earlierClues: [] }, seededRng(seed));
      expect(findGridWordIn(first, animal.words)).toBeUndefined();
    }
  });
});

describe("isUsableClue", () => {
  it("accepts plain short clues and refuses grid words, the category, symbols and long phrases", async () => {
    const { isUsableClue } = await import("../../server/lexicon/clue-candidates");
    expect(isUsableClue("mane", "animal", animal.words)).toBe(true);
    expect(isUsableClue("long neck", "animal", animal.words)).toBe(true);
    expect(isUsableClue("big cat", "animal", animal.words)).toBe(false);
    expect(isUsableClue("lions", "animal", animal.words)).toBe(false);
    expect(isUsableClue("animal", "animal", animal.words)).toBe(false);
    expect(isUsableClue("lb", "animal", animal.words)).toBe(false);
    expect(isUsableClue("one two three four", "animal", animal.words)).toBe(false);
    expect(isUsableClue("mane", "animal", animal.words, ["Mane"])).toBe(false);
  });
});
