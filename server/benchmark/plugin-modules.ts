import type { Dataset, Evaluator, Instance, MessageGenerator } from "../../shared/sneak/types";
import type * as RealDatasetLoader from "../dataset/load-dataset";
import type * as RealDatasetInstances from "../../shared/sneak/dataset";
import type * as RealLexicalEvaluator from "../evaluators/lexical/index";
import type * as RealGenerators from "../generators/index";
import type * as RealLlm from "../llm/index";
import type { RunContext } from "./run-context";
import { UserError } from "./user-error";

/**
 * The runner's view of the modules other parts of SNEAK provide. They are imported lazily, so a run
 * that uses only the lexical pieces never loads the LLM client, and a checkout that lacks a piece
 * gives a clear error for the option that needs it instead of failing to start.
 */
export interface DatasetModule {
  loadDataset(path?: string): Dataset | Promise<Dataset>;
}
export interface DatasetInstancesModule {
  instancesOf(dataset: Dataset, options: { words?: number; decoys?: number }): Instance[];
}
export interface LexicalEvaluatorModule {
  createLexicalEvaluatorForSpec(spec: string): Evaluator | Promise<Evaluator>;
}
export interface GeneratorsModule {
  createBuiltinGenerator(name: string, ctx: RunContext): MessageGenerator | Promise<MessageGenerator>;
}
export interface LlmDecoySource {
  decoysFor(category: string, words: string[], count: number): Promise<string[]>;
}
export interface LlmModule {
  createLlmEvaluator(spec: string, ctx: RunContext): Evaluator | Promise<Evaluator>;
  createLlmGenerator(spec: string, ctx: RunContext): MessageGenerator | Promise<MessageGenerator>;
  createLlmDecoySource(spec: string, ctx: RunContext): LlmDecoySource | Promise<LlmDecoySource>;
  renderPromptCatalogue(): string;
  closeLlm(): Promise<void>;
}

/** Where each piece lives and who provides it (for the error a user sees when it is missing). */
const MODULES = {
  dataset: { path: "../dataset/load-dataset", what: "the dataset loader (server/dataset/load-dataset.ts)", exports: ["loadDataset"] },
  datasetInstances: { path: "../../shared/sneak/dataset", what: "the dataset instances (shared/sneak/dataset.ts)", exports: ["instancesOf"] },
  lexicalEvaluator: { path: "../evaluators/lexical/index", what: "the lexical evaluator (server/evaluators/lexical)", exports: ["createLexicalEvaluatorForSpec"] },
  generators: { path: "../generators/index", what: "the built-in generators (server/generators/index.ts)", exports: ["createBuiltinGenerator"] },
  llm: { path: "../llm/index", what: "the LLM plug-in (server/llm/index.ts)", exports: ["createLlmEvaluator", "createLlmGenerator", "createLlmDecoySource", "renderPromptCatalogue", "closeLlm"] },
} as const;

type ModuleName = keyof typeof MODULES;

// Type-only imports (erased at run time): the type checker confirms each real module fits the view above.
type Fits<Real extends View, View> = Real;
export type RealModulesFit = [
  Fits<typeof RealDatasetLoader, DatasetModule>,
  Fits<typeof RealDatasetInstances, DatasetInstancesModule>,
  Fits<typeof RealLexicalEvaluator, LexicalEvaluatorModule>,
  Fits<typeof RealGenerators, GeneratorsModule>,
  Fits<typeof RealLlm, LlmModule>,
];
interface ModuleTypes {
  dataset: DatasetModule;
  datasetInstances: DatasetInstancesModule;
  lexicalEvaluator: LexicalEvaluatorModule;
  generators: GeneratorsModule;
  llm: LlmModule;
}

function isMissingModule(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND" || /Cannot find module|Failed to load url|Failed to resolve/.test(String((error as Error)?.message));
}

const loaded = new Map<ModuleName, unknown>();

/** Test hook: a fake module in place of a real one. */
export function providePluginModule<N extends ModuleName>(name: N, module: ModuleTypes[N] | undefined): void {
  if (module === undefined) loaded.delete(name);
  else loaded.set(name, module);
}

/** The module if something already loaded it (closing the LLM plug-in must not load it). */
export function loadedPluginModule<N extends ModuleName>(name: N): ModuleTypes[N] | undefined {
  return loaded.get(name) as ModuleTypes[N] | undefined;
}

export async function pluginModule<N extends ModuleName>(name: N): Promise<ModuleTypes[N]> {
  const cached = loaded.get(name);
  if (cached) return cached as ModuleTypes[N];
  const { path, what, exports } = MODULES[name];
  let module: Record<string, unknown>;
  try {
    // A variable specifier keeps the type checker from requiring modules that other parts may not have landed yet.
    const specifier: string = path;
    module = (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>;
  } catch (error) {
    if (isMissingModule(error)) throw new UserError(`${what} is not available in this checkout`);
    throw error;
  }
  const absent = exports.filter((name) => typeof module[name] !== "function");
  if (absent.length > 0) throw new UserError(`${what} does not export ${absent.join(", ")} yet`);
  loaded.set(name, module);
  return module as unknown as ModuleTypes[N];
}
