import { describe, expect, it } from "vitest";
import { cleanText, clueViolation, countClueWords, findGridWordIn, gridsCachedByContent, lightStems, MAX_GRIDS_BY_CONTENT, NO_LETTERS_MESSAGE, normalizeForComparison } from "../../shared/game/clue-validation";
import { applyAction, createGame, currentRound } from "../../shared/game/rules";
import type { TopicCard } from "../../shared/game/types";
import { isAffixedForm, isCompoundWith } from "../../shared/game/word-forms";
import { seededRng } from "../../shared/random";

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

  const clean = ["category", "concatenate", "scatter", "icy dessert", "flower", "bakers", "rung", "dog", "pon", "bush"];
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

  it("keeps two custom grids apart whose words run together the same way", () => {
    // Custom cards are mutable arrays, cached by their words' content: "rain", "bow", "tie" and "rainbow",
    // "tie" make the same letters end to end, and must still be two grids.
    const rest = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];
    expect(findGridWordIn("tie", ["rain", "bow", "tie", ...rest])).toBe("tie");
    expect(findGridWordIn("bow", ["rain", "bow", "tie", ...rest])).toBe("bow");
    expect(findGridWordIn("tie", ["rainbow", "tie", ...rest])).toBe("tie");
    expect(findGridWordIn("bow", ["rainbow", "tie", ...rest])).toBeUndefined();
  });

  it("caches a bounded number of custom grids, and still answers right once it has let some go", () => {
    const before = gridsCachedByContent();
    findGridWordIn("x", ["first", "grid", "cached", "here"]);
    findGridWordIn("x", ["second", "grid", "cached", "here"]);
    expect(gridsCachedByContent()).toBe(Math.min(before + 2, MAX_GRIDS_BY_CONTENT));
    let most = 0;
    for (let i = 0; i <= MAX_GRIDS_BY_CONTENT; i++) {
      findGridWordIn("x", [`word${i}`, "filler"]);
      most = Math.max(most, gridsCachedByContent());
    }
    expect(most).toBe(MAX_GRIDS_BY_CONTENT);
    expect(gridsCachedByContent()).toBeGreaterThan(0);
    expect(findGridWordIn("seconds", ["second", "grid", "cached", "here"])).toBe("second");
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

describe("forms of grid words (word-forms.ts)", () => {
  // [clue, grid word it is a form of]
  const refused: [string, string][] = [
    ["clawhammer", "hammer"], // compound
    ["Clawhammers!", "hammer"],
    ["foursquare", "square"],
    ["raincoat", "rain"],
    ["bookcase", "book"],
    ["catfish", "cat"],
    ["seaside", "sea"],
    ["icebreaker", "ice"], // a compound with a common word that has suffixes (break + -er)
    ["beekeeper", "bee"],
    ["sledgehammer", "hammer"], // a word of 6+ letters at a token's end or start, beside any other 3+ letters
    ["jackhammer", "hammer"],
    ["salmonella", "salmon"],
    ["carbonate", "carbon"],
    ["midafternoon", "afternoon"], // prefixes
    ["a midafternoon snack", "afternoon"],
    ["superneurology", "neurology"],
    ["unfriendly", "friendly"],
    ["unfriendliness", "friend"],
    ["helpfulness", "helpful"], // suffixes, chained and respelled
    ["fortnightly", "fortnight"],
    ["booklet", "book"],
    ["silky", "silk"],
    ["hilly", "hill"],
    ["snobbish", "snob"],
    ["cloudy", "cloud"],
    ["afternoon tea", "noon"],
    ["bakery", "bake"],
    ["drummer", "drum"], // after a doubled final consonant, even a 4-letter word's short suffix counts
    ["oceanography", "ocean"], // learned suffixes
    ["musicology", "music"],
    ["pianist", "piano"], // a final o dropped before -ist or -ic
    ["volcanic", "volcano"],
    ["happiness", "happy"],
    ["sadness", "sad"],
    ["catlike", "cat"],
    ["sunless", "sun"],
    ["jealousy", "jealous"],
    ["help", "helpful"], // the grid word is the clue with affixes
    ["helping", "helpful"],
    ["friend", "friendly"],
    ["jealous", "jealousy"],
    ["flatness", "flats"], // a plural grid word's singular
  ];
  it.each(refused)("refuses %j: a form of %j", (clue, word) => {
    expect(findGridWordIn(clue, ["dog", word])).toBe(word);
    expect(clueViolation(clue, ["dog", word], 5)).toMatchObject({ code: "clue_contains_grid_word", word });
  });

  // [clue, grid word it only looks like]
  const allowed: [string, string][] = [
    ["box", "ox"], // 1–2 letter grid words: only the word and its inflections
    ["oxygen", "ox"],
    ["peace", "pea"], // 3 letters: no short suffixes, compounds only with a 4-letter word
    ["peanut", "pea"],
    ["category", "cat"],
    ["scatter", "cat"],
    ["cation", "cat"],
    ["carpet", "car"],
    ["carry", "car"],
    ["early", "ear"],
    ["season", "sea"],
    ["pigment", "pig"],
    ["vanity", "van"],
    ["corner", "corn"], // 4 letters: no short suffixes
    ["mother", "moth"],
    ["million", "lion"], // no common word beside it
    ["pavilion", "lion"],
    ["rebellion", "lion"], // rebel + -ion cuts "lion" in two
    ["thinking", "king"], // judged on its base, "think"
    ["parking", "king"],
    ["missing", "singing"],
    ["blurred", "red"],
    ["leadership", "ship"], // the grid word is the suffix there
    ["assistant", "ant"],
    ["peasant", "peas"],
    ["capable", "cap"],
    ["hearth", "heart"],
    ["planet", "plane"],
    ["strain", "train"],
    ["restrain", "train"],
    ["design", "sign"],
    ["vegetable", "table"],
    ["imagination", "nation"], // a 6+ letter word that ends like a suffix ("-ion") is not matched at any token's end
    ["generation", "ration"],
    ["stranger", "anger"], // a 5-letter word needs a common word beside it, as before
    ["apparent", "parent"], // 2 letters before a 6-letter word: not a compound
    ["smother", "mother"],
    ["radial", "radio"], // the final o is dropped only before -ist and -ic
    ["application", "apple"],
    ["being", "bee"],
    ["sky", "skiing"],
    ["flower", "sunflower"], // a part of a compound grid word stays allowed
    ["sun", "sunflower"],
    ["fort", "fortnight"],
    ["foggy", "fog"], // -y is a short suffix: a 3-letter word keeps it ("sunny", "carry")
  ];
  it.each(allowed)("allows %j beside %j", (clue, word) => {
    expect(findGridWordIn(clue, [word])).toBeUndefined();
  });

  it("affix and compound tests need the whole grid word and at least one affix or part", () => {
    expect(isAffixedForm("cats", "cat")).toBe(true);
    expect(isAffixedForm("cat", "cat")).toBe(false);
    expect(isAffixedForm("oxen", "ox")).toBe(false); // too short for the form rules (the light stem handles inflections)
    expect(isCompoundWith("clawhammer", "hammer")).toBe(true);
    expect(isCompoundWith("clawhammer", "claw")).toBe(true);
    expect(isCompoundWith("hammer", "hammer")).toBe(false);
  });

  it("reads numbers written in digits as their words, so a digit cannot say a grid word", () => {
    const primes = ["three", "seven", "eleven", "five", "seventeen", "thirteen", "nineteen", "one", "two", "nine"];
    expect(findGridWordIn("7", primes)).toBe("seven");
    expect(findGridWordIn("７", primes)).toBe("seven"); // full-width digits, through NFKC
    expect(findGridWordIn("13", primes)).toBe("thirteen");
    expect(clueViolation("lucky 7", primes, 5)?.code).toBe("clue_contains_grid_word");
    // A number's ordinal is a form of it, both ways; "first", "second" and "third" are other words.
    expect(findGridWordIn("seventh", primes)).toBe("seven");
    expect(findGridWordIn("7th", primes)).toBe("seven");
    expect(findGridWordIn("third", primes)).toBeUndefined();
    const fractions = ["half", "quarter", "third", "fifth", "sixth", "eighth", "tenth", "ninth", "seventh", "one eighth", "one quarter", "one fifth"];
    expect(findGridWordIn("1/4", fractions)).toBe("quarter");
    expect(findGridWordIn("3/4", fractions)).toBe("quarter");
    expect(findGridWordIn("1/2", fractions)).toBe("half");
    expect(findGridWordIn("5", fractions)).toBe("fifth");
    expect(findGridWordIn("sevens", fractions)).toBe("seventh");
    // Still allowed: a number that only holds a grid number inside a larger one, and years.
    expect(findGridWordIn("25%", fractions)).toBeUndefined();
    expect(findGridWordIn("1999", primes)).toBeUndefined();
    expect(findGridWordIn("7", ["cat", "dog"])).toBeUndefined();
    // A grid word in digits is matched by its words too.
    expect(findGridWordIn("seven up", ["7 up", "cola"])).toBe("7 up");
  });

  it("names the first grid word in grid order when a clue holds several, whichever is the secret", () => {
    const words = ["saw", "claw", "drill", "hammer", "chisel", "spanner", "wrench", "pliers", "screwdriver", "file", "vice", "mallet"];
    const card: TopicCard = { id: "tools", category: "tools", words, source: "dataset" };
    expect(findGridWordIn("clawhammer", words)).toBe("claw");
    expect(findGridWordIn("clawhammer", [...words].reverse())).toBe("hammer");
    const secrets = new Set<string>();
    for (let seed = 0; seed < 200 && !(secrets.has("claw") && secrets.has("hammer") && secrets.size > 2); seed++) {
      let state = createGame({ host: { playerId: "p0", name: "Ada" }, library: [card] });
      const rng = seededRng(seed);
      for (const [i, name] of ["Bo", "Cy"].entries()) {
        const joined = applyAction(state, { type: "join", playerId: `p${i + 1}`, name, now: 1 }, rng);
        if (!joined.ok) throw new Error(joined.message);
        state = joined.state;
      }
      const startedGame = applyAction(state, { type: "start", by: "p0", now: 1 }, rng);
      if (!startedGame.ok) throw new Error(startedGame.message);
      const round = currentRound(startedGame.state)!;
      secrets.add(round.secret);
      const refusal = applyAction(startedGame.state, { type: "giveClue", by: round.order[0], text: "clawhammer", now: 2 }, rng);
      expect(refusal).toMatchObject({ ok: false, code: "clue_contains_grid_word" });
      if (refusal.ok) continue;
      expect(refusal.message, `secret ${round.secret}`).toContain('"claw"');
      expect(refusal.message).not.toContain("hammer");
      expect(refusal.message).not.toMatch(/secret/i);
    }
    expect(secrets.has("claw") && secrets.has("hammer") && secrets.size > 2).toBe(true);
  });
});

describe("the clue check's details a player meets", () => {
  it("stems by the light rules exactly, never below three letters", () => {
    expect(lightStems("boxes")).toEqual(["boxes", "box", "boxe"]);
    expect(lightStems("oxes")).toEqual(["oxes", "oxe"]);
    expect(lightStems("tried")).toEqual(["tried", "try", "tri", "trie"]);
    expect(lightStems("baked")).toEqual(["baked", "bak", "bake"]);
    expect(lightStems("jumping")).toEqual(["jumping", "jump", "jumpe"]);
    expect(lightStems("stopped")).toEqual(["stopped", "stopp", "stoppe", "stop"]);
    // A doubled l or s stays doubled ("calling" is "call"), and a short base is not undoubled.
    expect(lightStems("calling")).toEqual(["calling", "call", "calle"]);
    expect(lightStems("passed")).toEqual(["passed", "pass", "passe"]);
    expect(lightStems("added")).toEqual(["added", "add", "adde"]);
    expect(lightStems("ripped")).toEqual(["ripped", "ripp", "rippe", "rip"]);
    expect(lightStems("baking")).toEqual(["baking", "bak", "bake"]);
  });

  it("removes control characters from a stored clue, and reads a final sigma as a sigma", () => {
    expect(cleanText("a\u0007b\u0000c")).toBe("abc");
    expect(findGridWordIn("οδοσ", ["οδος"])).toBe("οδος");
    expect(normalizeForComparison("ΟΔΟΣ")).toBe("οδοσ");
  });

  it("counts only chunks with a letter or digit as words", () => {
    expect(countClueWords("big - dog !")).toBe(2);
    expect(countClueWords("ice-cream 2")).toBe(2);
  });

  it("finds a grid word anywhere among the clue's words", () => {
    expect(findGridWordIn("cold ice", ["ice", "fire"])).toBe("ice");
    expect(findGridWordIn("very cold ice cream", ["ice cream"])).toBe("ice cream");
  });

  it("finds a grid word of an unspaced script across the clue's spaces", () => {
    expect(findGridWordIn("黒 猫", ["黒猫", "犬"])).toBe("黒猫");
  });

  it("says the limit in words the player reads, and the clue's length", () => {
    expect(clueViolation("big red", ["cat"], 1)?.message).toBe("The clue has 2 words; the limit is one word.");
    expect(clueViolation("a big red dog", ["cat"], 3)?.message).toBe("The clue has 4 words; the limit is 3 words.");
    expect(clueViolation("x".repeat(81), ["cat"], 1)?.message).toBe("The clue is 81 characters long; the limit is 80.");
    expect(clueViolation("🦓", ["cat"], 1)?.message).toMatch(/no letters or digits/);
  });
});


describe("grid words of several words, and numbers", () => {
  it("finds a grid word of several words written solid in any script, and leaves one of its words alone allowed", () => {
    expect(findGridWordIn("белыймедведь", ["белый медведь"])).toBe("белый медведь");
    expect(findGridWordIn("cold ice", ["ice cream"])).toBeUndefined();
  });

  it("takes a number for its ordinal, whatever the grid word's plural", () => {
    expect(findGridWordIn("7", ["sevenths"])).toBe("sevenths");
    expect(findGridWordIn("seven", ["sevenths"])).toBe("sevenths");
  });
});
