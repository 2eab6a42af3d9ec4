/** Errors the LLM layer throws to its callers. */

/**
 * An endpoint that keeps failing (retries exhausted, refused credentials, unknown model, no
 * logprobs when they are required). The benchmark runner stops on it and keeps what was scored.
 */
export class EndpointDownError extends Error {
  constructor(
    readonly endpoint: string,
    reason: string,
  ) {
    super(`LLM endpoint ${endpoint} is unusable: ${reason}`);
    this.name = "EndpointDownError";
  }
}

/** One request that failed after its retries; the endpoint may still be fine (used by chatOnce). */
export class LlmRequestError extends Error {
  constructor(
    message: string,
    /** True when retrying later might succeed (timeouts, 429, 5xx, connection errors). */
    readonly transient: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "LlmRequestError";
  }
}

/** Bad `llm:` spec or configuration: a one-line message for the user. */
export class LlmConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LlmConfigError";
  }
}
