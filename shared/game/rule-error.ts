import type { ActionResult, GameState, RuleError, RuleErrorCode } from "./types";

/** A refused action: the caller keeps its state and shows `message` to the actor. */
export function ruleError(code: RuleErrorCode, message: string): RuleError {
  return { ok: false, code, message };
}

export function accepted(state: GameState): ActionResult {
  return { ok: true, state };
}
