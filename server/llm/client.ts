/**
 * One model on one OpenAI-compatible endpoint, with the discipline the SDK lacks: the SDK's
 * own retries are off (it obeys any Retry-After without a cap), and we retry a few times with
 * exponential backoff and full jitter, honour Retry-After up to a cap, abort each attempt after
 * a timeout and the whole request after an outer deadline. Requests pass through a per-endpoint
 * concurrency limiter, a content-addressed disk cache and the audit log.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { cacheKey, ResponseCache } from "./cache";
import type { AuditLog, AuditRecord } from "./audit";
import { parseCompletion, type Completion } from "./completion";
import { LlmRequestError } from "./errors";
import { createLimiter, type Limiter } from "./limiter";
import { adaptationsFor, adaptRequest, learnFromRefusal, reasoningTokensFromEnv, type RequestAdaptations } from "./request-adaptations";
import { apiKeyFor } from "./spec";

export type ChatBody = ChatCompletionCreateParamsNonStreaming;

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** First backoff; doubles each retry, with full jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After we wait for; a longer one is waited for this long. */
  retryAfterCapMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 8_000, retryAfterCapMs: 30_000 };

export interface LlmClientOptions {
  model: string;
  baseURL: string;
  /** Which component asks, for the audit file. */
  source: string;
  requestTimeoutMs: number;
  /** Bound on one request including all retries and waits; default 4 × requestTimeoutMs + 30 s. */
  deadlineMs?: number;
  limiter: Limiter;
  cacheDir: string | null;
  audit: AuditLog | null;
  retry?: Partial<RetryPolicy>;
  /** Injected by tests to observe waits without waiting. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  apiKey?: string;
  /** Share one answer between identical requests in flight (default true; off for sampled bot chat). */
  dedupe?: boolean;
  /** Reasoning tokens allowed on top of max_tokens for a model that takes max_completion_tokens (request-adaptations.ts). */
  reasoningTokens?: number;
}

export interface CompletionResult {
  completion: Completion;
  cached: boolean;
  key: string;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface AttemptFailure {
  message: string;
  transient: boolean;
  status?: number;
  retryAfterMs?: number;
  /** The error's `code` and `param` fields, when the server sent OpenAI's error shape. */
  code?: string | null;
  param?: string | null;
}

export class LlmClient {
  private readonly sdk: OpenAI;
  private readonly cache: ResponseCache | null;
  private readonly retry: RetryPolicy;
  private readonly inFlight = new Map<string, Promise<CompletionResult>>();
  private readonly adaptations: RequestAdaptations;
  private readonly reasoningTokens: number;
  /** Requests actually sent over the network (cache hits excluded), attempts included. */
  sent = 0;

  constructor(private readonly options: LlmClientOptions) {
    this.sdk = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey ?? apiKeyFor(options.baseURL),
      maxRetries: 0,
      timeout: Math.ceil(options.requestTimeoutMs) + 1_000,
    });
    this.cache = options.cacheDir ? new ResponseCache(options.cacheDir) : null;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.adaptations = adaptationsFor(options.baseURL, options.model);
    this.reasoningTokens = options.reasoningTokens ?? reasoningTokensFromEnv();
  }

  get model(): string {
    return this.options.model;
  }

  get baseURL(): string {
    return this.options.baseURL;
  }

  /** The completion for this exact body: from the cache, from an identical request in flight, or sent. */
  complete(body: ChatBody, purpose: string, signal?: AbortSignal): Promise<CompletionResult> {
    const key = cacheKey(this.options.model, this.options.baseURL, body);
    if (this.options.dedupe === false || signal) return this.completeUncached(key, body, purpose, signal);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = this.completeUncached(key, body, purpose).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private async completeUncached(key: string, body: ChatBody, purpose: string, signal?: AbortSignal): Promise<CompletionResult> {
    const hit = await this.cache?.get(key);
    if (hit) {
      const parsed = parseJson(hit.responseText);
      const checked = parsed.ok ? parseCompletion(parsed.value) : null;
      if (checked && "completion" in checked) {
        this.audit({ purpose, key, cached: true, request: body, response: parsed.ok ? parsed.value : undefined });
        return { completion: checked.completion, cached: true, key };
      }
    }
    const sent = await this.options.limiter.run(() => this.send(key, body, purpose, signal));
    // Written after the endpoint slot is released, but before the caller hears back: a resumed run finds it.
    await this.cache?.put({ key, model: this.options.model, baseURL: this.options.baseURL, request: body, responseText: sent.text, savedAt: new Date().toISOString() });
    return { completion: sent.completion, cached: false, key };
  }

  private async send(key: string, body: ChatBody, purpose: string, cancel?: AbortSignal): Promise<{ completion: Completion; text: string }> {
    const { retries, baseDelayMs, maxDelayMs, retryAfterCapMs } = this.retry;
    const sleep = this.options.sleep ?? realSleep;
    const random = this.options.random ?? Math.random;
    const deadline = Date.now() + (this.options.deadlineMs ?? 4 * this.options.requestTimeoutMs + 30_000);
    let last: AttemptFailure = { message: "no attempt made", transient: true };
    for (let attempt = 1; attempt <= retries + 1; attempt++) {
      if (cancel?.aborted) throw new LlmRequestError("cancelled by the caller", false);
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        last = { ...last, message: `${last.message}; gave up at the outer deadline` };
        break;
      }
      const timeoutMs = Math.min(this.options.requestTimeoutMs, remaining);
      const started = Date.now();
      // The cache key is the caller's request; the wire carries it in the form this model accepts.
      const wire = adaptRequest(body, this.adaptations, this.reasoningTokens);
      const outcome = await this.attempt(wire, timeoutMs, cancel);
      const durationMs = Date.now() - started;
      if ("text" in outcome) {
        const parsed = parseJson(outcome.text);
        const checked = parsed.ok ? parseCompletion(parsed.value) : { problem: `malformed JSON (${parsed.error})` };
        this.audit({
          purpose,
          key,
          cached: false,
          attempt,
          status: outcome.status,
          durationMs,
          request: wire,
          ...(parsed.ok ? { response: parsed.value } : { responseText: outcome.text }),
          ...("problem" in checked ? { error: checked.problem } : {}),
        });
        if ("completion" in checked) return { completion: checked.completion, text: outcome.text };
        last = { message: `${checked.problem} from ${this.options.baseURL}`, transient: true, status: outcome.status };
      } else {
        last = outcome;
        this.audit({ purpose, key, cached: false, attempt, status: outcome.status, durationMs, request: wire, error: outcome.message, ...(outcome.body !== undefined ? { responseText: outcome.body } : {}) });
        // A refused field (a reasoning model and max_tokens, temperature, logprobs): resend without it, at
        // once and without spending a retry. Each field is learned once, so this ends.
        if (learnFromRefusal(this.adaptations, outcome)) {
          console.error(`${this.options.model} at ${this.options.baseURL} refused "${outcome.param}": ${outcome.param === "max_tokens" ? `sending max_completion_tokens (the answer's budget + ${this.reasoningTokens} reasoning tokens)` : "leaving it out"} from now on`);
          attempt--;
          continue;
        }
      }
      if (!last.transient || attempt > retries) break;
      const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)) * random();
      const delay = last.retryAfterMs !== undefined ? Math.min(last.retryAfterMs, retryAfterCapMs) : backoff;
      if (Date.now() + delay >= deadline) {
        last = { ...last, message: `${last.message}; the next retry would pass the outer deadline` };
        break;
      }
      await sleep(delay);
    }
    if (cancel?.aborted) throw new LlmRequestError("cancelled by the caller", false);
    throw new LlmRequestError(last.message, last.transient, last.status);
  }

  /** One HTTP attempt: the raw body of a 2xx answer, or why it failed. */
  private async attempt(body: ChatBody, timeoutMs: number, cancel?: AbortSignal): Promise<{ text: string; status: number } | (AttemptFailure & { body?: string })> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
    this.sent++;
    try {
      const response = await this.sdk.chat.completions.create(body, { signal, maxRetries: 0, timeout: Math.ceil(timeoutMs) + 1_000 }).asResponse();
      const text = await response.text();
      return { text, status: response.status };
    } catch (error) {
      if (cancel?.aborted) return { message: "cancelled by the caller", transient: false };
      return classify(error, timeout.aborted, timeoutMs);
    }
  }

  private audit(record: Omit<AuditRecord, "time" | "source" | "model" | "baseURL">): void {
    this.options.audit?.write({ time: new Date().toISOString(), source: this.options.source, model: this.options.model, baseURL: this.options.baseURL, ...record });
  }
}

function classify(error: unknown, timedOut: boolean, timeoutMs: number): AttemptFailure & { body?: string } {
  if (timedOut || error instanceof APIConnectionTimeoutError || (error instanceof APIUserAbortError && timedOut)) {
    return { message: `no answer within ${timeoutMs} ms`, transient: true };
  }
  if (error instanceof APIError && typeof error.status === "number") {
    const status = error.status;
    const transient = status === 408 || status === 409 || status === 429 || status >= 500;
    const detail = error.message.replace(/\s+/g, " ").slice(0, 300);
    const hint = status === 401 || status === 403 ? " (check OPENAI_API_KEY)" : status === 404 ? " (check the model name and that the URL ends in /v1)" : "";
    const body = error.error === undefined ? undefined : JSON.stringify(error.error);
    return { message: `HTTP ${status}: ${detail}${hint}`, transient, status, retryAfterMs: retryAfterMsOf(error.headers), body, code: error.code, param: error.param };
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${(error.cause as Error & { cause?: Error }).cause?.message ?? error.cause.message}` : "";
    return { message: `connection failed${cause}`, transient: true };
  }
  return { message: error instanceof Error ? error.message : String(error), transient: true };
}

/** Retry-After as seconds or an HTTP date, or retry-after-ms; undefined when absent or unreadable. */
export function retryAfterMsOf(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && Number.isFinite(Number.parseFloat(ms))) return Math.max(0, Number.parseFloat(ms));
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  const seconds = Number(value.trim());
  if (value.trim() !== "" && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.slice(0, 120) : "unreadable" };
  }
}

const limiters = new Map<string, Limiter>();

/** One limiter per endpoint URL, so two judges served by the same server share its slots. */
export function limiterFor(baseURL: string, concurrency: number): Limiter {
  const key = `${baseURL} ${concurrency}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = createLimiter(concurrency);
    limiters.set(key, limiter);
  }
  return limiter;
}

export function resetLimiters(): void {
  limiters.clear();
}
