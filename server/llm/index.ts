/**
 * The LLM plug-in's public face: judges, generators and decoy writers built from `llm:` specs
 * for the benchmark runner, and one-shot chat for the game's bots. See docs/LLM.md.
 */
import { promptCatalogue } from "../../shared/sneak/prompts";
import { flushAuditLogs } from "./audit";

export { parseModelSpec, parseJudgeSpec, apiKeyFor, type ModelSpec, type Endpoint } from "./spec";
export { createLlmEvaluator, TOP_LOGPROBS } from "./evaluator";
export { createLlmGenerator } from "./generator";
export { createLlmDecoySource, filteredDecoys, type LlmDecoySource } from "./decoys";
export { chatOnce, type ChatOnceOptions } from "./chat";
export { EndpointDownError, LlmRequestError, LlmConfigError } from "./errors";
export type { LlmOptions } from "./session";

/** Every prompt, rendered for an example instance (`--show-prompts`). */
export function renderPromptCatalogue(): string {
  return promptCatalogue();
}

/** Waits until every audit record is on disk. Cache entries are written before a request resolves, so they need no flush. */
export async function closeLlm(): Promise<void> {
  await flushAuditLogs();
}
