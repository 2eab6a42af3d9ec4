import { invalidReasonOf } from "../../server/benchmark/message-validity";
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

  it("adds attention checks that look like real items with a plain answer: a spelling variant or clipping of the secret", () => {
    const lines = dataset.categories.map((c) => ({ category: c.category, secret: c.words[0], message: "zqxmessage" }));
    const built = buildStudy(spec({ tasks: ["ally", "chameleon"], attentionChecks: 2, messages: { kind: "file", name: "f", lines } }), dataset, "cli");
    const checks = built.items.filter((i) => i.gold);
    // 30 of the 117 categories have such a synonym (whisky, theater, doc …): one check instance each, per task.
    expect(checks).toHaveLength(30 * 2);
    expect(built.study.config.checks).toEqual({ kind: "synonyms", instances: 30 });
    for (const check of checks) {
      expect(check.quota).toBe(0);
      expect(check.payload.message).not.toBe(check.payload.secret);
      expect(invalidReasonOf(check.payload.message!, check.payload.words)).toBeFalsy();
      expect(check.payload.message!.slice(0, 3)).toBe(check.payload.secret.toLowerCase().slice(0, 3));
    }
    expect(checks.find((c) => c.payload.category === "alcoholic drink")?.payload).toMatchObject({ secret: "whiskey", message: "whisky" });
  });

  it("takes attention checks from the researcher's file, and refuses a study that cannot give everyone one", () => {
    const lines = dataset.categories.map((c) => ({ category: c.category, secret: c.words[0], message: "zqxmessage" }));
    const checkLines = dataset.categories.slice(0, 4).map((c) => ({ category: c.category, secret: c.words[1], message: "zqcheck" }));
    const built = buildStudy(spec({ tasks: ["ally"], attentionChecks: 1, checks: { name: "checks.jsonl", lines: checkLines }, messages: { kind: "file", name: "f", lines } }), dataset, "cli");
    expect(built.items.filter((i) => i.gold).map((i) => i.payload.message)).toEqual(["zqcheck", "zqcheck", "zqcheck", "zqcheck"]);
    const few = () => buildStudy(spec({ tasks: ["ally"], attentionChecks: 5, checks: { name: "checks.jsonl", lines: checkLines }, messages: { kind: "file", name: "f", lines } }), dataset, "cli");
    expect(few).toThrow(/^attentionChecks: only 4 categories have a check message/);
  });

  it("keeps only a message file's base name, and scores generation answers against the dataset's decoys", () => {
    const lines = dataset.categories.map((c) => ({ instance: { category: c.category, words: c.words, secret: c.words[0], decoys: ["a", "b", "c", "d", "e"] }, message: "zqxmessage", status: "scored" }));
    const built = buildStudy(spec({ tasks: ["generation", "ally"], categories: 2, messages: { kind: "file", name: "/tmp/st/bench/msgs.jsonl", lines } }), dataset, "cli");
    expect(built.study.config.messages).toMatchObject({ kind: "file", name: "msgs.jsonl" });
    for (const item of built.items) {
      if (item.task === "ally") expect(item.payload.decoys).toEqual(["a", "b", "c", "d", "e"]);
      else expect(item.payload.decoys).toEqual(dataset.categories.find((c) => c.category === item.payload.category)!.decoys.slice(0, 5));
    }
    expect(built.study.config.perParticipant).toBe(2);
    expect(built.notes.join("\n")).toMatch(/--items 10 plus --attention-checks 0 is more than the 2 instances/);
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
