/**
 * Builds the client for one `llm:` spec in a benchmark run and guards it: the first request that
 * fails after its retries marks the endpoint down, and every later call on it fails at once with
 * the same EndpointDownError, so a run stops quickly and keeps what it scored.
 */
import { join } from "node:path";
import type { RunContext } from "../benchmark/run-context";
import type { MissingLetterRule } from "../../shared/sneak/labels";
import { auditLogAt } from "./audit";
import { LlmClient, limiterFor, type ChatBody, type CompletionResult, type RetryPolicy } from "./client";
import { EndpointDownError, LlmConfigError, LlmRequestError } from "./errors";
import type { ModelSpec } from "./spec";

/** Knobs that are not run flags: tests shorten the waits; researchers may pick the strict letter rule. */
export interface LlmOptions {
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  deadlineMs?: number;
  /** Samples per judgement in the generation fallback (default 5). */
  fallbackSamples?: number;
  /** Default "floor"; "fail" (or SNEAK_LLM_MISSING_LETTERS=fail) makes any missing letter a parsing failure. */
  missingLetters?: MissingLetterRule;
  /** How long an endpoint that failed stays down before it is tried again (default 60 s). */
  downForMs?: number;
}

export const DEFAULT_DOWN_FOR_MS = 60_000;

/**
 * Extra request fields for every benchmark request, from SNEAK_LLM_EXTRA_BODY (a JSON object), e.g.
 * `{"chat_template_kwargs":{"enable_thinking":false}}` so that a thinking model's first token is an answer.
 * They are part of the request body, hence of the cache key and the audit record.
 */
export function extraBodyFromEnv(env: Record<string, string | undefined> = process.env): Record<string, unknown> {
  const raw = env.SNEAK_LLM_EXTRA_BODY?.trim();
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new LlmConfigError(`SNEAK_LLM_EXTRA_BODY is not JSON: ${raw.slice(0, 80)}`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new LlmConfigError("SNEAK_LLM_EXTRA_BODY must be a JSON object");
  return parsed as Record<string, unknown>;
}

export class GuardedModel {
  readonly client: LlmClient;
  private readonly extraBody = extraBodyFromEnv();
  private down: EndpointDownError | null = null;
  /** Until when calls fail without a request; Infinity for configuration problems (no logprobs). */
  private downUntil = 0;

  constructor(
    readonly spec: ModelSpec,
    readonly ctx: RunContext,
    readonly options: LlmOptions,
  ) {
    this.client = new LlmClient({
      model: spec.model,
      baseURL: spec.baseURL,
      source: spec.id,
      requestTimeoutMs: ctx.requestTimeoutMs,
      deadlineMs: options.deadlineMs,
      limiter: limiterFor(spec.baseURL, ctx.concurrency),
      cacheDir: ctx.cacheDir,
      audit: ctx.outDir ? auditLogAt(join(ctx.outDir, "audit.jsonl")) : null,
      retry: options.retry,
      sleep: options.sleep,
    });
  }

  async complete(body: Omit<ChatBody, "model">, purpose: string): Promise<CompletionResult> {
    if (this.down && Date.now() < this.downUntil) throw this.down;
    try {
      return await this.client.complete({ model: this.spec.model, ...this.extraBody, ...body } as ChatBody, purpose);
    } catch (error) {
      if (error instanceof LlmRequestError) throw this.markDown(error.message);
      throw error;
    }
  }

  /**
   * Marks the endpoint down: every call fails at once with the same error, for a while (a game
   * server that scores clues tries again after a bad minute; a benchmark run stops at the first).
   * The runner prints the error when it stops; logging it here too would say it twice.
   */
  markDown(reason: string, permanent = false): EndpointDownError {
    if (!this.down || Date.now() >= this.downUntil) this.down = new EndpointDownError(`${this.spec.model} at ${this.spec.baseURL}`, reason);
    this.downUntil = permanent ? Infinity : Date.now() + (this.options.downForMs ?? DEFAULT_DOWN_FOR_MS);
    return this.down;
  }
}
