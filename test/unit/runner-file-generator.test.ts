import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import type { Instance } from "../../shared/sneak/types";
import { loadMessageFile } from "../../server/generators/file-generator";
import type { ClueLine, RoundLine } from "../../server/export/export-types";

const dir = mkdtempSync(join(tmpdir(), "runner-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WORDS = ["lion", "tiger", "bear", "wolf"];
const DECOYS = ["fur", "wild"];
const dataset: Instance[] = WORDS.map((secret) => ({ id: `Animals/${secret}`, category: "Animals", words: WORDS, secret, decoys: DECOYS }));

function fileWith(lines: (object | string)[]): string {
  const path = join(dir, `f${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(path, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  return path;
}

describe("file: generator", () => {
  it("takes words and decoys from the dataset when absent, and the message as written", async () => {
    const path = fileWith([{ category: "animals", secret: "Tiger", message: " stripes " }, "", { category: "Animals", secret: "bear", message: "honey", generator: "human" }]);
    const file = loadMessageFile(path, dataset);
    expect(file.instances).toEqual([
      { id: "Animals/tiger", category: "Animals", words: WORDS, secret: "tiger", decoys: DECOYS },
      { id: "Animals/bear", category: "Animals", words: WORDS, secret: "bear", decoys: DECOYS },
    ]);
    expect(file.generator.id).toBe(`file:${path}`);
    expect(await file.generator.generate(file.instances[0])).toEqual({ message: "stripes", detail: { line: 1 } });
    expect(await file.generator.generate(file.instances[1])).toEqual({ message: "honey", detail: { line: 3, generator: "human" } });
  });

  it("reads a file saved with a byte-order mark and CRLF line ends", () => {
    const path = join(dir, "windows.jsonl");
    writeFileSync(path, `\uFEFF${JSON.stringify({ category: "Animals", secret: "lion", message: "mane" })}\r\n${JSON.stringify({ category: "Animals", secret: "bear", message: "honey" })}\r\n`);
    expect(loadMessageFile(path, dataset).instances.map((i) => i.id)).toEqual(["Animals/lion", "Animals/bear"]);
  });

  it("keeps a custom card's own words and decoys, and numbers repeated cards", async () => {
    const card = { category: "Snacks", words: ["chips", "nuts", "popcorn"], secret: "nuts", decoys: ["salty", "crunchy"] };
    const file = loadMessageFile(fileWith([{ ...card, message: "squirrel" }, { ...card, message: "cashew" }]), dataset);
    expect(file.instances.map((i) => i.id)).toEqual(["Snacks/nuts", "Snacks/nuts#2"]);
    expect(file.instances[1]).toMatchObject({ words: card.words, decoys: card.decoys });
    expect((await file.generator.generate(file.instances[1])).message).toBe("cashew");
  });

  it("reads an exported game log: skips round lines and the chameleon's clues", () => {
    // Typed by the export's own records (the fields the runner reads), so a change to the export format shows up here.
    const clue: Pick<ClueLine, "type" | "category" | "words" | "secret" | "message" | "decoys" | "generator" | "byChameleon"> & Record<string, unknown> = {
      type: "clue",
      format: 1,
      game: "g1",
      category: "Animals",
      words: WORDS,
      secret: "wolf",
      message: "howl",
      decoys: [],
      generator: "bot:lexical",
      byChameleon: false,
    };
    const round: Pick<RoundLine, "type" | "category" | "words" | "secret"> & Record<string, unknown> = { type: "round", category: "Animals", words: WORDS, secret: "wolf", caught: false };
    const file = loadMessageFile(fileWith([clue, { ...clue, message: "moon", byChameleon: true }, round]), dataset);
    expect(file.instances).toHaveLength(1);
    // decoys: [] in an export means none were stored: the dataset's are used.
    expect(file.instances[0].decoys).toEqual(DECOYS);
    expect(file.skipped).toEqual({ rounds: 1, chameleonClues: 1 });
  });

  it("reports bad lines with their line number", () => {
    const cases: [(object | string)[], RegExp][] = [
      [[{ category: "Animals", secret: "tiger", message: "x" }, "{not json"], /:2: malformed JSON$/],
      [[{ category: "Planets", secret: "mars", message: "red" }], /:1: unknown category "Planets"/],
      [[{ category: "Animals", secret: "zebra", message: "stripes" }], /:1: secret "zebra" is not among the words of category "Animals"/],
      [[{ category: "Animals", secret: "tiger" }], /:1: "message": /],
      [[{ category: "Snacks", words: ["a", "b"], secret: "c", message: "m", decoys: ["d"] }], /:1: secret "c" is not among the line's words/],
      [[{ category: "Snacks", words: ["a", "b"], secret: "a", message: "m" }], /:1: custom card "Snacks" has no decoys/],
      [["[1, 2]"], /:1: /],
      [[""], /holds no messages/],
    ];
    for (const [lines, pattern] of cases) {
      const path = fileWith(lines);
      expect(() => loadMessageFile(path, dataset)).toThrow(pattern);
      try {
        loadMessageFile(path, dataset);
      } catch (error) {
        expect((error as Error).name).toBe("UserError");
        expect((error as Error).message).not.toContain("\n");
        expect((error as Error).message.startsWith(path) || /holds no messages/.test((error as Error).message)).toBe(true);
      }
    }
  });

  it("accepts a custom card without decoys when an LLM will write them", () => {
    const path = fileWith([{ category: "Snacks", words: ["a", "b"], secret: "a", message: "m" }]);
    expect(loadMessageFile(path, dataset, { decoysSupplied: true }).instances[0].decoys).toEqual([]);
  });

  it("says so when the file is missing", () => {
    expect(() => loadMessageFile(join(dir, "nope.jsonl"), dataset)).toThrow(/^message file not found: .*nope\.jsonl$/);
  });
});
