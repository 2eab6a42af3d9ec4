import { randomBytes } from "node:crypto";
import { seededRng, shuffled } from "../../shared/random";
import { datasetLimits, DEFAULT_DECOYS, findCategory } from "../../shared/sneak/dataset";
import type { Dataset } from "../../shared/sneak/types";
import { EVALUATION_TASKS, type StudyTask } from "../../shared/studies/protocol";
import type { StudySpec } from "../../shared/studies/spec";
import { datasetSchema } from "../dataset/load-dataset";
import { attentionCheckPayloads } from "./attention-checks";
import { keyHash, sha256 } from "./hashes";
import { readMessageLines, type MessageLine } from "./message-lines";
import { randomId } from "./study-rows";
import type { ItemPayload, StudyConfig, StudyItem, StudyRecord } from "./study-types";

/**
 * A study's items from its spec: the instances (one per category, drawn with the seed), an item per
 * instance and task, and the attention checks. The paper's Appendix B is the default: every category of
 * the dataset, three people per generation item, five per evaluation item.
 */

export interface BuiltStudy {
  study: StudyRecord;
  /** The study key, shown once to its creator; only its hash is kept. */
  key: string;
  items: StudyItem[];
  /** What a creator should know: lines skipped, categories without a message. */
  notes: string[];
}

export class StudySpecError extends Error {}

/** An instance of the study, with the message judged when there is one. */
interface Drawn {
  payload: ItemPayload;
}

/** A file's name as the study keeps it: its base name, never the researcher's directories. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).at(-1) ?? path;
}

export function buildStudy(spec: StudySpec, serverDataset: Dataset, createdWith: "cli" | "page", now = Date.now(), offensive: (text: string) => boolean = () => false): BuiltStudy {
  const dataset = spec.dataset === undefined ? serverDataset : parsedDataset(spec.dataset);
  const { maxWords, maxDecoys } = datasetLimits(dataset);
  const words = spec.words ?? maxWords;
  const decoys = spec.decoys ?? Math.min(DEFAULT_DECOYS, maxDecoys);
  if (words > maxWords) throw new StudySpecError(`words: this dataset has at most ${maxWords} words per category`);
  if (decoys > maxDecoys) throw new StudySpecError(`decoys: this dataset has ${maxDecoys} decoys for some category`);
  const notes: string[] = [];
  const rng = seededRng(`study|${spec.seed}`);

  let drawn: Drawn[];
  let messages: StudyConfig["messages"];
  if (spec.messages.kind === "file") {
    const name = baseName(spec.messages.name);
    const read = (() => {
      try {
        return readMessageLines(spec.messages.lines, dataset, name);
      } catch (error) {
        throw new StudySpecError(`messages: ${(error as Error).message}`);
      }
    })();
    for (const [reason, n] of Object.entries(read.skipped)) notes.push(`${name}: ${n} line(s) skipped: ${reason}`);
    // Players' clues in a game export are not filtered in the game; nobody is shown an offensive one here.
    const clean = read.lines.filter((line) => !offensive(line.message));
    if (clean.length < read.lines.length) notes.push(`${name}: ${read.lines.length - clean.length} line(s) skipped: offensive messages (the game's filter)`);
    const byCategory = new Map<string, MessageLine[]>();
    for (const line of clean) byCategory.set(line.category, [...(byCategory.get(line.category) ?? []), line]);
    if (byCategory.size === 0) throw new StudySpecError(`messages: ${name} has no usable message`);
    const categories = shuffled([...byCategory.keys()].sort(), rng).slice(0, spec.categories ?? byCategory.size);
    drawn = categories.sort().map((category) => {
      const lines = byCategory.get(category)!;
      const line = lines[seededRng(`study|${spec.seed}|${category}`).int(lines.length)];
      const source = { kind: "file" as const, name, line: line.line, ...(line.generator ? { generator: line.generator } : {}) };
      return { payload: { category, words: line.words, secret: line.secret, decoys: line.decoys, message: line.message, source } };
    });
    messages = { kind: "file", name, sha256: sha256(spec.messages.lines.map((l) => JSON.stringify(l)).join("\n")), lines: spec.messages.lines.length, used: drawn.length };
    if (spec.categories && spec.categories > byCategory.size) notes.push(`only ${byCategory.size} categories have a usable message in ${name}`);
  } else {
    const categories = shuffled(dataset.categories, rng).slice(0, spec.categories ?? dataset.categories.length);
    drawn = categories
      .sort((a, b) => a.category.localeCompare(b.category))
      .map((c) => {
        const grid = c.words.slice(0, words);
        const secret = grid[seededRng(`study|${spec.seed}|${c.category}`).int(grid.length)];
        return { payload: { category: c.category, words: grid, secret, decoys: c.decoys.slice(0, decoys) } };
      });
    messages = { kind: spec.messages.kind };
  }

  const id = randomId(10);
  const items: StudyItem[] = [];
  const add = (task: StudyTask, payload: ItemPayload, gold: boolean) =>
    items.push({ itemId: randomId(12), seq: items.length, task, instanceKey: payload.category.toLowerCase(), quota: gold ? 0 : spec.quotas[task], gold, createdAt: now, payload });
  for (const { payload } of drawn) {
    for (const task of spec.tasks) {
      if (task === "generation") {
        // People's messages are scored like a benchmark message, against the dataset's decoys for the category
        // (a message file's line may carry its own run's decoys, which are what its ally items show).
        const { message: _message, source: _source, ...instance } = payload;
        const known = findCategory(dataset, instance.category);
        add(task, known ? { ...instance, decoys: known.decoys.slice(0, decoys) } : instance, false);
      } else if (spec.messages.kind === "file") add(task, payload, false);
    }
  }
  const checks = attentionCheckPayloads(spec, dataset, decoys, words, offensive);
  notes.push(...checks.notes);
  if (spec.attentionChecks > 0 && checks.payloads.length < spec.attentionChecks) {
    throw new StudySpecError(`attentionChecks: only ${checks.payloads.length} categories have a check message with a plain answer; give a checks file of {category, secret, message} lines`);
  }
  for (const payload of checks.payloads) {
    for (const task of spec.tasks.filter((t) => (EVALUATION_TASKS as readonly string[]).includes(t))) add(task, payload, true);
  }
  const real = items.filter((i) => !i.gold).length;
  const perPerson = spec.itemsPerParticipant + spec.attentionChecks;
  // A person meets each instance at most once, so a sequence is never longer than the instances.
  const instances = new Set(items.map((i) => i.instanceKey)).size;
  if (perPerson > instances) notes.push(`--items ${spec.itemsPerParticipant} plus --attention-checks ${spec.attentionChecks} is more than the ${instances} instances a person can meet: each participant is given at most ${instances} items`);
  notes.push(`${real} items to answer and ${items.length - real} attention-check items; each participant meets ${Math.min(perPerson, instances)} items, ${spec.attentionChecks} of them attention checks`);
  const { dataset: _dataset, messages: _messages, checks: _checks, ...rest } = spec;
  const config: StudyConfig = {
    ...rest,
    dataset: { name: dataset.name, sha256: sha256(JSON.stringify(dataset)), categories: dataset.categories.length },
    messages,
    words,
    decoys,
    instances: drawn.length,
    checks: checks.config,
    perParticipant: Math.min(perPerson, instances),
    createdWith,
  };
  const key = `sk-${randomBytes(32).toString("base64url")}`;
  return { study: { id, keyHash: keyHash(key), createdAt: now, open: true, config }, key, items, notes };
}

function parsedDataset(value: unknown): Dataset {
  const parsed = datasetSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StudySpecError(`dataset: invalid at ${issue.path.join(".") || "top level"}: ${issue.message}`);
  }
  return parsed.data;
}
