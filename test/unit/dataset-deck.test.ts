import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getWordNet } from "../../server/lexicon/wordnet";
import { loadDataset } from "../../server/dataset/load-dataset";
import { loadDeck } from "../../server/dataset/load-deck";
import { collapseCard, deckJson, deriveDeck, sameReferentForPlay, shareLearnedStem } from "../../server/dataset/deck";
import { DEFAULT_DECK_PATH } from "../../server/dataset/paths";
import { WORDS_NOT_DEALT } from "../../server/dataset/words-not-dealt";
import { libraryOf } from "../../server/app";
import { DEFAULT_POOL_MIN_WORDS, DEFAULT_SETTINGS, defaultPoolCategories, mergedSettings, topicPool } from "../../shared/game/settings";

const wn = getWordNet();
const dataset = loadDataset();
const deck = loadDeck();

describe("the collapse rule for play", () => {
  it.each([
    ["oak tree", "oak", "tree"], // the word plus its class
    ["pine tree", "pine", "tree"],
    ["swimming pool", "pool", "body of water"], // a kind of it
    ["red wine", "wine", "alcoholic drink"],
    ["machine gun", "gun", "weapon"],
    ["ice hockey", "hockey", "team sport"], // one synset
    ["common cold", "cold", "infectious disease"],
    ["paediatrician", "paediatric", "medical specialty"], // one stem, learned endings
    ["paediatrics", "paediatrician", "medical specialty"],
    ["psychiatrist", "psychiatry", "medical specialty"],
    ["buddhism", "buddhist", "religion"],
  ])("%s and %s are one referent on a %s card", (a, b, category) => {
    expect(sameReferentForPlay(a, b, category, wn)).toBe(true);
    expect(sameReferentForPlay(b, a, category, wn)).toBe(true);
  });

  it.each([
    ["ice cream", "cream", "dairy product"], // not a kind of cream
    ["non-fiction", "fiction", "book genre"],
    ["english literature", "english", "academic subject"],
    ["sofa", "couch", "furniture"], // synonyms with no word in common stay
    ["pond", "pool", "body of water"],
    ["raven", "robin", "bird"],
    ["art", "artist", "profession"], // a stem under 5 letters
    ["catfish", "cat", "animal"],
    ["pineapple", "apple", "fruit"],
    ["orange", "orangutan", "animal"],
  ])("%s and %s stay apart on a %s card", (a, b, category) => {
    expect(sameReferentForPlay(a, b, category, wn)).toBe(false);
    expect(sameReferentForPlay(b, a, category, wn)).toBe(false);
  });

  it("shareLearnedStem needs the whole stem in common", () => {
    expect(shareLearnedStem("gynaecologist", "gynaecology")).toBe(true);
    expect(shareLearnedStem("raven", "robin")).toBe(false);
    expect(shareLearnedStem("music", "musician")).toBe(true);
  });

  it("keeps a family's first word on the card and says what each dropped word became", () => {
    const card = collapseCard("medical specialty", ["nurse", "paediatric", "doctor", "paediatrician", "psychiatrist", "paediatrics", "psychiatry"], wn);
    expect(card.words).toEqual(["nurse", "paediatric", "doctor", "psychiatrist"]);
    expect(card.collapsed).toEqual([
      ["paediatrician", "paediatric"],
      ["paediatrics", "paediatric"],
      ["psychiatry", "psychiatrist"],
    ]);
  });
});

describe("the committed deck (data/sneak-deck.json)", () => {
  it("is what npm run deck derives from the committed dataset, byte for byte", () => {
    expect(readFileSync(DEFAULT_DECK_PATH, "utf8")).toBe(deckJson(deriveDeck(dataset, wn)));
  });

  it("leaves the benchmark dataset as it is: every card's words are the dataset's, in order, minus the collapsed ones and those never dealt", () => {
    expect(deck.cards.map((c) => c.category)).toEqual(dataset.categories.map((c) => c.category));
    deck.cards.forEach((card, i) => {
      const words = dataset.categories[i].words;
      expect(words.filter((w) => !card.collapsed.some(([dropped]) => dropped === w) && !card.notDealt.includes(w))).toEqual(card.words);
      expect(card.notDealt).toEqual(words.filter((w) => WORDS_NOT_DEALT.has(w)));
    });
    // The benchmark still reads it: the dataset holds "rape" on both crime cards.
    expect(dataset.categories.filter((c) => c.words.includes("rape")).map((c) => c.category)).toEqual(["crime", "violent crime"]);
  });

  it("never deals \"rape\", and both crime cards stay in the default pool without it", () => {
    const { library } = libraryOf(dataset, deck);
    for (const card of library) expect(card.words, card.category).not.toContain("rape");
    for (const category of ["crime", "violent crime"]) {
      const card = library.find((c) => c.category === category)!;
      expect(card.offByDefault, category).toBeUndefined();
      expect(card.words.length).toBeGreaterThanOrEqual(DEFAULT_POOL_MIN_WORDS);
    }
    // Nor without a deck, when the dataset's words are dealt as they are.
    for (const card of libraryOf(dataset).library) expect(card.words, card.category).not.toContain("rape");
    expect(collapseCard("crime", ["murder", "rape", "theft"], wn)).toEqual({ category: "crime", words: ["murder", "theft"], collapsed: [], notDealt: ["rape"] });
  });
});

describe("the game's library from the dataset and the deck", () => {
  const { library } = libraryOf(dataset, deck);

  it("has no two words of one collapsed family on any card", () => {
    for (const card of library) {
      card.words.forEach((a, i) => {
        for (const b of card.words.slice(i + 1)) expect(sameReferentForPlay(a, b, card.category, wn), `${card.category}: ${a} / ${b}`).toBe(false);
      });
    }
    expect(library.find((c) => c.category === "tree")!.words).toEqual(expect.arrayContaining(["oak", "pine"]));
    expect(library.find((c) => c.category === "tree")!.words).not.toContain("oak tree");
  });

  it("keeps cards under 10 words out of the default pool, and a host can still choose one", () => {
    const defaults = topicPool(DEFAULT_SETTINGS, library);
    expect(defaults.length).toBe(defaultPoolCategories(library).length);
    expect(defaults.length).toBeGreaterThan(80);
    for (const card of defaults) expect(card.words.length, card.category).toBeGreaterThanOrEqual(DEFAULT_POOL_MIN_WORDS);
    const small = library.filter((c) => c.offByDefault);
    expect(small.length).toBe(library.length - defaults.length);
    for (const card of small) expect(card.words.length, card.category).toBeLessThan(DEFAULT_POOL_MIN_WORDS);
    const chosen = mergedSettings(DEFAULT_SETTINGS, { categoryPool: ["racket sport", "tree"] }, library);
    expect(chosen.ok).toBe(true);
    if (chosen.ok) expect(topicPool(chosen.settings, library).map((c) => c.category)).toEqual(["racket sport", "tree"]);
  });

  it("deals a card's dataset words when the deck was built from other words", () => {
    // another dataset whose tree card lacks "oak", which the deck keeps for the oak family
    expect(deck.cards.find((c) => c.category === "tree")!.words).toContain("oak");
    const otherTree = dataset.categories.find((c) => c.category === "tree")!.words.filter((w) => w !== "oak");
    const other = { ...dataset, categories: dataset.categories.map((c) => (c.category === "tree" ? { ...c, words: otherTree } : c)) };
    expect(libraryOf(other, deck).library.find((c) => c.category === "tree")!.words).toEqual(otherTree);
    expect(libraryOf(dataset).library.find((c) => c.category === "tree")!.words).toEqual(dataset.categories.find((c) => c.category === "tree")!.words);
  });
});
