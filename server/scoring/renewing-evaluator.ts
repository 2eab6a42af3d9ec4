import type { Evaluator } from "../../shared/sneak/types";

/**
 * An LLM judge for a long-lived game server. server/llm's evaluator marks its endpoint down for good after a
 * failed request (right for a benchmark run, which should stop); a game server must not lose a judge for its
 * whole life to one bad minute. This wrapper builds a fresh judge once `cooldownMs` have passed since the
 * first failure; meanwhile calls fail fast as before (the clue's record says why).
 */
export function renewingEvaluator(create: () => Evaluator, cooldownMs = 60_000, now: () => number = Date.now): Evaluator {
  let inner = create();
  let failingSince: number | null = null;
  async function call<T>(ask: (evaluator: Evaluator) => Promise<T>): Promise<T> {
    if (failingSince !== null && now() - failingSince >= cooldownMs) {
      inner = create();
      failingSince = null;
    }
    try {
      return await ask(inner);
    } catch (error) {
      failingSince ??= now();
      throw error;
    }
  }
  return {
    id: inner.id,
    ally: (query) => call((e) => e.ally(query)),
    chameleon: (query) => call((e) => e.chameleon(query)),
    // Only when the judge has one: the room's scoring skips its preparation turn when no judge prepares.
    ...(inner.prepare ? { prepare: (category: string, words: readonly string[]) => inner.prepare?.(category, words) } : {}),
  };
}
