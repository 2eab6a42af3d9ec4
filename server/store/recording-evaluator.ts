import type { AllyQuery, ChameleonQuery, Evaluator, Judgement } from "../../shared/sneak/types";
import type { EvaluatorCallRecord } from "./records";

/**
 * An evaluator that reports every request and answer to `record` and otherwise behaves exactly like the one
 * it wraps (same id, same answers, same errors). The game log keeps these calls; exports rebuild each clue's
 * option orders, distributions and scores from them.
 */
export function recordingEvaluator(inner: Evaluator, record: (call: EvaluatorCallRecord) => void, now: () => number = performance.now.bind(performance)): Evaluator {
  async function call(role: "ally" | "chameleon", request: AllyQuery | ChameleonQuery, run: () => Promise<Judgement>): Promise<Judgement> {
    const started = now();
    try {
      const answer = await run();
      safely(() => record({ kind: "evaluator-call", evaluator: inner.id, role, request, answer, latencyMs: now() - started }));
      return answer;
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      safely(() => record({ kind: "evaluator-call", evaluator: inner.id, role, request, answer: { failure }, latencyMs: now() - started }));
      throw error;
    }
  }
  return {
    id: inner.id,
    ally: (query) => call("ally", query, () => inner.ally(query)),
    chameleon: (query) => call("chameleon", query, () => inner.chameleon(query)),
    // Only when the inner judge has one: the room's scoring skips its preparation turn when no judge prepares.
    ...(inner.prepare ? { prepare: (category: string, words: readonly string[]) => inner.prepare?.(category, words) } : {}),
  };
}

/** Logging must never change what the game sees: a failed write is reported, not thrown into scoring. */
function safely(write: () => void): void {
  try {
    write();
  } catch (error) {
    console.error(`game log: could not record an evaluator call: ${error instanceof Error ? error.message : String(error)}`);
  }
}
