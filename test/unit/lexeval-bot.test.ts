import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { bestLexicalClue, CHAMELEON_EVIDENCE, chameleonReader, fallbackClue, guessSecret, informedCandidates, informedSuspicion, secretPosterior, plausibleChameleonClue, rankSuspects, scoredLexicalClues } from "../../server/lexicon/lexical-clue";
import { seededRng } from "../../shared/random";
import { clueViolation, findGridWordIn, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import { instancesOf } from "../../shared/sneak/dataset";
import { attributesOf, clueCandidates, kindClues, soundsSpoken, topicClues } from "../../server/lexicon/clue-candidates";
import { getRelatedness } from "../../server/lexicon/relatedness";
import { tableListeners } from "../../server/lexicon/table-listeners";
import { tokensOf } from "../../server/lexicon/text";
import { answeredWhenAsked } from "../../server/lexicon/associations/linked-by-people";

const dataset = loadDataset();
const entry = (category: string) => dataset.categories.find((c) => c.category === category)!;
const animal = entry("animal");

describe("the lexical bot", () => {
  it("gives an informed clue that is legal, points at the secret, and respects avoid", () => {
    const clue = bestLexicalClue({ category: "animal", words: animal.words, secret: "elephant" });
    expect(findGridWordIn(clue, animal.words)).toBeUndefined();
    // A candidate ranks at most its expected SoftScore times the other informed players' trust in it, which is
    // how far they would not take it for a bluff ("herd" says cow and sheep more than elephant).
    let checked = 0;
    for (const c of scoredLexicalClues({ category: "animal", words: animal.words, secret: "elephant" })) {
      expect(c.trust, c.text).toBeCloseTo(Math.min(1, Math.exp(-informedSuspicion("animal", animal.words, "elephant", [], c.text))), 9);
      expect(c.rank, c.text).toBeLessThanOrEqual(c.softScore * c.trust + 1e-12);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    const other = bestLexicalClue({ category: "animal", words: animal.words, secret: "elephant", avoid: [clue] });
    expect(other).not.toBe(clue);
    expect(findGridWordIn(other, animal.words)).toBeUndefined();
  });

  it("reads associations with lower bars before it falls back to the category's name", () => {
    // Nothing passes the strict bars for willow; 5 people linked it with "weeping", whose cosine with willow's
    // sense vector in the grid is under the strict bar of 0.3.
    const tree = entry("tree");
    const r = getRelatedness();
    expect(clueCandidates(r, r.grid("tree", tree.words), "willow")).toEqual([]);
    const willow = scoredLexicalClues({ category: "tree", words: tree.words, secret: "willow" });
    expect(willow.find((c) => c.text === "weeping")).toMatchObject({ source: "association", associated: 5 });
    expect(willow[0].source).toBe("association");
    expect(bestLexicalClue({ category: "weather", words: entry("weather").words, secret: "windy" })).not.toBe("weather");
  });

  it("falls back to the category's words, last first, then to what people say of the kind, then to words about the grid, before \"something\"", () => {
    // Broccoli has no candidate: the first informed bot says the category's head, the second its other word.
    const words = entry("green vegetable").words;
    expect(bestLexicalClue({ category: "green vegetable", words, secret: "broccoli" })).toBe("vegetable");
    expect(bestLexicalClue({ category: "green vegetable", words, secret: "broccoli", avoid: ["vegetable"] })).toBe("green");
    // The third: what people answered to "vegetable" that is about the grid's topic and not a vegetable itself
    // ("cabbage" and "carrot", the commonest answers, are members of the category).
    const r = getRelatedness();
    const kind = kindClues(r, r.grid("green vegetable", words), ["vegetable", "green"]);
    expect(kind[0]).toBe("garden");
    expect(kind).not.toContain("cabbage");
    expect(fallbackClue("green vegetable", words, ["vegetable", "green"])).toBe("garden");
    // Then words about the grid as a whole, from the decoy recipe ("plant", "herb", "leaf"), each said once; "something" only after all.
    const grid = r.grid("green vegetable", words);
    const topic = topicClues(r, grid, ["vegetable", "green", ...kind]);
    expect(topic.slice(0, 3)).toEqual(["plant", "herb", "leaf"]);
    expect(fallbackClue("green vegetable", words, ["vegetable", "green", ...kind])).toBe("plant");
    expect(fallbackClue("green vegetable", words, ["vegetable", "green", ...kind, "plant", "herbs"])).toBe("leaf");
    expect(fallbackClue("green vegetable", words, ["vegetable", "green", ...kind, ...topic])).toBe("something");
    // Birds: never a member ("sparrow"), a rival of the grid's kind ("dog"), or another sense's answer ("girl").
    const birds = entry("bird");
    const birdKind = kindClues(r, r.grid("bird", birds.words), ["bird"]);
    expect(birdKind.length).toBeGreaterThan(0);
    for (const word of ["sparrow", "dog", "girl"]) expect(birdKind).not.toContain(word);
    for (const word of birdKind) expect(clueViolation(word, birds.words, MAX_CLUE_WORDS)).toBeUndefined();
    // A category word on the grid is skipped: "fish" is a word of the animal grid.
    expect(fallbackClue("four-legged fish", animal.words)).toBe("legged");
  });

  it("does not say a form of a clue already said this round", () => {
    const fish = entry("fish");
    const first = bestLexicalClue({ category: "fish", words: fish.words, secret: "jellyfish" });
    const next = scoredLexicalClues({ category: "fish", words: fish.words, secret: "jellyfish", avoid: [first] }).map((c) => c.text);
    // "stinging" and "stings" are its two best clues: without the check, the other form would come next.
    expect(["stinging", "stings"]).toContain(first);
    expect(next.length).toBeGreaterThan(0);
    expect(next.filter((t) => t.startsWith("sting"))).toEqual([]);
  });

  it("never says a word of a two-word secret's name, nor a form of one", () => {
    // WordNet gives "boa" as boa constrictor's hypernym and "bag" as the sleeping bag's: each says half the secret.
    for (const [category, secret] of [["snake", "boa constrictor"], ["camping equipment", "sleeping bag"], ["cosmetic", "lip gloss"], ["winter sport", "ice skating"]]) {
      const { words } = entry(category);
      const nameWords = tokensOf(secret);
      const candidates = scoredLexicalClues({ category, words, secret }).map((c) => c.text);
      expect(candidates.filter((text) => findGridWordIn(text, nameWords) !== undefined), secret).toEqual([]);
      expect(findGridWordIn(bestLexicalClue({ category, words, secret }), nameWords), secret).toBeUndefined();
    }
  });

  it("does not offer a participle lifted from a definition, nor a definition's adjective", () => {
    const texts = (category: string, secret: string) => scoredLexicalClues({ category, words: entry(category).words, secret }).map((c) => c.text);
    // "feeling or showing anger": "showing" alone reads as a fragment of the definition.
    expect(texts("negative personal quality", "angry")).not.toContain("showing");
    expect(texts("positive emotion", "happy")).not.toContain("disposed");
    expect(texts("tool", "saw")).not.toContain("cutting");
    // "small" (kayak) and "long" (lacrosse) are adjectives of their definitions, true of half the grid.
    expect(texts("boat", "kayak")).not.toContain("small");
    expect(texts("team sport", "lacrosse")).not.toContain("long");
  });

  it("offers words people say: common in speech, no abbreviations, rare words, synonyms or definition vocabulary", () => {
    const month = entry("month");
    for (const secret of ["january", "november"]) {
      const texts = scoredLexicalClues({ category: "month", words: month.words, secret }).map((c) => c.text);
      expect(texts.length).toBeGreaterThan(0);
      for (const unsaid of ["nov", "jan", "christmastide"]) expect(texts).not.toContain(unsaid);
    }
    const hammer = scoredLexicalClues({ category: "tool", words: entry("tool").words, secret: "hammer" }).map((c) => c.text);
    for (const fragment of ["implement", "shaped", "wood"]) expect(hammer).not.toContain(fragment);
    // Every candidate on a slice of the dataset is said at least 25 times in SUBTLEX-US (each word of a phrase 300).
    for (const instance of instancesOf(dataset).filter((_, i) => i % 50 === 0)) {
      for (const c of scoredLexicalClues(instance)) {
        expect(soundsSpoken(c.text), `${instance.id}: "${c.text}"`).toBe(true);
        expect(tokensOf(c.text).length).toBeLessThanOrEqual(2);
      }
    }
    // The secret's own synonyms are not clues: "auto" for car says the secret in other words.
    expect(scoredLexicalClues({ category: "vehicle", words: entry("vehicle").words, secret: "car" }).map((c) => c.text)).not.toContain("auto");
  });

  it("states a definition's attributes as a player would: the thing's own colour, the counted thing", () => {
    const r = getRelatedness();
    const attributes = (word: string) => r.wordNet.synsetsOf(word, "n").flatMap((s) => attributesOf(r, s.definition));
    // "a parallelogram with four right angles": not "four rights".
    expect(attributes("rectangle")).toEqual(["right angles"]);
    expect(attributes("octagon")).toContain("eight sides");
    // "typically dark purple but occasionally white or yellow": the first colour named is the thing's.
    expect(attributesOf(r, "egg-shaped vegetable having a shiny skin typically dark purple but occasionally white or yellow")).toEqual(["purple"]);
    // "yellow-brown in autumn": the second colour of a compound is its head.
    expect(attributesOf(r, "deciduous trees yellow-brown in autumn")).toEqual(["brown"]);
  });

  it("never offers a rare name that is a fragment of a longer one", () => {
    // "zealand" lies near kiwi in the vectors, from "new zealand"; WordNet knows it only as a Danish island.
    const kiwi = scoredLexicalClues({ category: "citrus fruit", words: entry("citrus fruit").words, secret: "kiwi" }).map((c) => c.text);
    expect(kiwi).not.toContain("zealand");
    expect(kiwi.length).toBeGreaterThan(0);
  });

  it("never offers a usage label as a relation: \"plural\" labels the word jeans, it says nothing of the trousers", () => {
    const r = getRelatedness();
    for (const [category, secret] of [["clothing", "jeans"], ["fabric", "denim"]]) {
      const grid = r.grid(category, entry(category).words);
      for (const relaxed of [false, true]) {
        // Both passes, and with the likely clues said already, when a third bot is left with the thinnest pool.
        const texts = clueCandidates(r, grid, secret, { limit: Number.POSITIVE_INFINITY, relaxed, avoid: ["pant", "trousers", "tight"] }).map((c) => c.text);
        expect(texts, `${secret} (relaxed: ${relaxed})`).not.toContain("plural");
      }
    }
    expect(bestLexicalClue({ category: "fabric", words: entry("fabric").words, secret: "denim", avoid: ["pant", "trousers"] })).not.toBe("plural");
  });

  it("finds associations beyond WordNet's pointers: things defined by the secret, and its vector neighbours checked in the grid's sense", () => {
    // "marble: a hard crystalline metamorphic rock that takes a high polish" is defined by glass's
    // "polish"; "bottle: a glass or plastic vessel" is about the drinking glass, not the building material.
    const glass = scoredLexicalClues({ category: "building material", words: entry("building material").words, secret: "glass" });
    expect(glass.find((c) => c.text === "marble")?.source).toBe("defined-by");
    expect(glass.map((c) => c.text)).not.toContain("bottle");
    const elephant = scoredLexicalClues({ category: "animal", words: animal.words, secret: "elephant" });
    expect(elephant.find((c) => c.text === "poaching")?.source).toBe("vectors");
    // "herd" lies near elephant in the vectors, but nearer sheep and cow: a shared feature, which the other
    // informed players would take for a bluff about cattle, so it ranks low.
    const herd = elephant.find((c) => c.text === "herd")!;
    expect(herd.sharedWith).toEqual(expect.arrayContaining(["cow", "sheep"]));
    expect(herd.trust).toBeLessThan(0.5);
    expect(elephant[0].text).not.toBe("herd");
    // "sixth" lies near "inning" in the vectors, a sense the fraction grid does not mean.
    expect(scoredLexicalClues({ category: "fraction", words: entry("fraction").words, secret: "sixth" }).map((c) => c.text)).not.toContain("inning");
  });

  it("takes a last-resort vector neighbour only when it is about the grid's topic, else says the category's word", () => {
    const r = getRelatedness();
    // Nothing passes either pass of bars for blackbird; GloVe's nearest words are its name-mates ("downing",
    // "nato": the spy plane), which say nothing about birds. Pug's "pudgy" is about dogs, and stays.
    const birds = entry("bird");
    const blackbird = clueCandidates(r, r.grid("bird", birds.words), "blackbird", { relaxed: true, limit: Number.POSITIVE_INFINITY }).map((c) => c.text);
    expect(blackbird).not.toContain("downing");
    expect(blackbird).not.toContain("nato");
    expect(bestLexicalClue({ category: "bird", words: birds.words, secret: "blackbird" })).toBe("bird");
    const dogs = entry("breed of dog");
    const pug = clueCandidates(r, r.grid("breed of dog", dogs.words), "pug", { relaxed: true, limit: Number.POSITIVE_INFINITY });
    expect(pug.find((c) => c.text === "pudgy")?.source).toBe("vectors");
  });

  it("reads the secret in the sense the other grid words mean when the category cannot tell its senses apart", () => {
    const r = getRelatedness();
    // Among the parts of a tree, "sap" fits only as a noun, as the fluid, the fool and the cosh alike; the
    // fluid's vector lies nearest leaves, bark and roots. The fool's kinds ("cuckoo", "putz") are not offered.
    const tree = entry("part of a tree");
    const sapGrid = r.grid("part of a tree", tree.words);
    const fool = r.wordNet.synsetsOf("sap", "n").find((s) => s.lexFile === "noun.person")!;
    const foolish = new Set(fool.pointers.flatMap((p) => r.wordNet.synset(p.target).lemmas));
    expect(foolish.has("cuckoo")).toBe(true);
    const sap = [false, true].flatMap((relaxed) => clueCandidates(r, sapGrid, "sap", { limit: Number.POSITIVE_INFINITY, relaxed }).map((c) => c.text));
    expect(sap.length).toBeGreaterThan(0);
    expect(sap.filter((text) => foolish.has(text))).toEqual([]);
    // "depressed" among negative emotions is the feeling, not the market's low prices.
    const emotions = entry("negative emotion");
    const depressed = informedCandidates(r, r.grid("negative emotion", emotions.words), "depressed").map((c) => c.text);
    expect(depressed).not.toContain("price");
    expect(depressed.length).toBeGreaterThan(0);
  });

  it("clues a two-word secret by what definitions name it in, whole: a second bot has more than the category's name", () => {
    // "smoothie: a thick smooth drink consisting of fresh fruit pureed with ice cream or yoghurt or milk"; "rink:
    // building that contains a surface for ice skating or roller skating".
    const iceCream = scoredLexicalClues({ category: "dairy product", words: entry("dairy product").words, secret: "ice cream" });
    expect(iceCream.find((c) => c.text === "smoothie")?.source).toBe("defined-by");
    const skating = scoredLexicalClues({ category: "winter sport", words: entry("winter sport").words, secret: "ice skating" });
    expect(skating.find((c) => c.text === "rink")?.source).toBe("defined-by");
    // After "topping", whipped cream's one WordNet neighbour, the next informed bot names a dessert made with it.
    const next = bestLexicalClue({ category: "dairy product", words: entry("dairy product").words, secret: "whipped cream", avoid: ["topping"] });
    expect(["product", "dairy", "something"]).not.toContain(next);
    // Only where the phrase is named whole: a sundae is served with ice cream, not whipped cream.
    const whipped = scoredLexicalClues({ category: "dairy product", words: entry("dairy product").words, secret: "whipped cream" });
    expect(whipped.map((c) => c.text)).not.toContain("sundae");
  });

  it("says what people associate with the secret, in the grid's sense, and not a rival, a name or another phrase's word", () => {
    const r = getRelatedness();
    const texts = (category: string, secret: string) => clueCandidates(r, r.grid(category, entry(category).words), secret, { limit: Number.POSITIVE_INFINITY }).map((c) => c.text);
    // 38 of about 100 people answered "milk" to cow. An easy bot says what people say; a normal one keeps the
    // secret better ("milk" points every listener at cow) and says something fewer people would.
    const cow = scoredLexicalClues({ category: "farm animal", words: entry("farm animal").words, secret: "cow" });
    expect(cow.find((c) => c.text === "milk")).toMatchObject({ source: "association", associated: 38 });
    const easyCow = scoredLexicalClues({ category: "farm animal", words: entry("farm animal").words, secret: "cow", level: "easy" });
    expect(easyCow[0].associated).toBeGreaterThanOrEqual(5);
    expect(cow[0].associated).toBeLessThan(easyCow[0].associated);
    // Rivals people answer first: another thing of the category or of the secret's kind, or one used much as it is.
    expect(texts("animal", "horse")).not.toContain("donkey");
    expect(texts("animal", "fish")).not.toContain("dolphin");
    expect(texts("jewellery", "necklace")).not.toContain("pearls");
    expect(texts("prime number", "nine")).not.toContain("ten");
    // Words that finish a phrase naming something else: a private eye, a car battery, a graveyard.
    expect(texts("part of the face", "eyes")).not.toContain("private");
    expect(texts("violent crime", "battery")).not.toContain("car");
    expect(texts("unit of length", "yard")).not.toContain("grave");
    // A name ("maud" for auntie) and a word people give for other grid words too ("colour" for orange as for tangerine).
    expect(texts("family relationship", "auntie")).not.toContain("maud");
    expect(texts("citrus fruit", "tangerine")).not.toContain("colour");
  });

  it("ranks lower a clue that people asked in the word-association norms never answered with the secret", () => {
    const r = getRelatedness();
    // Asked "rash", some people answered measles; a candidate people were asked and never answered with the
    // secret ranks at half its expected SoftScore at most, whatever else it has for it.
    expect(answeredWhenAsked(r, "rash", "measles")).toBe(true);
    let notEvoking = 0;
    for (const instance of instancesOf(dataset).filter((_, i) => i % 40 === 0)) {
      for (const c of scoredLexicalClues(instance)) {
        if (answeredWhenAsked(r, c.text, instance.secret) !== false) continue;
        expect(c.rank, `${instance.id}: ${c.text}`).toBeLessThanOrEqual(0.5 * c.softScore + 1e-12);
        notEvoking++;
      }
    }
    expect(notEvoking).toBeGreaterThan(5);
  });

  it("says a legal clue on a sizeable slice of the dataset, both as informed player and as chameleon", () => {
    const slice = instancesOf(dataset).filter((_, i) => i % 10 === 0);
    expect(slice.length).toBeGreaterThan(120);
    for (const instance of slice) {
      const clue = bestLexicalClue({ ...instance });
      expect(clueViolation(clue, instance.words, MAX_CLUE_WORDS), `${instance.id}: "${clue}"`).toBeUndefined();
    }
    for (const instance of slice.filter((_, i) => i % 4 === 0)) {
      const bluff = plausibleChameleonClue({ category: instance.category, words: instance.words, earlierClues: [] }, seededRng(instance.id));
      expect(clueViolation(bluff, instance.words, MAX_CLUE_WORDS), `${instance.id}: "${bluff}"`).toBeUndefined();
    }
  });

  it("ranks its candidates by expected SoftScore (times commonness and the spymaster check), with decoys or without", () => {
    for (const decoys of [undefined, animal.decoys.slice(0, 5)]) {
      // Elephant has many candidates (herd, trunk, ivory, …), so the order is tested on more than two.
      const scored = scoredLexicalClues({ category: "animal", words: animal.words, secret: "elephant" });
      expect(scored.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < scored.length; i++) expect(scored[i - 1].rank).toBeGreaterThanOrEqual(scored[i].rank);
      for (const c of scored) {
        expect(c.softScore).toBeGreaterThanOrEqual(0);
        expect(c.softScore).toBeLessThanOrEqual(1);
        expect(c.rank).toBeLessThanOrEqual(c.softScore);
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

  it("as a hard chameleon, hedges: its bluff fits every word the clues point at, where a pretender's fits one", () => {
    // After "confused", "disrupt" and "hurt" the belief is spread over upset, annoyed and more. A hedge is scored
    // by its expected log P(w | clue) over that belief; a clue for the single likeliest word scores far lower there.
    const words = entry("negative emotion").words;
    const earlierClues = ["confused", "disrupt", "hurt"];
    const belief = secretPosterior("negative emotion", words, earlierClues);
    const expectedLog = (clue: string) => {
      const p = secretPosterior("negative emotion", words, [clue]);
      return words.reduce((sum, _, i) => sum + belief[i] * Math.log(Math.max(p[i], 1e-12)), 0);
    };
    let hedgeBetter = 0;
    for (let seed = 0; seed < 10; seed++) {
      const hedge = plausibleChameleonClue({ category: "negative emotion", words, earlierClues, bluff: "hedge" }, seededRng(seed));
      const pretend = plausibleChameleonClue({ category: "negative emotion", words, earlierClues, bluff: "pretend" }, seededRng(seed));
      expect(findGridWordIn(hedge, words)).toBeUndefined();
      if (expectedLog(hedge) >= expectedLog(pretend)) hedgeBetter++;
    }
    expect(hedgeBetter).toBeGreaterThanOrEqual(8);
  });

  it("as the chameleon, reads the table by level: a hard one with everything, a normal one with one source, an easy one with WordNet", () => {
    const [wordNet, vectors] = tableListeners();
    expect(chameleonReader("hard").id).toBe("lexical");
    expect(chameleonReader("easy")).toBe(wordNet);
    expect(chameleonReader("normal", 0.2)).toBe(wordNet);
    expect(chameleonReader("normal", 0.7)).toBe(vectors);
  });

  it("as a normal chameleon, believes only part of the clues' evidence: its guess still favours the word they point at, less surely", () => {
    const clues = ["mane", "roar"];
    const guesses = (evidence: number) => {
      const counts = new Map<string, number>();
      for (let seed = 0; seed < 300; seed++) {
        const guess = guessSecret({ category: "animal", words: animal.words, clues, reader: chameleonReader("normal", 0.2), rng: seededRng(`guess/${seed}`), evidence });
        counts.set(guess, (counts.get(guess) ?? 0) + 1);
      }
      return counts;
    };
    const believing = guesses(1);
    const normal = guesses(CHAMELEON_EVIDENCE.normal);
    expect(CHAMELEON_EVIDENCE.normal).toBeLessThan(1);
    expect(CHAMELEON_EVIDENCE.hard).toBe(1);
    const lion = (counts: Map<string, number>) => counts.get("lion") ?? 0;
    expect(lion(normal)).toBeLessThan(lion(believing));
    expect(normal.size).toBeGreaterThan(believing.size);
    // Still read from the clues: the lion is the commonest guess, far above chance (300 / 16 ≈ 19).
    expect(Math.max(...normal.values())).toBe(lion(normal));
    expect(lion(normal)).toBeGreaterThan(2 * (300 / animal.words.length));
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
    // A form of a clue already said, by the table's rule for grid words, even where the stem is too short for the stem bar.
    expect(isUsableClue("ears", "animal", animal.words, ["ear"])).toBe(false);
    expect(isUsableClue("fried", "meat", entry("meat").words, ["fry"])).toBe(false);
    expect(isUsableClue("burrow", "animal", animal.words, ["ear"])).toBe(true);
  });
});
