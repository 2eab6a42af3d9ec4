import { describe, expect, it } from "vitest";
import { cleanText, clueViolation, countClueWords, findGridWordIn, lightStems, NO_LETTERS_MESSAGE, normalizeForComparison } from "../../shared/game/clue-validation";

const GRID = ["cat", "ice cream", "sunflower", "bake", "run", "glasses", "café", "猫", "bus", "pony"];

describe("normalizeForComparison", () => {
  it("case-folds, applies NFKC, strips accents, zero-width characters and punctuation", () => {
    expect(normalizeForComparison("  Ice-Cream!! ")).toBe("ice cream");
    expect(normalizeForComparison("ＣＡＦÉ")).toBe("cafe");
    expect(normalizeForComparison("c\u200Ba\u200Dt\uFEFF")).toBe("cat");
    expect(normalizeForComparison("STRASSE")).toBe(normalizeForComparison("Straße"));
    expect(normalizeForComparison("ﬁsh")).toBe("fish");
    expect(normalizeForComparison("...")).toBe("");
  });
});

describe("cleanText", () => {
  it("keeps case and punctuation but removes invisible characters and extra spaces", () => {
    expect(cleanText("  Big \u200B  Red\tDog ")).toBe("Big Red Dog");
  });
});

describe("findGridWordIn", () => {
  const contains: [string, string][] = [
    ["Cats", "cat"],
    ["CAT'S toy", "cat"],
    ["c\u200Bat", "cat"],
    ["ｃａｔ", "cat"],
    ["a cat1", "cat"],
    ["ice-cream", "ice cream"],
    ["icecreams", "ice cream"],
    ["Ice Creams", "ice cream"],
    ["sun flower", "sunflower"],
    ["sun-flowers", "sunflower"],
    ["baking", "bake"],
    ["baked", "bake"],
    ["running", "run"],
    ["glass", "glasses"],
    ["cafe", "café"],
    ["黒猫", "猫"],
    ["buses", "bus"],
    ["ponies", "pony"],
  ];
  it.each(contains)("finds the grid word in %j", (clue, word) => {
    expect(findGridWordIn(clue, GRID)).toBe(word);
  });

  const clean = ["category", "concatenate", "scatter", "icy dessert", "flower", "bakery", "rung", "dog", "pon", "bush"];
  it.each(clean)("finds no grid word in %j (tokens, not substrings)", (clue) => {
    expect(findGridWordIn(clue, GRID)).toBeUndefined();
  });

  it("returns the word as written on the grid", () => {
    expect(findGridWordIn("APPLES", ["Apple"])).toBe("Apple");
  });

  it("answers the same for a frozen grid, whose stems are kept between clues, as for a fresh copy", () => {
    const frozen = Object.freeze([...GRID]);
    for (const pass of [1, 2]) {
      for (const clue of [...contains.map(([c]) => c), ...clean, "ice cold bus", "sun glasses"]) {
        expect(findGridWordIn(clue, frozen), `${clue}, pass ${pass}`).toBe(findGridWordIn(clue, [...GRID]));
      }
    }
    expect(findGridWordIn("ice cold bus", frozen)).toBe("bus");
  });
});

describe("lightStems", () => {
  it("covers plurals, -ing and -ed without shortening words below three letters", () => {
    expect(lightStems("berries")).toContain("berry");
    expect(lightStems("stopped")).toContain("stop");
    expect(lightStems("thing")).toEqual(["thing"]);
    expect(lightStems("glass")).toEqual(["glass"]);
  });
});

describe("clueViolation", () => {
  it("accepts a fine clue", () => {
    expect(clueViolation("purring pet", GRID, 2)).toBeUndefined();
  });
  it("rejects empty clues, also when only invisible characters or punctuation", () => {
    for (const clue of ["", "   ", "\u200B\u200C", "?!"]) expect(clueViolation(clue, GRID, 5)?.code).toBe("clue_empty");
  });
  it("tells a clue of emoji or punctuation alone from an empty one", () => {
    for (const clue of ["", "   ", "\u200B\u200C"]) expect(clueViolation(clue, GRID, 5)?.message).toMatch(/is empty/);
    for (const clue of ["🦁🐯", "🦓 ✨", "?!", "👍🏽"]) {
      const violation = clueViolation(clue, GRID, 5);
      expect(violation?.code).toBe("clue_empty");
      expect(violation?.message).toBe(NO_LETTERS_MESSAGE);
      expect(violation?.message).not.toMatch(/empty/);
    }
    // An emoji beside a word is a clue like any other.
    expect(clueViolation("🦁 mane", GRID, 5)).toBeUndefined();
  });
  it("counts words by whitespace and enforces the limit", () => {
    expect(countClueWords("one two-three  four")).toBe(3);
    expect(clueViolation("purring pet", GRID, 1)?.code).toBe("clue_too_many_words");
    expect(clueViolation("purring pet", GRID, 1)?.message).toMatch(/one word/);
    expect(clueViolation("a b c d e f", GRID, 5)?.code).toBe("clue_too_many_words");
  });
  it("rejects clues longer than the character limit", () => {
    expect(clueViolation("x".repeat(81), GRID, 5)?.code).toBe("clue_too_long");
    expect(clueViolation("x".repeat(80), GRID, 5)).toBeUndefined();
  });
  it("rejects a clue containing a grid word and names the word without saying whether it is the secret", () => {
    const violation = clueViolation("fat cats", GRID, 5);
    expect(violation).toMatchObject({ code: "clue_contains_grid_word", word: "cat" });
    expect(violation?.message).toContain('"cat"');
    expect(violation?.message).not.toMatch(/secret/i);
  });
});
