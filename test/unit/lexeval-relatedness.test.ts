import { describe, expect, it } from "vitest";
import { createLexicalEvaluator } from "../../server/evaluators/lexical/index";
import { loadDataset } from "../../server/dataset/load-dataset";
import { Relatedness, getRelatedness } from "../../server/lexicon/relatedness";
import { getWordNet } from "../../server/lexicon/wordnet";
import { getWordVectors } from "../../server/lexicon/vectors/word-vectors";

const dataset = loadDataset();
const wordsOf = (category: string) => {
  const entry = dataset.categories.find((c) => c.category === category);
  if (!entry) throw new Error(`no category ${category} in the dataset`);
  return entry.words;
};

describe("rel(clue, word)", () => {
  const r = getRelatedness();

  // category, word, a synonym, an associate, an unrelated word
  const triples = [
    ["vehicle", "car", "automobile", "wheel", "banana"],
    ["emotion", "happy", "glad", "smile", "granite"],
    ["profession", "doctor", "physician", "hospital", "volcano"],
    ["animal", "elephant", "pachyderm", "trunk", "saxophone"],
    ["musical instrument", "violin", "fiddle", "bow", "cheese"],
  ] as const;

  it.each(triples)("in %s, for %s: synonym > associate > unrelated", (category, word, synonym, associate, unrelated) => {
    const grid = r.grid(category, wordsOf(category));
    const [s, a, u] = [synonym, associate, unrelated].map((clue) => r.rel(clue, word, grid));
    expect(s).toBeGreaterThan(a);
    expect(a).toBeGreaterThan(u);
    expect(u).toBeLessThan(0.1);
  });

  it("stays in [0, 1], and the word itself or an inflection of it scores 1", () => {
    const grid = r.grid("animal", wordsOf("animal"));
    for (const clue of ["cats", "cat", "feline", "long neck", "the", "", "zzzqx", "big striped cat with a mane"]) {
      for (const word of grid.words) {
        const score = r.rel(clue, word, grid);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
    }
    expect(r.rel("cats", "cat", grid)).toBe(1);
    expect(r.rel("", "cat", grid)).toBe(0);
  });

  it("reads a grid word in the category's sense: tiger the animal, fish the noun", () => {
    const grid = r.grid("animal", wordsOf("animal"));
    const best = (word: string) => grid.weightsOf(r.terms.of(word)[0]).find((s) => s.weight === 1)!.synset;
    // WordNet 3.1 lists "a fierce or audacious person" first.
    expect(r.wordNet.synsetsOf("tiger")[0].lexFile).toBe("noun.person");
    expect(best("tiger").lexFile).toBe("noun.animal");
    expect(best("fish").lexFile).toBe("noun.animal");
    expect(r.rel("stripes", "tiger", grid)).toBeGreaterThan(r.rel("stripes", "cat", grid));
  });

  it("reads a participle that names a feeling by its adjective senses, which WordNet lists after the verb's", () => {
    const grid = r.grid("emotion", wordsOf("emotion"));
    const excited = r.terms.of("excited")[0];
    // Eight senses of "excite" come first in WordNet's order; reading only the first six would miss the feeling.
    expect(excited.senses.slice(0, 6).every((s) => s.pos === "v")).toBe(true);
    const best = grid.bestSenses(excited, 6, 0.1);
    expect(best[0].synset.pos).toBe("a");
    expect(best.map((s) => s.weight)).toEqual([...best.map((s) => s.weight)].sort((a, b) => b - a));
    // The judge, whose sense vectors read the same senses, names "excited" from "thrilled", not "happy".
    const words = wordsOf("emotion");
    const p = createLexicalEvaluator().chameleonJudgement({ category: "emotion", options: words, clues: ["thrilled"] }).probabilities;
    expect(words[p.indexOf(Math.max(...p))]).toBe("excited");
  });

  it("reads multi-word clues and words", () => {
    const grid = r.grid("animal", wordsOf("animal"));
    // "big cat" is one WordNet lemma: the hypernym of lion and tiger.
    expect(r.rel("big cat", "lion", grid)).toBeGreaterThan(0.6);
    expect(r.rel("big cat", "lion", grid)).toBeCloseTo(r.rel("big cat", "tiger", grid), 1);
    const dairy = r.grid("dairy product", wordsOf("dairy product"));
    // A WordNet compound holding both: "ice cream cone".
    expect(r.rel("cone", "ice cream", dairy)).toBeGreaterThan(r.rel("cone", "butter", dairy));
  });

  it("reads a closed-up compound that WordNet spells with a space or a hyphen", () => {
    const senses = (word: string) => r.terms.of(word).flatMap((t) => t.senses.map((s) => s.id));
    expect(senses("schoolbus")).toEqual(senses("school bus"));
    expect(senses("coworkers")).toEqual(senses("co-worker"));
    expect(senses("schoolbus").length).toBeGreaterThan(0);
    // A word that is no compound stays unknown rather than becoming a chance split.
    expect(senses("superneurology")).toEqual([]);
    const judge = createLexicalEvaluator();
    const words = wordsOf("vehicle");
    const p = judge.chameleonJudgement({ category: "vehicle", options: words, clues: ["schoolbus"] }).probabilities;
    expect(words[p.indexOf(Math.max(...p))]).toBe("bus");
  });

  it("reads a clue typed with accents as WordNet and the vectors spell it", () => {
    const judge = createLexicalEvaluator();
    const words = wordsOf("emotion");
    const read = (clue: string) => judge.chameleonJudgement({ category: "emotion", options: words, clues: [clue] }).probabilities;
    expect(read("Naïve")).toEqual(read("naive"));
    expect(r.terms.of("café")[0].senses.map((s) => s.id)).toEqual(r.terms.of("cafe")[0].senses.map((s) => s.id));
    expect(r.terms.of("café")[0].senses.length).toBeGreaterThan(0);
  });

  it("reads a single digit, a possessive and a phrase's content words as a player means them", () => {
    const judge = createLexicalEvaluator();
    const likeliest = (category: string, clue: string) => {
      const words = wordsOf(category);
      const p = judge.chameleonJudgement({ category, options: words, clues: [clue] }).probabilities;
      return words[p.indexOf(Math.max(...p))];
    };
    // "7" is a lemma of WordNet's seven; single letters stay noise.
    expect(likeliest("prime number", "7")).toBe("seven");
    expect(r.terms.of("x")).toEqual([]);
    // The possessive's "s" is no word: "valentine's" reads as valentine.
    expect(r.terms.of("valentine's").map((t) => t.text)).toEqual(["valentine"]);
    expect(likeliest("month", "valentine's")).toBe("february");
    // A phrase's vector is its content words': "of" does not drag "fourth of july" toward every phrase with "of".
    const vectors = getWordVectors();
    expect(vectors.cosine("fourth of july", "fireworks")).toBeCloseTo(vectors.cosine("fourth july", "fireworks")!, 6);
    expect(vectors.cosine("of", "the")).not.toBeNull();
  });

  it("counts each term of a multi-word clue by what it says about a word beyond the rest of the grid", () => {
    const words = wordsOf("four-legged animal");
    const centred = new Relatedness(getWordNet());
    const plain = new Relatedness(getWordNet(), { clueTermCentring: 0 });
    const rel = (model: Relatedness, clue: string, word: string) => model.rel(clue, word, model.grid("four-legged animal", words));
    // "animal" fits every word of the grid; "striped" only the tiger.
    const ratio = (model: Relatedness) => rel(model, "striped animal", "tiger") / rel(model, "striped animal", "dog");
    expect(ratio(centred)).toBeGreaterThan(1.2 * ratio(plain));
    // A one-term clue is read as before.
    for (const word of words) expect(rel(centred, "stripes", word)).toBe(rel(plain, "stripes", word));
  });

  it("leaves an antonym's definition out of a word's extended gloss: it describes the opposite", () => {
    const comedy = r.wordNet.synsetsOf("comedy", "n")[0];
    const { levels } = r.glosses.of(comedy);
    // tragedy: "drama in which the protagonist is overcome …; excites terror or pity".
    expect(levels.has("tragedy")).toBe(true);
    expect(levels.has("terror")).toBe(false);
    expect(levels.has("pity")).toBe(false);
  });

  it("reads a compound as its longest constituents, as a reader parses it", () => {
    expect(r.compounds.constituentsOf("ice cream cone")).toEqual(["ice cream", "cone"]);
    expect(r.compounds.constituentsOf("baby grand piano")).toEqual(["baby grand", "piano"]);
    expect(r.compounds.constituentsOf("top hat")).toEqual(["top", "hat"]);
    // "ice cream cone" holds cone and ice cream, not cone and cream; "australian sea lion" holds no lion.
    expect(r.compounds.holdsBoth(["cone"], ["ice cream"])).toBe(true);
    expect(r.compounds.holdsBoth(["cone"], ["cream"])).toBe(false);
    expect(r.compounds.holdsBoth(["australian"], ["sea lion"])).toBe(true);
    expect(r.compounds.holdsBoth(["australian"], ["lion"])).toBe(false);
    const dairy = r.grid("dairy product", wordsOf("dairy product"));
    expect(r.rel("cone", "ice cream", dairy)).toBeGreaterThan(2 * r.rel("cone", "cream", dairy));
  });

  it("is deterministic: a fresh model, asked in another order, gives the same numbers", () => {
    const grid = r.grid("fruit", wordsOf("fruit"));
    const clues = ["monkey", "tropical", "juice", "pie", "citrus", "vine"];
    const first = clues.flatMap((clue) => grid.words.map((word) => r.rel(clue, word, grid)));
    const fresh = new Relatedness(getWordNet());
    const freshGrid = fresh.grid("fruit", [...grid.words].reverse());
    const pairs = clues.flatMap((clue) => grid.words.map((word) => [clue, word] as const));
    const second = new Map(
      [...pairs].reverse().map(([clue, word]) => [`${clue}|${word}`, fresh.rel(clue, word, freshGrid)]),
    );
    expect(pairs.map(([clue, word]) => second.get(`${clue}|${word}`))).toEqual(first);
  });
});
