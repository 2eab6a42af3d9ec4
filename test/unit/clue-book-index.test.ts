import { describe, expect, it } from "vitest";
import { cardBookFor } from "../../server/clue-book/card-index";
import { repeatsSaid } from "../../server/clue-book/clue-match";
import { bookFit, tableBelief } from "../../server/clue-book/table-reading";
import { bookDecisions } from "../../server/agents/book-decisions";
import { loadDeck } from "../../server/dataset/load-deck";
import { FRUIT, SMALL_BOOK } from "../support/small-clue-book";

const fruit = () => cardBookFor(SMALL_BOOK, "fruit", FRUIT)!;

describe("the clue book read for a card", () => {
  it("gives each grid word its book clues, by grade, and drops a clue the live grid refuses", () => {
    const card = fruit();
    expect(card.coversGrid).toBe(true);
    const pineapple = card.cluesOf("pineapple");
    expect(pineapple.filter((c) => c.grade === "subtle").map((c) => c.text)).toEqual(["juice", "yellow", "upside-down cake"]);
    expect(pineapple.find((c) => c.text === "yellow")!.alsoFits).toEqual(["banana", "melon", "mango"]);
    // "watermelon" holds "melon", a grid word: the game would refuse it, so the bots never read or say it.
    expect(card.cluesOf("melon").map((c) => c.text)).not.toContain("watermelon");
  });

  it("finds which words' books hold a heard clue, up to form, and a clue near a book clue", () => {
    const card = fruit();
    const holders = (clue: string) => card.matching(clue).filter((m) => m.closeness === "same").map((m) => m.entry.holder);
    expect(holders("Yellow!")).toEqual(["pineapple", "mango", "banana", "melon"]);
    expect(holders("tropicals")).toEqual(["pineapple", "mango", "banana"]);
    expect(card.matching("crown").map((m) => [m.entry.text, m.closeness])).toEqual([["spiky crown", "near"]]);
    expect(card.matching("bicycle")).toEqual([]);
    // "juice" fits four words alike; "Newton" says apple.
    const juice = bookFit(card, "juice")!;
    for (const word of ["pineapple", "orange", "apple", "grape"]) expect(juice[FRUIT.indexOf(word)]).toBe(1);
    expect(juice[FRUIT.indexOf("kiwi")]).toBeLessThan(0.5);
    const belief = tableBelief(card, ["Newton"]);
    expect(FRUIT[belief.indexOf(Math.max(...belief))]).toBe("apple");
  });

  it("reads the overlap of several clues: 'tropical' then 'pizza topping' point at pineapple", () => {
    const belief = tableBelief(fruit(), ["tropical", "pizza topping"]);
    expect(FRUIT[belief.indexOf(Math.max(...belief))]).toBe("pineapple");
    expect(belief[FRUIT.indexOf("pineapple")]).toBeGreaterThan(0.5);
  });

  it("finds the dataset card's book for the deck's card, reading a collapsed word's clues as the word it was collapsed onto", () => {
    const deckCard = loadDeck().cards.find((c) => c.category === "alcoholic drink")!;
    expect(deckCard.words).not.toContain("red wine");
    const card = cardBookFor(SMALL_BOOK, "alcoholic drink", deckCard.words)!;
    expect(card.has("wine")).toBe(true);
    expect(card.matching("Bordeaux").map((m) => m.entry.holder)).toEqual(["wine"]);
    expect(card.cluesOf("wine").map((c) => c.text)).toEqual(expect.arrayContaining(["Bordeaux", "chardonnay", "sommelier"]));
    // The deck's grid has words this small book lacks: those fall back, and the chameleon cannot read the whole card.
    expect(card.has("vodka")).toBe(false);
    expect(card.coversGrid).toBe(false);
  });

  it("has nothing for a custom card, so every decision falls back to the lexical model", () => {
    const words = ["red", "green", "blue", "yellow", "purple", "orange"];
    expect(cardBookFor(SMALL_BOOK, "colour", words)).toBeUndefined();
    const decide = bookDecisions(SMALL_BOOK);
    const view = { playerId: "a", category: "colour", words, secret: "red", clues: [], players: [], maxClueWords: 5, seed: "s" };
    expect(decide.informedClue(view, [])).toBeUndefined();
    expect(decide.chameleonClue({ ...view, secret: null }, [])).toBeUndefined();
    expect(decide.suspects(view)).toBeUndefined();
    expect(decide.guess({ ...view, secret: null }, words)).toBeUndefined();
  });

  it("knows a clue said already, a form of one, or one holding it", () => {
    expect(repeatsSaid("stripes", ["Stripe"])).toBe(true);
    expect(repeatsSaid("coat", ["lab coat"])).toBe(true);
    expect(repeatsSaid("tropical fruit", ["tropical"])).toBe(true);
    expect(repeatsSaid("juice", ["jam", "tin"])).toBe(false);
  });
});
