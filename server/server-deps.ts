import type { Dataset, Evaluator } from "../shared/sneak/types";
import { DEFAULT_RUN_CONTEXT } from "./benchmark/run-context";
import type { Agent } from "./agents/agent";
import { LexicalAgent } from "./agents/lexical-agent";
import { LlmAgent, type ChatFn } from "./agents/llm-agent";
import type { ServerConfig } from "./config";
import type { Deck } from "./dataset/deck";
import { renewingEvaluator } from "./scoring/renewing-evaluator";

/** Everything the server plays with. `startServer` builds the defaults (`defaultDeps` below); tests may swap parts. */
export interface GameDeps {
  dataset: Dataset;
  /** The game's cards derived from the dataset (data/sneak-deck.json); without it the dataset's words are dealt as they are. */
  deck?: Deck;
  evaluators: Evaluator[];
  agentFor(profile: string): Agent;
  fallbackAgent: Agent;
}

/**
 * The pieces a default server plays with: the dataset file, the configured evaluators, the lexical bot and
 * the LLM bots of the configured models. Loaded lazily so that a server with no LLM configured never loads
 * the LLM client.
 */
export async function defaultDeps(config: ServerConfig, log: (line: string) => void): Promise<GameDeps> {
  const dataset = await loadDatasetFile(config.datasetPath);
  const deck = await loadDeckFile(log);
  const fallbackAgent = await createLexicalAgent(log);
  const evaluators = await evaluatorsFor(config.evaluators, log);
  const chatFor = config.botModels.length > 0 ? await llmChat(config) : undefined;
  const llmAgents = new Map<string, Agent>();
  return {
    dataset,
    deck,
    evaluators,
    fallbackAgent,
    agentFor(profile: string): Agent {
      if (!profile.startsWith("llm:") || !chatFor) return fallbackAgent;
      const model = profile.slice(4);
      let agent = llmAgents.get(model);
      if (!agent) {
        agent = new LlmAgent(model, chatFor(model), fallbackAgent, config.botTimeoutMs, log);
        llmAgents.set(model, agent);
      }
      return agent;
    },
  };
}

export async function loadDatasetFile(path?: string): Promise<Dataset> {
  const { loadDataset } = (await import("./dataset/load-dataset")) as { loadDataset(path?: string): Dataset | Promise<Dataset> };
  return loadDataset(path);
}

/** The committed deck, or undefined (and a log line) when it cannot be read: the dataset's cards are dealt then. */
export async function loadDeckFile(log: (line: string) => void): Promise<Deck | undefined> {
  const { loadDeck } = await import("./dataset/load-deck");
  try {
    return loadDeck();
  } catch (error) {
    log(`${(error as Error).message}; dealing the dataset's words uncollapsed`);
    return undefined;
  }
}

export async function createLexicalAgent(log?: (line: string) => void): Promise<Agent> {
  const { createLexicalBrain } = await import("./agents/lexical-brain");
  const { defaultClueBook } = await import("./clue-book/default-book");
  // Without the book every card is played as a custom card is: say so once, so a missing file is not a silent downgrade.
  if (!defaultClueBook()) log?.("no clue book (data/clue-book.json): the bots clue every card from the lexical model");
  return new LexicalAgent(createLexicalBrain());
}

export async function evaluatorsFor(specs: readonly string[], log: (line: string) => void): Promise<Evaluator[]> {
  const evaluators: Evaluator[] = [];
  for (const spec of specs) {
    if (spec.startsWith("lexical")) {
      const { createLexicalEvaluatorForSpec } = await import("./evaluators/lexical/index");
      evaluators.push(createLexicalEvaluatorForSpec(spec));
    } else {
      const { createLlmEvaluator } = await import("./llm/index");
      evaluators.push(renewingEvaluator(() => createLlmEvaluator(spec, { ...DEFAULT_RUN_CONTEXT, log })));
    }
  }
  return evaluators;
}

/** A chat function per model, over server/llm's chatOnce. `MODEL` uses OPENAI_BASE_URL; `MODEL@URL` its own endpoint. */
async function llmChat(config: ServerConfig): Promise<(model: string) => ChatFn> {
  const { chatOnce, parseModelSpec } = await import("./llm/index");
  // Parse every offered model now, so that a typo stops start-up instead of the first bot's turn.
  const specs = new Map(config.botModels.map((model) => [model, parseModelSpec(`llm:${model}`)]));
  return (model) => {
    const spec = specs.get(model) ?? parseModelSpec(`llm:${model}`);
    return (messages, signal) =>
      chatOnce({ model: spec.model, baseURL: spec.baseURL }, messages, { timeoutMs: config.botTimeoutMs, maxTokens: 200, temperature: 0.7, signal });
  };
}
