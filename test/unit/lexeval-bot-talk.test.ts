import { describe, expect, it } from "vitest";
import { AGREEMENT_LINES, DEFLECT_LINES, openingLine, REPLY_LINES, replyLine, SUSPICION_LINES } from "../../server/agents/discussion-lines";
import { createLexicalBrain } from "../../server/agents/lexical-brain";
import type { BotView } from "../../server/agents/agent";
import { loadDataset } from "../../server/dataset/load-dataset";
import { deriveSpokenFrequencies } from "../../server/lexicon/build-spoken-frequencies";
import { getSpokenFrequency } from "../../server/lexicon/spoken-frequency";

const animal = loadDataset().categories.find((c) => c.category === "animal")!;

function view(playerId: string, secret: string | null): BotView {
  return {
    playerId,
    category: "animal",
    words: animal.words,
    secret,
    clues: [
      { playerId: "a", text: "mane" },
      { playerId: "b", text: "roar" },
      { playerId: "c", text: "wool" },
      { playerId: "d", text: "pride" },
    ],
    players: ["a", "b", "c", "d"].map((id) => ({ playerId: id, name: id.toUpperCase() })),
    maxClueWords: 5,
    seed: "talk",
  };
}

/** A bot's opening line when it clearly suspects the player who gave `clue` (none named in the chat yet). */
function suspicionLine(clue: string | undefined, words: readonly string[], seed: string, said: readonly string[] = []): string | null {
  return openingLine({ suspect: clue === undefined ? null : { clue, lead: Number.POSITIVE_INFINITY }, chat: said, words, seed });
}

describe("a lexical bot's discussion line", () => {
  const brain = createLexicalBrain();

  it("informed, names the clue that fits the secret worst; as the chameleon, the one that fits the consensus worst", () => {
    for (const line of [brain.discussionLine(view("a", "lion")), brain.discussionLine(view("d", null))]) {
      expect(line).not.toBeNull();
      expect(line).toContain('"wool"');
      expect(line).not.toMatch(/lion|chameleon|secret/i);
    }
  });

  it("uses one phrasing per seed from a list shared by both roles, and never quotes a line holding a grid word", () => {
    const shapes = new Set<string>();
    for (let i = 0; i < 40; i++) shapes.add(suspicionLine("wool", animal.words, `seed${i}`)!.replace("wool", "{clue}"));
    expect([...shapes].sort()).toEqual([...SUSPICION_LINES].sort());
    expect(suspicionLine("wool", animal.words, "x")).toBe(suspicionLine("wool", animal.words, "x"));
    expect(suspicionLine("lion tamer", animal.words, "x")).toBeNull();
    expect(suspicionLine(undefined, animal.words, "x")).toBeNull();
    // A phrasing already said in the chat is not said again while another is left.
    const said: string[] = [];
    for (const clue of ["wool", "mane", "hooves", "stripes", "whiskers"]) said.push(suspicionLine(clue, animal.words, "same seed", said)!);
    expect(new Set(said.map((line, i) => line.replace(["wool", "mane", "hooves", "stripes", "whiskers"][i], "{clue}"))).size).toBe(5);
    expect(suspicionLine("a".repeat(41), animal.words, "x")).toBeNull();
  });

  it("stays quiet without a grid (the chameleon's hidden-grid variant)", () => {
    expect(brain.discussionLine({ ...view("d", null), words: [] })).toBeNull();
  });
});

describe("spoken frequencies", () => {
  it("derive lower-cased, merged, above the floor, most frequent first", () => {
    const text = deriveSpokenFrequencies([
      { word: "you", count: 100 },
      { word: "November", count: 7 },
      { word: "november", count: 3 },
      { word: "rare", count: 4 },
      { word: "don't", count: 50 },
      { word: "cat", count: 100 },
    ]);
    expect(text).toBe("cat\t100\nyou\t100\nnovember\t10\n");
  });

  it("ship with the words people say and without the ones they do not", () => {
    const f = getSpokenFrequency();
    expect(f.count("cheese")).toBeGreaterThan(1000);
    expect(f.count("Mane")).toBe(f.count("mane"));
    expect(f.count("christmastide")).toBe(0);
    expect(f.zipf("cheese")).toBeGreaterThan(f.zipf("mane"));
  });
});

describe("a bot's answer when its clue is questioned", () => {
  const words = animal.words;

  it("never mirrors a line that already named both clues: it stands by its own instead", () => {
    const accusation = `Check "check" before you pick on "box".`;
    for (let i = 0; i < 40; i++) {
      const line = replyLine("box", "check", [accusation], words, `mirror${i}`);
      expect(line).not.toBeNull();
      expect(line).toContain('"box"');
      expect(line).not.toContain('"check"');
    }
  });

  it("still points at its suspect sometimes when nobody has paired the two clues", () => {
    const lines = Array.from({ length: 40 }, (_, i) => replyLine("box", "check", [`Why "box", though?`], words, `free${i}`));
    expect(lines.some((line) => line?.includes('"check"'))).toBe(true);
    expect(lines.some((line) => line !== null && !line.includes('"check"'))).toBe(true);
  });

  it("quotes its own clue in every answer, so the table knows which clue it stands by", () => {
    for (const line of [...REPLY_LINES, ...DEFLECT_LINES]) expect(line).toContain('"{own}"');
  });

  it("agrees in words that cannot be read as having wanted to give the same clue", () => {
    for (const line of AGREEMENT_LINES) expect(line).not.toMatch(/going to say|as well/i);
  });
});
