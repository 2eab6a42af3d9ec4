import { describe, expect, it } from "vitest";
import { allyPrompt, chameleonPrompt, parseCandidates, parseDecoyLines, parseMessage, promptCatalogue } from "../../shared/sneak/prompts";
import { filteredDecoys } from "../../server/llm/decoys";

describe("parseMessage", () => {
  it("takes the last <message> span", () => {
    expect(parseMessage("Draft <message>first try</message> better: <message> second  try </message>")).toEqual({ message: "second try" });
  });
  it("is case-insensitive about the tag and spans lines", () => {
    expect(parseMessage("<MESSAGE>\nmagic\nshow\n</Message>")).toEqual({ message: "magic show" });
  });
  it("removes one pair of wrapping quotes and nothing else", () => {
    expect(parseMessage('<message>"magic show."</message>')).toEqual({ message: "magic show." });
  });
  it("fails without a span, with an unclosed span, or with an empty one", () => {
    expect(parseMessage("magic show")).toHaveProperty("failure");
    expect(parseMessage("<message>magic show")).toHaveProperty("failure");
    expect(parseMessage("<message>  </message>")).toEqual({ failure: "empty <message> span" });
  });
});

describe("other reply parsers", () => {
  it("reads +sets candidates", () => {
    expect(parseCandidates("<candidate>a</candidate>\n<candidate> b c </candidate><candidate></candidate>")).toEqual(["a", "b c"]);
  });
  it("reads decoy lines with bullets, numbers and commas", () => {
    expect(parseDecoyLines("Sure!\n<decoys>\n1. pets\n- wild animals\n* fur, claws\n</decoys>")).toEqual(["pets", "wild animals", "fur", "claws"]);
    expect(parseDecoyLines("pets\nfarm")).toEqual(["pets", "farm"]);
  });
  it("filters decoys: no category, no grid word, no repeats, at most 5 words, up to count", () => {
    const lines = ["pets", "Animal kingdom", "Pets", "dogs and owners", "four legs", "a very long decoy with seven words", "fur", "wild", "claws"];
    expect(filteredDecoys(lines, "animals", ["dog", "cat", "horse"], 4)).toEqual(["pets", "four legs", "fur", "wild"]);
  });
});

describe("judge prompts", () => {
  it("shows the ally's options as letters in the given order and asks for one letter", () => {
    const [, user] = allyPrompt({ category: "animals", words: ["dog", "cat"], secret: "cat", options: ["purr", "pets", "wild"] });
    expect(user.content).toContain("A. purr\nB. pets\nC. wild");
    expect(user.content).toContain("The secret word is: cat");
    expect(user.content).toMatch(/single letter \(A–C\)/);
  });
  it("gives the chameleon no secret and one or several clues", () => {
    const one = chameleonPrompt({ category: "animals", options: ["dog", "cat"], clues: ["purr"] });
    expect(one.map((m) => m.content).join("\n")).not.toMatch(/secret word is/);
    expect(one[1].content).toContain("A. dog\nB. cat");
    const many = chameleonPrompt({ category: "animals", options: ["dog", "cat"], clues: ["purr", "whiskers"] });
    expect(many[1].content).toContain("1. purr\n2. whiskers");
    expect(() => chameleonPrompt({ category: "animals", options: ["dog", "cat"], clues: [] })).toThrow();
  });
  it("renders a catalogue with every prompt", () => {
    const text = promptCatalogue();
    for (const title of ["Ally judge", "Chameleon judge, one clue", "cumulative", "plain", "+cot", "+sets, step 1", "+sets, step 2", "+rmr, step 2", "Decoys"]) {
      expect(text).toContain(title);
    }
  });
});
