import { describe, expect, it } from "vitest";
import { cardBookFor } from "../../server/clue-book/card-index";
import { chooseBookClue } from "../../server/clue-book/book-clue";
import { bookBluff, bookGuess } from "../../server/clue-book/book-chameleon";
import { bookSuspects } from "../../server/clue-book/book-votes";
import { vectorReader } from "../../server/clue-book/vector-reading";
import { seededRng } from "../../shared/random";
import type { BotLevel } from "../../shared/game/types";
import { FRUIT, SMALL_BOOK } from "../support/small-clue-book";

const card = cardBookFor(SMALL_BOOK, "fruit", FRUIT)!;
const SEEDS = Array.from({ length: 200 }, (_, i) => `seed-${i}`);

/** The informed bot's pick over many seeds, as grade counts. */
function grades(level: BotLevel, said: { text: string; byOther: boolean }[] = [], secret = "pineapple") {
  const counts = { obvious: 0, telling: 0, subtle: 0 };
  for (const seed of SEEDS) counts[chooseBookClue({ card, secret, said, maxClueWords: 5, level, rng: seededRng(seed) })!.entry.grade]++;
  return counts;
}

describe("an informed bot with the clue book", () => {
  it("leans by level: easy on obvious and telling, normal on telling and subtle, hard on subtle", () => {
    const easy = grades("easy");
    const normal = grades("normal");
    const hard = grades("hard");
    expect(easy.obvious + easy.telling).toBeGreaterThan(0.6 * SEEDS.length);
    expect(easy.obvious).toBeGreaterThan(normal.obvious);
    expect(normal.telling + normal.subtle).toBeGreaterThan(0.95 * SEEDS.length);
    expect(normal.telling).toBeGreaterThan(0.25 * SEEDS.length);
    expect(normal.subtle).toBeGreaterThan(0.25 * SEEDS.length);
    expect(hard.subtle).toBeGreaterThan(0.7 * SEEDS.length);
    expect(hard.obvious).toBe(0);
    expect(normal.obvious).toBe(0);
  });

  it("opens a round at normal and hard with a clue that fits other words too, rarely one that fits the secret alone", () => {
    const lone = (level: BotLevel, secret: string) =>
      SEEDS.filter((seed) => chooseBookClue({ card, secret, said: [], maxClueWords: 5, level, rng: seededRng(seed) })!.entry.alsoFits.length === 0).length;
    // orange and grape each have three lone telling clues ("marmalade", "raisin"…) beside fewer shared ones.
    for (const secret of ["orange", "grape"]) {
      expect(lone("normal", secret), secret).toBeLessThan(0.15 * SEEDS.length);
      expect(lone("hard", secret), secret).toBeLessThan(0.1 * SEEDS.length);
      expect(lone("easy", secret), secret).toBeGreaterThan(0.25 * SEEDS.length);
    }
  });

  it("opens with what blind listeners heard as a fair opening, seldom a give-away or a clue that points at another word", () => {
    const heard = (of: number, first: number, alone: number) => ({ of, first, alone });
    const listened = cardBookFor(
      {
        version: 1,
        cards: {
          fruit: {
            ...SMALL_BOOK.cards.fruit,
            mango: [
              { clue: "chutney", grade: "obvious", alsoFits: [] },
              { clue: "tropical", grade: "telling", alsoFits: ["pineapple", "banana"], heard: heard(2, 2, 2) },
              { clue: "India", grade: "telling", alsoFits: ["kiwi"], heard: heard(2, 0, 0) },
              { clue: "smoothie", grade: "telling", alsoFits: ["banana"], heard: heard(2, 2, 0) },
              { clue: "yellow", grade: "subtle", alsoFits: ["banana", "pineapple"], heard: heard(2, 1, 0) },
              { clue: "stone", grade: "subtle", alsoFits: ["pear"], heard: heard(2, 0, 0) },
            ],
          },
        },
      },
      "fruit",
      FRUIT,
    )!;
    const picks = (level: BotLevel, said: { text: string; byOther: boolean }[] = []) => {
      const counts = new Map<string, number>();
      for (const seed of SEEDS) {
        const text = chooseBookClue({ card: listened, secret: "mango", said, maxClueWords: 5, level, rng: seededRng(seed) })!.entry.text;
        counts.set(text, (counts.get(text) ?? 0) + 1);
      }
      return (text: string) => counts.get(text) ?? 0;
    };
    const normal = picks("normal");
    // "tropical" is the only telling clue listed with two other words, so without what listeners heard it led.
    expect(normal("tropical")).toBeLessThan(0.05 * SEEDS.length);
    expect(normal("India") + normal("stone")).toBeLessThan(0.25 * SEEDS.length);
    expect(normal("smoothie") + normal("yellow")).toBeGreaterThan(0.7 * SEEDS.length);
    expect(picks("hard")("tropical")).toBeLessThan(0.05 * SEEDS.length);
    // Easy bots do not mind giving the word away; once the table has told the secret, listeners' opening taste no longer applies.
    expect(picks("easy")("tropical")).toBeGreaterThan(0.05 * SEEDS.length);
    expect(picks("normal", [{ text: "chutney", byOther: true }])("stone")).toBeGreaterThan(0.3 * SEEDS.length);
  });

  it("varies from round to round, seeded", () => {
    const pick = (seed: string) => chooseBookClue({ card, secret: "pineapple", said: [], maxClueWords: 5, level: "normal", rng: seededRng(seed) })!.entry.text;
    expect(pick("a")).toBe(pick("a"));
    expect(new Set(SEEDS.map(pick)).size).toBeGreaterThan(3);
  });

  it("after someone else's telling clue, a subtle one is enough, and it never gives the word away", () => {
    const told = [{ text: "Hawaii", byOther: true }];
    const normal = grades("normal", told);
    expect(normal.subtle).toBeGreaterThan(0.8 * SEEDS.length);
    expect(normal.obvious).toBe(0);
    // Once "tropical" and "pizza topping" have narrowed the table to pineapple, an obvious clue would only confirm it.
    const narrowed = [
      { text: "tropical", byOther: true },
      { text: "pizza topping", byOther: true },
    ];
    expect(grades("normal", narrowed).obvious).toBe(0);
    expect(grades("hard", narrowed).obvious).toBe(0);
  });

  it("never repeats a clue said, nor a form of one, and keeps the room's word limit", () => {
    const said = [
      { text: "Tropicals", byOther: true },
      { text: "tins", byOther: true },
    ];
    for (const seed of SEEDS) {
      const { entry } = chooseBookClue({ card, secret: "pineapple", said, maxClueWords: 1, level: "easy", rng: seededRng(seed) })!;
      expect(["tropical", "tin"]).not.toContain(entry.text);
      expect(entry.text.split(" ")).toHaveLength(1);
    }
    // Nothing left to say: the lexical model takes over.
    const everything = card.cluesOf("kiwi").map((c) => ({ text: c.text, byOther: true }));
    expect(chooseBookClue({ card, secret: "kiwi", said: everything, maxClueWords: 5, rng: seededRng("x") })).toBeUndefined();
  });
});

describe("votes with the clue book", () => {
  it("do not suspect an honest clue the secret's book holds, nor one near a book clue; they suspect a clue of other words", () => {
    const clues = [
      { playerId: "human", clue: "Hawaii" },
      { playerId: "cham", clue: "ketchup" },
      { playerId: "near", clue: "crown" },
      { playerId: "bot", clue: "juice" },
    ];
    const ranked = bookSuspects({ card, secret: "pineapple", clues, self: "me" });
    expect(ranked[0].playerId).toBe("cham");
    expect(ranked.at(-1)!.playerId).not.toBe("cham");
  });

  it("suspect a bluff that follows the table more than an honest clue said before it", () => {
    // "yellow" after "tropical" fits what the table points at; "tin" is pineapple's own.
    const clues = [
      { playerId: "a", clue: "tropical" },
      { playerId: "b", clue: "tin" },
      { playerId: "c", clue: "lassi" },
    ];
    expect(bookSuspects({ card, secret: "pineapple", clues, self: "me" })[0].playerId).toBe("c");
  });

  it("as the chameleon, suspect the clue that fits the others' consensus worst", () => {
    const clues = [
      { playerId: "a", clue: "tropical" },
      { playerId: "b", clue: "pizza topping" },
      { playerId: "c", clue: "Wimbledon" },
      { playerId: "me", clue: "yellow" },
    ];
    expect(bookSuspects({ card, secret: null, clues, self: "me" })[0].playerId).toBe("c");
  });
});

describe("the chameleon with the clue book", () => {
  const heard = ["tropical", "pizza topping"];
  it("bluffs with a clue that fits what the table points at", () => {
    let fitting = 0;
    for (const seed of SEEDS) {
      const entry = bookBluff({ card, earlier: heard, maxClueWords: 5, level: "normal", rng: seededRng(seed) })!;
      expect(heard).not.toContain(entry.text);
      if ([entry.holder, ...entry.alsoFits].some((w) => ["pineapple", "mango", "banana", "tomato"].includes(w))) fitting++;
    }
    expect(fitting).toBeGreaterThan(0.8 * SEEDS.length);
    const hedge = bookBluff({ card, earlier: heard, maxClueWords: 5, level: "hard", rng: seededRng("h") })!;
    expect([hedge.holder, ...hedge.alsoFits]).toContain("pineapple");
  });

  it("guesses from the overlap: hard names it, normal most often but not always", () => {
    const clues = ["tropical", "pizza topping", "tin"];
    expect(bookGuess(card, clues, FRUIT, "hard")).toBe("pineapple");
    const named = SEEDS.filter((seed) => bookGuess(card, clues, FRUIT, "normal", seededRng(seed)) === "pineapple").length;
    expect(named).toBeGreaterThan(0.25 * SEEDS.length);
    expect(named).toBeLessThan(0.9 * SEEDS.length);
    const others = new Map<string, number>();
    for (const seed of SEEDS) {
      const guess = bookGuess(card, clues, FRUIT, "normal", seededRng(seed));
      if (guess !== "pineapple") others.set(guess, (others.get(guess) ?? 0) + 1);
    }
    // Its misses are mostly the words the clues also fit.
    const nearMisses = (others.get("mango") ?? 0) + (others.get("banana") ?? 0) + (others.get("tomato") ?? 0);
    expect(nearMisses).toBeGreaterThan(0);
  });
});

describe("a clue the book does not hold", () => {
  // A stand-in for the word vectors: "juicy" sits near "juice" and "marmalade", "thing" near nothing.
  const near: Record<string, Record<string, number>> = { juicy: { juice: 0.6, marmalade: 0.5, orange: 0.45 }, thing: {} };
  const similarity = (a: string, b: string) => (a in near ? (near[a][b] ?? 0.05) : null);
  const reader = vectorReader(card, similarity);

  it("is read as the words whose books it sits nearest, and a vague one as none in particular", () => {
    const juicy = reader("juicy")!;
    for (const word of ["orange", "apple", "pineapple", "grape"]) expect(juicy[FRUIT.indexOf(word)]).toBe(1);
    expect(juicy[FRUIT.indexOf("kiwi")]).toBeLessThan(0.3);
    const thing = reader("thing")!;
    expect(new Set(thing).size).toBe(1);
    expect(thing[0]).toBeLessThan(0.3);
    expect(reader("unheard")).toBeNull();
  });

  it("said by an honest human, is not the favourite suspect beside a bluff of another word's book", () => {
    const clues = [
      { playerId: "bot", clue: "Seville" },
      { playerId: "human", clue: "juicy" },
      { playerId: "cham", clue: "Wimbledon" },
    ];
    const ranked = bookSuspects({ card, secret: "orange", clues, self: "me", unknown: reader });
    expect(ranked[0].playerId).toBe("cham");
    // A vague word fits the secret no better than any other: it is suspected.
    const vague = bookSuspects({ card, secret: "orange", clues: [clues[0], { playerId: "human", clue: "thing" }, { playerId: "cham", clue: "zest" }], self: "me", unknown: reader });
    expect(vague[0].playerId).toBe("human");
  });
});
