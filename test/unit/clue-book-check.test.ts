/**
 * The clue book's checking script: the committed book passes it whole, and each rule it enforces refuses a book
 * that breaks it (so a writer's slip cannot land).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkClueBook } from "../../server/clue-book/check-clue-book";
import { loadClueBook, parseClueBook, type BookClue, type ClueBook } from "../../server/clue-book/clue-book";
import { loadDataset } from "../../server/dataset/load-dataset";
import { getWordNet } from "../../server/lexicon/wordnet";
import { REPO_ROOT } from "../../server/dataset/paths";

const dataset = loadDataset();
const fruit = dataset.categories.find((c) => c.category === "fruit")!;

/** A fruit card whose every secret has nine well-formed clues; `pineapple` gets `clues` instead when given. */
function fruitBook(clues?: BookClue[]): ClueBook {
  const generic = (secret: string): BookClue[] => {
    const others = fruit.words.filter((w) => w !== secret);
    return [
      { clue: `first${secret.length}`, grade: "obvious", alsoFits: [] },
      ...["breakfast", "market", "orchard", "smoothie"].map((clue): BookClue => ({ clue, grade: "telling", alsoFits: [others[0]] })),
      ...["lunchbox", "dessert", "picnic", "snack"].map((clue, i): BookClue => ({ clue, grade: "subtle", alsoFits: others.slice(i, i + 2) })),
    ];
  };
  const secrets = Object.fromEntries(fruit.words.map((w) => [w, w === "pineapple" && clues ? clues : generic(w)]));
  return { version: 1, cards: { fruit: secrets } };
}

const check = (book: ClueBook, partial = true) => checkClueBook(book, dataset, getWordNet(), { partial }).problems;

const PINEAPPLE: BookClue[] = [
  { clue: "spiky crown", grade: "obvious", alsoFits: [] },
  { clue: "piña colada", grade: "obvious", alsoFits: [] },
  { clue: "tropical", grade: "telling", alsoFits: ["mango", "banana"] },
  { clue: "pizza topping", grade: "telling", alsoFits: ["tomato"] },
  { clue: "tin", grade: "telling", alsoFits: [] },
  { clue: "juice", grade: "subtle", alsoFits: ["orange", "apple", "grape"] },
  { clue: "yellow", grade: "subtle", alsoFits: ["banana", "melon", "mango"] },
  { clue: "Hawaii", grade: "telling", alsoFits: [] },
];

describe("the clue book's checker", () => {
  it("passes a well-formed card", () => {
    expect(check(fruitBook(PINEAPPLE))).toEqual([]);
  });

  it("refuses a clue that holds a word of the card, or a form of one, naming the secret and the clue", () => {
    const problems = check(fruitBook([...PINEAPPLE, { clue: "bananas", grade: "telling", alsoFits: [] }]));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^fruit\/pineapple "bananas": illegal on its card/);
  });

  it("refuses clues of three words, the card's own name, repeats, and offensive words", () => {
    const problems = check(
      fruitBook([
        ...PINEAPPLE,
        { clue: "very spiky skin", grade: "telling", alsoFits: [] },
        { clue: "Fruit", grade: "subtle", alsoFits: ["apple"] },
        { clue: "Juice!", grade: "subtle", alsoFits: ["orange"] },
        { clue: "shit", grade: "telling", alsoFits: [] },
      ]),
    );
    expect(problems.some((p) => p.includes('"very spiky skin": illegal') && p.includes("3 words"))).toBe(true);
    expect(problems).toContain('fruit/pineapple "Fruit": is the card\'s own name');
    expect(problems).toContain('fruit/pineapple "Juice!": repeated for this secret');
    expect(problems).toContain('fruit/pineapple "shit": offensive');
  });

  it("holds each grade to its alsoFits: none for obvious, at most three for telling, one to three for subtle", () => {
    const problems = check(
      fruitBook([
        ...PINEAPPLE.slice(0, 5),
        { clue: "summer", grade: "obvious", alsoFits: ["mango"] },
        { clue: "salad", grade: "telling", alsoFits: ["apple", "pear", "grape", "melon"] },
        { clue: "sweet", grade: "subtle", alsoFits: [] },
        { clue: "juice", grade: "subtle", alsoFits: ["orange", "apple", "grape", "kiwi"] },
        { clue: "yellow", grade: "subtle", alsoFits: ["banana"] },
      ]),
    );
    expect(problems).toEqual([
      'fruit/pineapple "summer": obvious but alsoFits 1 other words',
      'fruit/pineapple "salad": telling but alsoFits 4 other words (at most 3)',
      'fruit/pineapple "sweet": subtle needs 1–3 other words in alsoFits, has 0',
      'fruit/pineapple "juice": subtle needs 1–3 other words in alsoFits, has 4',
    ]);
  });

  it("keeps alsoFits within the card, never the secret, never twice", () => {
    const problems = check(fruitBook([...PINEAPPLE.slice(0, 7), { clue: "hula", grade: "subtle", alsoFits: ["coconut", "pineapple", "mango", "mango"] }]));
    expect(problems).toEqual([
      'fruit/pineapple "hula": alsoFits "coconut" is not on the card',
      'fruit/pineapple "hula": alsoFits names the secret itself',
      'fruit/pineapple "hula": alsoFits repeats "mango"',
      'fruit/pineapple "hula": subtle needs 1–3 other words in alsoFits, has 4',
    ]);
  });

  it("counts clues and grades per secret", () => {
    expect(check(fruitBook(PINEAPPLE.filter((c) => c.grade !== "subtle").slice(0, 5)))).toEqual([
      "fruit/pineapple: 5 clues (at least 8)",
      "fruit/pineapple: 0 subtle clues (at least 2)",
    ]);
    expect(check(fruitBook(PINEAPPLE.map((c) => (c.clue === "tin" || c.clue === "Hawaii" ? { ...c, grade: "obvious" as const } : c))))).toEqual([
      "fruit/pineapple: 2 telling clues (at least 3)",
    ]);
  });

  it("demands every word of every card unless asked for a writer's part, and knows no card or word beyond the dataset", () => {
    const book = fruitBook(PINEAPPLE);
    delete book.cards.fruit.kiwi;
    book.cards.fruit.durian = PINEAPPLE;
    book.cards["sea fruit"] = {};
    const partial = check(book);
    expect(partial).toEqual(["fruit/durian: not a word of this card", "sea fruit: not a category of the dataset", "fruit/kiwi: missing"]);
    const whole = check(book, false);
    expect(whole).toContain("animal: no card in the book");
    expect(whole).toHaveLength(partial.length + dataset.categories.length - 1);
  });

  it("reads only the book's layout, naming where it breaks", () => {
    expect(() => parseClueBook('{"version":1,"cards":{"fruit":{"kiwi":[{"clue":"green","grade":"vague","alsoFits":[]}]}}}', "x.json")).toThrow(
      /clue book x\.json is invalid at cards\.fruit\.kiwi\.0\.grade/,
    );
    expect(() => parseClueBook('{"version":1,"cards":{},"extra":1}', "x.json")).toThrow(/invalid at top level/);
    expect(() => parseClueBook("{", "x.json")).toThrow(/is not valid JSON/);
    // What listeners heard is optional, and must add up: no more named it alone than first, nor first than heard it.
    const heard = (h: string) => `{"version":1,"cards":{"fruit":{"kiwi":[{"clue":"green","grade":"telling","alsoFits":[],"heard":${h}}]}}}`;
    expect(parseClueBook(heard('{"of":2,"first":1,"alone":0}'), "x.json").cards.fruit.kiwi[0].heard).toEqual({ of: 2, first: 1, alone: 0 });
    expect(() => parseClueBook(heard('{"of":2,"first":1,"alone":2}'), "x.json")).toThrow(/fruit\.kiwi\.0\.heard: heard needs alone ≤ first ≤ of/);
    expect(() => parseClueBook(heard('{"of":2,"first":3,"alone":0}'), "x.json")).toThrow(/heard needs alone ≤ first ≤ of/);
    expect(() => parseClueBook(heard('{"of":2,"first":1}'), "x.json")).toThrow(/fruit\.kiwi\.0\.heard/);
  });

  it("passes the committed book whole: every instance of the dataset, every grade, every clue legal", () => {
    const { problems, counts } = checkClueBook(loadClueBook(), dataset, getWordNet());
    expect(problems).toEqual([]);
    expect(counts.secrets).toBe(instancesCount());
    expect(counts.minCluesPerSecret).toBeGreaterThanOrEqual(8);
  });

  it("runs as npm run book:check, exiting 1 with the problems on a bad file", () => {
    const dir = mkdtempSync(join(tmpdir(), "clue-book-"));
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify(fruitBook([...PINEAPPLE, { clue: "bananas", grade: "telling", alsoFits: [] }])));
    let out = "";
    let status = 0;
    try {
      execFileSync(process.execPath, ["--import", "tsx", "server/clue-book/check-cli.ts", "--file", bad, "--partial"], { cwd: REPO_ROOT, encoding: "utf8" });
    } catch (error) {
      status = (error as { status: number }).status;
      out = (error as { stdout: string }).stdout;
    }
    expect(status).toBe(1);
    expect(out).toContain('fruit/pineapple "bananas": illegal on its card');
    expect(out).toContain("1 problem(s)");
  });
});

function instancesCount(): number {
  return dataset.categories.reduce((sum, c) => sum + c.words.length, 0);
}
