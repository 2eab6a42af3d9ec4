/**
 * Request fields a model refuses, learned from its own error replies, so that one request shape works on
 * every OpenAI-compatible endpoint. OpenAI's reasoning models (o1, o3, o4-mini, gpt-5 …) answer a request
 * with `max_tokens` by HTTP 400 `unsupported_parameter` ("use 'max_completion_tokens' instead"), one with
 * `temperature: 0` by `unsupported_value`, and refuse `logprobs`. The client then resends the request
 * without the field (or with `max_completion_tokens`), and every later request to that model on that
 * endpoint goes out the same way. Nothing changes for a model that accepts the fields.
 *
 * `max_completion_tokens` counts the hidden reasoning tokens too, so it is the caller's answer budget plus
 * a reasoning budget (SNEAK_LLM_REASONING_TOKENS, default 4096): a judge's one-letter budget alone would be
 * spent on reasoning and return nothing.
 */
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { LlmConfigError } from "./errors";

export const DEFAULT_REASONING_TOKENS = 4096;

/** Fields a refusal may name that the request can go without (or, for max_tokens, say differently). */
const ADAPTABLE = new Set(["max_tokens", "temperature", "top_p", "logprobs", "top_logprobs", "seed", "presence_penalty", "frequency_penalty"]);
const REFUSAL_CODES = new Set(["unsupported_parameter", "unsupported_value"]);

export interface RequestAdaptations {
  /** `max_tokens` goes out as `max_completion_tokens`, plus the reasoning budget. */
  completionTokens: boolean;
  /** Fields left out. */
  omitted: Set<string>;
}

const byModel = new Map<string, RequestAdaptations>();

/** What this process has learned about one model on one endpoint (shared by every client of it). */
export function adaptationsFor(baseURL: string, model: string): RequestAdaptations {
  const key = `${baseURL} ${model}`;
  let adaptations = byModel.get(key);
  if (!adaptations) byModel.set(key, (adaptations = { completionTokens: false, omitted: new Set() }));
  return adaptations;
}

/** Forgets what was learned (tests). */
export function resetAdaptations(): void {
  byModel.clear();
}

/**
 * Learns from a refusal: true when it named a field this module can adapt that was not adapted yet (the
 * request is worth resending), false for any other error.
 */
export function learnFromRefusal(adaptations: RequestAdaptations, refusal: { status?: number; code?: string | null; param?: string | null }): boolean {
  const { status, code, param } = refusal;
  if (status !== 400 || !code || !param || !REFUSAL_CODES.has(code) || !ADAPTABLE.has(param)) return false;
  if (param === "max_tokens") {
    if (adaptations.completionTokens) return false;
    adaptations.completionTokens = true;
    return true;
  }
  if (adaptations.omitted.has(param)) return false;
  adaptations.omitted.add(param);
  // top_logprobs is meaningless without logprobs, and a server refusing one refuses the other.
  if (param === "logprobs") adaptations.omitted.add("top_logprobs");
  return true;
}

/** The request as it goes on the wire for this model. */
export function adaptRequest<T extends ChatCompletionCreateParamsNonStreaming>(body: T, adaptations: RequestAdaptations, reasoningTokens: number): T {
  if (!adaptations.completionTokens && adaptations.omitted.size === 0) return body;
  const wire = { ...body } as Record<string, unknown>;
  if (adaptations.completionTokens && typeof body.max_tokens === "number") {
    delete wire.max_tokens;
    wire.max_completion_tokens = body.max_tokens + reasoningTokens;
  }
  for (const field of adaptations.omitted) delete wire[field];
  return wire as unknown as T;
}

/** SNEAK_LLM_REASONING_TOKENS, or the default; a clear error for a value that is not a positive integer. */
export function reasoningTokensFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SNEAK_LLM_REASONING_TOKENS?.trim();
  if (!raw) return DEFAULT_REASONING_TOKENS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new LlmConfigError(`SNEAK_LLM_REASONING_TOKENS must be a positive integer (got "${raw}")`);
  return value;
}
