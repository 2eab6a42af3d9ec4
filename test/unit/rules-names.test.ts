import { describe, expect, it } from "vitest";
import { cleanName, nameKey, nameProblem, sameName } from "../../shared/game/names";
import { hasControlCharacters } from "../../shared/game/control-characters";
import { cleanText } from "../../shared/game/clue-validation";
import { Table } from "../support/rules-fixtures";

describe("names", () => {
  it("refuses control characters with a message that says so, and names with nothing to read", () => {
    expect(nameProblem("\x00\x01")).toMatch(/control characters/);
    expect(nameProblem("\x1b[31mRED")).toMatch(/control characters/);
    expect(nameProblem("Bell\x07")).toMatch(/control characters/);
    expect(nameProblem("C1\u0085name")).toMatch(/control characters/);
    expect(nameProblem("!!!")).toMatch(/letter or digit/);
    expect(nameProblem("x".repeat(25))).toMatch(/1 to 24/);
    // Tabs and line breaks are only whitespace.
    expect(nameProblem("Ada\tLovelace")).toBeUndefined();
    expect(cleanName(" Ada\t\nLovelace ")).toBe("Ada Lovelace");
  });

  it("takes look-alike letters of other scripts, fullwidth letters, case and accents for the same name", () => {
    expect(sameName("\u0410da", "Ada")).toBe(true); // Cyrillic А
    expect(sameName("\u0391d\u03b1", "Ada")).toBe(true); // Greek Α and α
    expect(sameName("\uff21\uff44\uff41", "Ada")).toBe(true); // fullwidth
    expect(sameName("ADA", "ada")).toBe(true);
    expect(sameName("Adá", "Ada")).toBe(true);
    expect(sameName("\u0421\u0435\u0440", "Cep")).toBe(true); // all-Cyrillic "Сер"
    // Digits and strokes drawn like letters, as Unicode's skeleton maps them, without losing case-insensitivity.
    expect(sameName("AIex", "Alex")).toBe(true);
    expect(sameName("B0b", "Bob")).toBe(true);
    expect(sameName("Ian", "ian")).toBe(true);
    // Different names stay different.
    expect(sameName("Ada", "Adam")).toBe(false);
    expect(sameName("Mia", "Mla")).toBe(false);
    expect(sameName("Bot 2", "Bot 3")).toBe(false);
    expect(nameKey("Ada!")).toBe("ada");
    // Spaces, punctuation and symbols inside a name do not make another name.
    for (const spoof of ["A.da", "A-da", "A_da", "A da", "A·da", "Ad'a"]) expect(sameName(spoof, "Ada"), spoof).toBe(true);
    expect(sameName("Mary-Ann", "Mary Ann")).toBe(true);
  });

  it("at the table: a look-alike of a seated name is taken, with a message naming whom it looks like", () => {
    const table = new Table(); // hosted by "Ada"
    const refused = table.try({ type: "join", playerId: "x", name: "\u0410da" });
    expect(refused).toMatchObject({ ok: false, code: "name_taken" });
    expect(refused.ok ? "" : refused.message).toContain('looks too much like "Ada"');
    expect(table.try({ type: "join", playerId: "y", name: "\x00\x01" })).toMatchObject({ ok: false, code: "invalid_name", message: expect.stringMatching(/control characters/) });
  });
});

describe("control characters in clues and chat", () => {
  it("refuses them with their own rule code; stored text never holds one", () => {
    expect(hasControlCharacters("\x1b[31mRED")).toBe(true);
    expect(hasControlCharacters("two\nlines\tand tabs")).toBe(false);
    expect(cleanText("a\x00b\x1bc\nd")).toBe("abc d");
  });
});
