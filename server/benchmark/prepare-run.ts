import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Dataset, Evaluator, Instance, MessageGenerator } from "../../shared/sneak/types";
import { loadMessageFile } from "../generators/file-generator";
import type { BenchOptions } from "./options";
import { pluginModule } from "./plugin-modules";
import type { RunContext } from "./run-context";
import type { RunIdentity } from "./run-identity";
import { UserError, messageOf } from "./user-error";

/** Everything a run needs, built from the options: instances in run order, the generator, the judges. */
export interface PreparedRun {
  instances: Instance[];
  generator: MessageGenerator;
  evaluators: Evaluator[];
  identity: RunIdentity;
  datasetPath: string;
  messageFilePath: string | null;
  usesLlm: boolean;
  /** The category's stored decoys, for replacing one that equals the message (see decoysBesides). */
  spareDecoysOf(category: string): readonly string[];
}

export function sha256Of(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function readBytes(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UserError(code === "ENOENT" ? `${what} not found: ${path}` : `cannot read ${what} ${path}: ${code ?? messageOf(error)}`);
  }
}

/** Interleaves categories (first word of each, then the second …) so that --limit N samples them evenly. */
export function roundRobinByCategory(instances: readonly Instance[]): Instance[] {
  const groups = new Map<string, Instance[]>();
  for (const instance of instances) groups.set(instance.category, [...(groups.get(instance.category) ?? []), instance]);
  const out: Instance[] = [];
  const longest = Math.max(0, ...[...groups.values()].map((g) => g.length));
  for (let i = 0; i < longest; i++) for (const group of groups.values()) if (i < group.length) out.push(group[i]);
  return out;
}

async function datasetInstances(options: BenchOptions): Promise<{ dataset: Dataset; instances: Instance[]; sha256: string }> {
  const bytes = readBytes(options.dataset, "dataset file");
  const { loadDataset } = await pluginModule("dataset");
  const { instancesOf } = await pluginModule("datasetInstances");
  let dataset: Dataset;
  try {
    dataset = await loadDataset(options.dataset);
  } catch (error) {
    // The dataset module reports a malformed file as one line of its own.
    throw new UserError(messageOf(error));
  }
  let instances: Instance[];
  try {
    instances = instancesOf(dataset, { ...(options.words !== null ? { words: options.words } : {}), ...(options.decoys !== null ? { decoys: options.decoys } : {}) });
  } catch (error) {
    throw new UserError(`--words/--decoys: ${messageOf(error)}`);
  }
  return { dataset, instances, sha256: sha256Of(bytes) };
}

async function generatorFor(spec: string, ctx: RunContext): Promise<MessageGenerator> {
  if (spec.startsWith("llm:")) return (await pluginModule("llm")).createLlmGenerator(spec, ctx);
  return (await pluginModule("generators")).createBuiltinGenerator(spec, ctx);
}

async function evaluatorFor(spec: string, ctx: RunContext): Promise<Evaluator> {
  if (spec.startsWith("llm:")) return (await pluginModule("llm")).createLlmEvaluator(spec, ctx);
  return (await pluginModule("lexicalEvaluator")).createLexicalEvaluatorForSpec(spec);
}

/** A plug-in that rejects a spec (bad model syntax, unreachable config) is the user's error to fix. */
async function built<T>(what: string, build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`${what}: ${messageOf(error)}`);
  }
}

export async function prepareRun(options: BenchOptions, ctx: RunContext): Promise<PreparedRun> {
  const { dataset, instances: fromDataset, sha256 } = await datasetInstances(options);
  const storedDecoys = new Map(dataset.categories.map((c) => [c.category, c.decoys]));
  let instances = roundRobinByCategory(fromDataset);
  let generator: MessageGenerator;
  let messageFilePath: string | null = null;
  let messageFileSha256: string | null = null;
  if (options.generator.startsWith("file:")) {
    messageFilePath = options.generator.slice("file:".length);
    messageFileSha256 = sha256Of(readBytes(messageFilePath, "message file"));
    const file = loadMessageFile(messageFilePath, fromDataset, { decoysSupplied: options.decoysFrom !== null, words: options.words });
    const { rounds, chameleonClues } = file.skipped;
    if (rounds + chameleonClues > 0) ctx.log(`${messageFilePath}: skipped ${rounds} round lines and ${chameleonClues} clues given by the chameleon (it never knew the secret)`);
    instances = file.instances;
    generator = file.generator;
  } else {
    generator = await built(`--generator ${options.generator}`, () => generatorFor(options.generator, ctx));
  }
  const evaluators: Evaluator[] = [];
  for (const spec of options.evaluators) evaluators.push(await built(`--evaluator ${spec}`, () => evaluatorFor(spec, ctx)));
  const ids = evaluators.map((e) => e.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new UserError(`two --evaluator options name the same judge (${twice})`);

  return {
    instances,
    generator,
    evaluators,
    datasetPath: options.dataset,
    messageFilePath,
    // LLM-written decoys are not mixed with the dataset's.
    spareDecoysOf: (category) => (options.decoysFrom ? [] : (storedDecoys.get(category) ?? [])),
    usesLlm: [options.generator, ...options.evaluators, options.decoysFrom ?? ""].some((s) => s.startsWith("llm:")),
    identity: {
      generator: options.generator,
      evaluators: options.evaluators,
      seed: options.seed,
      words: options.words,
      decoys: options.decoys,
      decoysFrom: options.decoysFrom,
      noLogprobs: options.noLogprobs,
      datasetSha256: sha256,
      messageFileSha256,
    },
  };
}

/** Replaces the dataset's decoys with LLM-written ones (Appendix C), one request per distinct card. */
export async function withLlmDecoys(instances: readonly Instance[], spec: string, count: number | null, ctx: RunContext): Promise<Instance[]> {
  const source = await built(`--decoys-from ${spec}`, async () => (await pluginModule("llm")).createLlmDecoySource(spec, ctx));
  const byCard = new Map<string, Promise<string[]>>();
  const keyOf = (i: Instance) => `${i.category}\u0000${i.words.join("\u0000")}`;
  for (const instance of instances) {
    const key = keyOf(instance);
    if (!byCard.has(key)) byCard.set(key, source.decoysFor(instance.category, instance.words, count ?? instance.decoys.length));
  }
  const decoys = new Map(await Promise.all([...byCard].map(async ([key, pending]) => [key, await pending] as const)));
  return instances.map((i) => ({ ...i, decoys: decoys.get(keyOf(i))! }));
}
