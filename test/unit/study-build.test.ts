import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { buildStudy, StudySpecError } from "../../server/studies/build-study";
import { readMessageLines } from "../../server/studies/message-lines";
import { StudySpecSchema } from "../../shared/studies/spec";

/** A study's items from its spec: the paper's defaults, the seeded draw, the message files, the attention checks. */

const dataset = loadDataset();
const spec = (input: Record<string, unknown>) => StudySpecSchema.parse({ title: "t", ...input });

describe("building a study", () => {
  it("defaults to the paper's Appendix B: one instance per category, 3 people per generation item, 5 per evaluation item", () => {
    const built = buildStudy(spec({ tasks: ["generation", "ally", "chameleon"], messages: { kind: "generation" } }), dataset, "cli");
    expect(built.study.config.instances).toBe(117);
    // Evaluation items come from the generation answers as they arrive.
    expect(built.items).toHaveLength(117);
    expect(new Set(built.items.map((i) => i.instanceKey)).size).toBe(117);
    expect(built.items.every((i) => i.task === "generation" && i.quota === 3 && i.payload.decoys.length === 5)).toBe(true);
    for (const item of built.items) expect(item.payload.words).toContain(item.payload.secret);
    expect(built.study.config.quotas).toEqual({ generation: 3, ally: 5, chameleon: 5 });
    expect(built.key).toMatch(/^sk-[A-Za-z0-9_-]{43}$/);
    expect(built.study.keyHash).not.toContain(built.key);
  });

  it("draws the same instances for the same seed and others for another", () => {
    const secrets = (seed: number) => buildStudy(spec({ tasks: ["generation"], seed }), dataset, "cli").items.map((i) => `${i.payload.category}/${i.payload.secret}`);
    expect(secrets(1)).toEqual(secrets(1));
    expect(secrets(2)).not.toEqual(secrets(1));
    const ten = buildStudy(spec({ tasks: ["generation"], categories: 10, words: 6, decoys: 3 }), dataset, "cli");
    expect(ten.items).toHaveLength(10);
    expect(ten.items.every((i) => i.payload.words.length === 6 && i.payload.decoys.length === 3)).toBe(true);
  });

  it("takes one message per category from a results.jsonl or an export, skipping what cannot be judged", () => {
    const animal = dataset.categories.find((c) => c.category === "animal")!;
    const lines = [
      { id: "animal/cat", instance: { category: "animal", words: animal.words, secret: "cat", decoys: ["pet", "fur", "paw"] }, message: "whiskers", status: "scored" },
      { id: "animal/dog", instance: { category: "animal", words: animal.words, secret: "dog", decoys: ["pet"] }, message: "", status: "generation-failure" },
      { type: "clue", category: "animal", words: animal.words, secret: "dog", decoys: ["pet", "bark"], message: "bark", byChameleon: false, generator: "human" },
      { type: "clue", category: "animal", words: animal.words, secret: "dog", decoys: ["pet"], message: "meow", byChameleon: true },
      { type: "round", category: "animal" },
      { category: "animal", secret: "cat", message: "dog" },
    ];
    const read = readMessageLines(lines, dataset, "f");
    expect(read.lines.map((l) => l.message)).toEqual(["whiskers", "bark"]);
    // A message equal to a decoy would show twice to the ally: the decoy is left out.
    expect(read.lines[1]).toMatchObject({ decoys: ["pet"], generator: "human" });
    expect(read.skipped).toEqual({ "generation-failure results": 1, "the chameleon's clues": 1, "round lines": 1, "messages the rules refuse (a grid word, over 5 words)": 1 });
    expect(() => readMessageLines([{ category: "animal", secret: "zebra-not-here", message: "x" }], dataset, "f")).toThrow(/f:1: secret/);
    const built = buildStudy(spec({ tasks: ["ally", "chameleon"], messages: { kind: "file", name: "f", lines } }), dataset, "cli");
    expect(built.items).toHaveLength(2);
    expect(built.notes.join("\n")).toContain("line(s) skipped");
    expect(() => buildStudy(spec({ tasks: ["ally"], messages: { kind: "file", name: "f", lines: [{ type: "round" }] } }), dataset, "cli")).toThrow(StudySpecError);
  });

  it("adds attention checks whose message is the secret itself, one per instance and evaluation task", () => {
    const lines = dataset.categories.map((c) => ({ category: c.category, secret: c.words[0], message: "zqxmessage" }));
    const built = buildStudy(spec({ tasks: ["ally", "chameleon"], attentionChecks: 2, messages: { kind: "file", name: "f", lines } }), dataset, "cli");
    const checks = built.items.filter((i) => i.gold);
    expect(checks).toHaveLength(117 * 2);
    expect(checks.every((i) => i.payload.message === i.payload.secret && i.quota === 0)).toBe(true);
  });

  it("refuses specs that cannot run, with the field at fault", () => {
    for (const [input, field] of [
      [{ tasks: ["ally"] }, "messages"],
      [{ tasks: ["generation"], attentionChecks: 1 }, "attentionChecks"],
      [{ tasks: ["ally"], messages: { kind: "generation" } }, "messages"],
      [{ tasks: [] }, "tasks"],
      [{ tasks: ["generation", "generation"] }, "tasks"],
    ] as const) {
      const parsed = StudySpecSchema.safeParse({ title: "t", ...input });
      expect(parsed.success, JSON.stringify(input)).toBe(false);
      expect(parsed.error!.issues[0].path[0]).toBe(field);
    }
    expect(() => buildStudy(spec({ tasks: ["generation"], words: 40 }), dataset, "cli")).toThrow(/words/);
  });
});
