import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { resolve } from "node:path";
import { z } from "zod";
import { UserError } from "./user-error";

/**
 * The flags of `npm run bench -- …` and their validation. Parsing yields BenchOptions or a UserError;
 * it never touches the file system or the plug-ins.
 */
export const BUILTIN_GENERATORS = ["random", "category-synonym", "secret-synonym", "lexical", "bot"] as const;
export const REPO_ROOT = resolve(import.meta.dirname, "../..");
export const DEFAULT_DATASET = resolve(REPO_ROOT, "data/sneak-dataset.json");
export const DEFAULT_CACHE_DIR = resolve(REPO_ROOT, ".cache/llm");

export interface BenchOptions {
  generator: string;
  evaluators: string[];
  limit: number | null;
  seed: number;
  /** Candidate words per instance (Appendix E.4); null: the dataset's 12. */
  words: number | null;
  /** Decoy messages per instance; null: the dataset's default (5). */
  decoys: number | null;
  decoysFrom: string | null;
  dataset: string;
  outDir: string | null;
  resume: boolean;
  concurrency: number;
  timeoutMs: number;
  cacheDir: string | null;
  noLogprobs: "error" | "sample";
  showPrompts: boolean;
  /** Flags the user typed (not defaults): a resumed run takes the others from the saved config. */
  given: Set<string>;
}

const EXAMPLES = `
Examples:
  npm run bench -- --generator secret-synonym --out out/baseline
  npm run bench -- --generator lexical --evaluator lexical --limit 117 --seed 1 --out out/lexical
  npm run bench -- --generator file:clues.jsonl --out out/human
  npm run bench -- --generator random --words 8 --decoys 3 --out out/sensitivity-8-3
  OPENAI_BASE_URL=http://127.0.0.1:8000/v1 npm run bench -- --generator lexical \\
      --evaluator llm:judge-a --evaluator llm:judge-b@http://127.0.0.1:8001/v1 --out out/llm
  npm run bench -- --resume out/llm          (continue an interrupted run)
  npm run bench -- --show-prompts

Outputs in DIR: results.jsonl (one record per instance, metrics as fractions in [0,1]),
summary.json (means ×100, failures, config, timings in ms), report.md (tables ×100),
tradeoff.svg (utility vs leakage per instance). See docs/BENCHMARK.md.`;

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function benchProgram(): Command {
  const program = new Command()
    .name("npm run bench --")
    .description("Score a message generator on the SNEAK dataset and write results.jsonl, summary.json, report.md and tradeoff.svg.")
    .addOption(
      new Option("--generator <spec>", `exactly one of ${BUILTIN_GENERATORS.join("|")}, file:PATH (JSONL of messages), llm:MODEL[+cot|+sets|+rmr][@URL]`).argParser(
        (value: string, previous: string | undefined) => {
          if (previous !== undefined) throw new InvalidArgumentError("give exactly one --generator (one run scores one generator; compare runs with npm run bench:table)");
          return value;
        },
      ),
    )
    .addOption(new Option("--evaluator <spec>", "lexical (WordNet + vectors; lexical:wordnet, lexical:vectors for one signal) or llm:MODEL[@URL]; repeat to average several judges (default: lexical)").argParser(collect))
    .option("--limit <n>", "score only the first N instances (round-robin over categories, so a small N covers many)")
    .option("--seed <s>", "seed for option orders and sampling", "0")
    .option("--words <k>", "candidate words per instance |W| (Appendix E.4; default: the dataset's 12)")
    .option("--decoys <d>", "decoy messages per instance, |M| − 1 (default: 5)")
    .option("--decoys-from <spec>", "generate the decoys with llm:MODEL[@URL] (Appendix C) instead of the dataset's WordNet decoys")
    .addOption(new Option("--dataset <file>", "dataset file").default(DEFAULT_DATASET, "data/sneak-dataset.json"))
    .option("--out <dir>", "run folder for the four output files (required unless --show-prompts or --resume)")
    .option("--resume <dir>", "continue the run in DIR: skip the instances already in its results.jsonl (flags left out are taken from the run)")
    .option("--concurrency <n>", "most LLM requests in flight per endpoint; instances in flight are twice this", "4")
    .option("--timeout <ms>", "per-request deadline for LLM endpoints, in milliseconds", "30000")
    .option("--cache <dir>", "LLM response cache folder (default: .cache/llm in the repository)")
    .option("--no-cache", "send every LLM request, keep no cache")
    .addOption(new Option("--no-logprobs <mode>", "when an LLM judge's provider returns no logprobs: error (stop) or sample (generation fallback, flagged)").choices(["error", "sample"]))
    .option("--show-prompts", "print every LLM prompt template and exit")
    .helpOption("-h, --help", "show this help")
    .addHelpText("after", EXAMPLES)
    .allowExcessArguments(false)
    .exitOverride()
    .configureOutput({ writeErr: () => {}, outputError: () => {} });
  return program;
}

const positiveInt = (flag: string) =>
  z.string().regex(/^\d+$/, `${flag} must be a positive integer`).transform(Number).refine((n) => Number.isSafeInteger(n) && n >= 1, `${flag} must be a positive integer`);

const rawSchema = z.object({
  generator: z.string().min(1).optional(),
  evaluator: z.array(z.string().min(1)).optional(),
  limit: positiveInt("--limit").optional(),
  seed: z.string().regex(/^\d+$/, "--seed must be a non-negative integer").transform(Number).refine((n) => n <= 0xffffffff, "--seed must be below 2^32"),
  words: positiveInt("--words").refine((n) => n >= 2, "--words must be at least 2").optional(),
  decoys: positiveInt("--decoys").optional(),
  decoysFrom: z.string().regex(/^llm:.+/, "--decoys-from must be llm:MODEL[@URL]").optional(),
  dataset: z.string().min(1),
  out: z.string().min(1).optional(),
  resume: z.string().min(1).optional(),
  concurrency: positiveInt("--concurrency"),
  timeout: positiveInt("--timeout"),
  cache: z.union([z.string().min(1), z.boolean()]).optional(),
  logprobs: z.union([z.enum(["error", "sample"]), z.literal(true)]).optional(),
  showPrompts: z.boolean().optional(),
});

/** The spec's kind, or a UserError naming what is accepted. */
export function checkGeneratorSpec(spec: string): void {
  if ((BUILTIN_GENERATORS as readonly string[]).includes(spec)) return;
  if (/^file:.+/.test(spec) || /^llm:.+/.test(spec)) return;
  throw new UserError(`unknown generator "${spec}": use one of ${BUILTIN_GENERATORS.join(", ")}, file:PATH or llm:MODEL[@URL]`);
}

export function checkEvaluatorSpec(spec: string): void {
  if (/^lexical(:(combined|wordnet|vectors))?$/.test(spec) || /^llm:.+/.test(spec)) return;
  throw new UserError(`unknown evaluator "${spec}": use lexical (or lexical:wordnet, lexical:vectors) or llm:MODEL[@URL]`);
}

/** Parses argv (without node and script). Help is a UserError-free early exit signalled by null. */
export function parseBenchArgs(argv: readonly string[], out: (text: string) => void = (t) => process.stdout.write(t)): BenchOptions | null {
  const program = benchProgram();
  program.configureOutput({ writeOut: out, writeErr: () => {}, outputError: () => {} });
  try {
    program.parse([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "commander.helpDisplayed" || error.code === "commander.help") return null;
      throw new UserError(error.message.replace(/^error:\s*/, ""));
    }
    throw error;
  }
  const parsed = rawSchema.safeParse(program.opts());
  if (!parsed.success) throw new UserError(parsed.error.issues.map((i) => i.message).join("; "));
  const o = parsed.data;
  const given = new Set(program.options.map((opt) => opt.attributeName()).filter((name) => program.getOptionValueSource(name) === "cli"));

  const evaluators = o.evaluator ?? ["lexical"];
  evaluators.forEach(checkEvaluatorSpec);
  if (new Set(evaluators).size !== evaluators.length) throw new UserError("the same --evaluator is given twice");
  if (o.generator !== undefined) checkGeneratorSpec(o.generator);
  if (o.out && o.resume && resolve(o.out) !== resolve(o.resume)) throw new UserError("--out and --resume name different folders; --resume DIR alone continues the run in DIR");
  const showPrompts = o.showPrompts === true;
  if (!showPrompts) {
    if (!o.out && !o.resume) throw new UserError("--out DIR is required (or --resume DIR, or --show-prompts); see --help");
    if (!o.generator && !o.resume) throw new UserError("--generator is required; see --help");
  }

  return {
    generator: o.generator ?? "",
    evaluators,
    limit: o.limit ?? null,
    seed: o.seed,
    words: o.words ?? null,
    decoys: o.decoys ?? null,
    decoysFrom: o.decoysFrom ?? null,
    dataset: resolve(o.dataset),
    outDir: o.resume ? resolve(o.resume) : o.out ? resolve(o.out) : null,
    resume: o.resume !== undefined,
    concurrency: o.concurrency,
    timeoutMs: o.timeout,
    cacheDir: o.cache === false ? null : typeof o.cache === "string" ? resolve(o.cache) : DEFAULT_CACHE_DIR,
    noLogprobs: o.logprobs === "sample" ? "sample" : "error",
    showPrompts,
    given,
  };
}
