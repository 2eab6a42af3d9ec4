import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { deriveAssociations, SOURCE_SHA256, type EatJson } from "../../server/lexicon/associations/build-associations";
import { ASSOCIATIONS_PATH, getWordAssociations, parseAssociations } from "../../server/lexicon/associations/word-associations";
import { createHash } from "node:crypto";

describe("word associations (Edinburgh Associative Thesaurus)", () => {
  it("derives one line per stimulus: answers two or more people gave, lower-cased, most given first, no marks or the stimulus itself", () => {
    const source: EatJson = {
      LION: [{ TIGER: "16" }, { MANE: "5" }, { CUB: "5" }, { "<LION>": "3" }, { LION: "2" }, { ROAR: "1" }, { "O'CLOCK": "2" }],
      "A LOT": [{ MANY: "15" }, { "A LITTLE": "3" }],
      "&": [{ AND: "40" }],
    };
    expect(deriveAssociations(source)).toBe("a lot\tmany:15\ta little:3\nlion\ttiger:16\tcub:5\tmane:5\to'clock:2\n");
  });

  it("reads answers to a word and the words a word was given for, most people first", () => {
    const associations = parseAssociations("cub\tlion:12\tscout:30\nden\tlion:20\tfox:3\nlion\ttiger:16\tmane:5\n");
    expect(associations.responsesTo("Lion")).toEqual([
      { word: "tiger", count: 16 },
      { word: "mane", count: 5 },
    ]);
    expect(associations.stimuliOf("lion")).toEqual([
      { word: "den", count: 20 },
      { word: "cub", count: 12 },
    ]);
    expect(associations.responsesTo("unicorn")).toEqual([]);
  });

  it("ships the thesaurus's common associations", () => {
    const associations = getWordAssociations();
    const answers = (word: string) => associations.responsesTo(word).map((a) => a.word);
    expect(answers("lion")).toEqual(expect.arrayContaining(["mane", "cub", "roar"]));
    expect(answers("funeral")).toContain("coffin");
    expect(associations.responsesTo("cow").find((a) => a.word === "milk")?.count).toBeGreaterThanOrEqual(10);
    for (const { count } of associations.responsesTo("winter")) expect(count).toBeGreaterThanOrEqual(2);
  });

  const source = process.env.SNEAK_ASSOCIATIONS_SOURCE ?? "package/eat.json";
  it.skipIf(!existsSync(source))(`derives the committed file byte for byte from ${source} (skipped when the source is absent: set SNEAK_ASSOCIATIONS_SOURCE)`, () => {
    const raw = readFileSync(source);
    expect(createHash("sha256").update(raw).digest("hex")).toBe(SOURCE_SHA256);
    expect(deriveAssociations(JSON.parse(raw.toString("utf8")) as EatJson)).toBe(readFileSync(ASSOCIATIONS_PATH, "utf8"));
  });
});
