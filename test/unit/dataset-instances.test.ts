import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { datasetLimits, findCategory, instancesOf } from "../../shared/sneak/dataset";
import type { Dataset } from "../../shared/sneak/types";
import { loadDataset } from "../../server/dataset/load-dataset";

const small: Dataset = {
  name: "t",
  description: "",
  categories: [
    { category: "fruit", words: ["apple", "pear", "fig", "kiwi"], decoys: ["sweet", "juicy", "tree", "seed"] },
    { category: "tool", words: ["hammer", "saw", "drill"], decoys: ["hand", "metal", "blade", "edge", "handle"] },
  ],
};

describe("instancesOf", () => {
  it("makes one instance per word, with the first 5 decoys by default (capped by the fewest stored)", () => {
    expect(() => instancesOf(small)).toThrow(/decoys must be an integer from 1 to 4 \(got 5\)/);
    const all = instancesOf(small, { decoys: 4 });
    expect(all.map((i) => i.id)).toEqual(["fruit/apple", "fruit/pear", "fruit/fig", "fruit/kiwi", "tool/hammer", "tool/saw", "tool/drill"]);
    expect(all[0]).toEqual({ id: "fruit/apple", category: "fruit", words: ["apple", "pear", "fig", "kiwi"], secret: "apple", decoys: ["sweet", "juicy", "tree", "seed"] });
  });

  it("takes the top-K words and first D decoys; a shorter category keeps all its words", () => {
    const some = instancesOf(small, { words: 3, decoys: 2 });
    expect(some.filter((i) => i.category === "fruit").map((i) => i.secret)).toEqual(["apple", "pear", "fig"]);
    expect(some.every((i) => i.words.length === 3 && i.decoys.length === 2 && i.words.includes(i.secret))).toBe(true);
    expect(instancesOf(small, { words: 4, decoys: 1 }).filter((i) => i.category === "tool")[0].words).toEqual(["hammer", "saw", "drill"]);
  });

  it("rejects K and D out of range", () => {
    expect(() => instancesOf(small, { words: 1, decoys: 2 })).toThrow(/words must be an integer from 2 to 4/);
    expect(() => instancesOf(small, { words: 5, decoys: 2 })).toThrow(/words must be an integer from 2 to 4/);
    expect(() => instancesOf(small, { words: 2.5, decoys: 2 })).toThrow(/words/);
    expect(() => instancesOf(small, { decoys: 0 })).toThrow(/decoys must be an integer from 1 to 4/);
    expect(datasetLimits(small)).toEqual({ maxWords: 4, maxDecoys: 4 });
  });

  it("covers the committed dataset: one instance per word, unique ids", () => {
    const dataset = loadDataset();
    const instances = instancesOf(dataset);
    expect(instances.length).toBe(dataset.categories.reduce((n, c) => n + c.words.length, 0));
    expect(new Set(instances.map((i) => i.id)).size).toBe(instances.length);
    expect(instances.every((i) => i.decoys.length === 5)).toBe(true);
    expect(instancesOf(dataset, { decoys: 10 }).every((i) => i.decoys.length === 10)).toBe(true);
    expect(instancesOf(dataset, { words: 6 }).every((i) => i.words.length <= 6)).toBe(true);
  });
});

describe("findCategory", () => {
  it("finds by name ignoring case and space, undefined otherwise", () => {
    expect(findCategory(small, " Fruit ")?.words[0]).toBe("apple");
    expect(findCategory(small, "vegetable")).toBeUndefined();
  });
});

describe("loadDataset", () => {
  const dir = mkdtempSync(join(tmpdir(), "sneak-dataset-"));
  const write = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it("loads a valid file", () => {
    expect(loadDataset(write("ok.json", JSON.stringify(small)))).toEqual(small);
  });

  it("fails with one clear line on a missing, malformed or invalid file", () => {
    expect(() => loadDataset(join(dir, "missing.json"))).toThrow(/^cannot read dataset .*missing\.json: no such file/);
    expect(() => loadDataset(write("bad.json", "{"))).toThrow(/is not valid JSON/);
    const clash = { ...small, categories: [{ category: "fruit", words: ["apple", "pear"], decoys: ["pear"] }] };
    expect(() => loadDataset(write("clash.json", JSON.stringify(clash)))).toThrow(/invalid at categories\.0\.decoys: decoy "pear" is a word/);
    const noWords = { ...small, categories: [{ category: "fruit", words: [], decoys: ["x"] }] };
    expect(() => loadDataset(write("empty.json", JSON.stringify(noWords)))).toThrow(/categories\.0\.words: needs at least 2 words/);
    const twice = { ...small, categories: [small.categories[0], small.categories[0]] };
    expect(() => loadDataset(write("twice.json", JSON.stringify(twice)))).toThrow(/category "fruit" appears twice/);
    for (const bad of ["clash.json", "empty.json"]) {
      try {
        loadDataset(join(dir, bad));
      } catch (error) {
        expect((error as Error).message).not.toContain("\n");
      }
    }
  });
});
