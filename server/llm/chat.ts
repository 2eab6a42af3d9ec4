/**
 * One chat request for the game's LLM bots, with the benchmark's retry and timeout discipline but
 * no endpoint latch: a game server lives long, and one bad minute must not disable a bot for good.
 * The reply text, or an LlmRequestError; the caller falls back to its lexical bot.
 */
import type { PromptMessage } from "../../shared/sneak/prompts";
import { LlmClient, limiterFor, type RetryPolicy } from "./client";
import type { Endpoint } from "./spec";
import { textOf } from "./completion";

export interface ChatOnceOptions {
  timeoutMs: number;
  maxTokens: number;
  temperature: number;
  /** Cancels the request (e.g. the turn ended). */
  signal?: AbortSignal;
  /** Most requests in flight to this endpoint from the game server (default 8). */
  concurrency?: number;
  retry?: Partial<RetryPolicy>;
}

/** Bots answer within a turn: one retry by default, and the whole call stays under timeoutMs. */
const BOT_RETRY: Partial<RetryPolicy> = { retries: 1, baseDelayMs: 250, maxDelayMs: 1_000, retryAfterCapMs: 2_000 };

const clients = new Map<string, LlmClient>();

function clientFor(endpoint: Endpoint, options: ChatOnceOptions): LlmClient {
  const retry = { ...BOT_RETRY, ...options.retry };
  const key = JSON.stringify([endpoint.baseURL, endpoint.model, options.timeoutMs, options.concurrency ?? 8, retry]);
  let client = clients.get(key);
  if (!client) {
    client = new LlmClient({
      model: endpoint.model,
      baseURL: endpoint.baseURL.replace(/\/+$/, ""),
      source: "chat",
      requestTimeoutMs: options.timeoutMs,
      deadlineMs: options.timeoutMs,
      limiter: limiterFor(endpoint.baseURL.replace(/\/+$/, ""), options.concurrency ?? 8),
      cacheDir: null,
      audit: null,
      retry,
      dedupe: false,
    });
    clients.set(key, client);
  }
  return client;
}

export async function chatOnce(endpoint: Endpoint, messages: PromptMessage[], options: ChatOnceOptions): Promise<string> {
  const client = clientFor(endpoint, options);
  const body = { model: endpoint.model, messages, max_tokens: options.maxTokens, temperature: options.temperature };
  const result = await client.complete(body, "chat", options.signal);
  return textOf(result.completion);
}
