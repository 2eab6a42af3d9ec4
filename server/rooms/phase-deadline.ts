import type { GameAction, GameState, PlayerId } from "../../shared/game/types";
import type { Agent } from "../agents/agent";
import { dutyOf } from "./bot-duties";
import type { SeatDriver } from "./seat-driver";

/** What a deadline needs: the state now, the fallback bot's answers for an idle seat, and the clock. */
export interface DeadlineHost {
  state(): GameState | null;
  isClosed(): boolean;
  seats: Pick<SeatDriver, "legalClue" | "standInTieBreak">;
  fallbackAgent: Agent;
  now(): number;
}

/**
 * The `timeout` action for a phase deadline that passed, with the fallback bot's clue for the player whose
 * turn ran out, or its choice for an idle dealer's tie-break (docs/GAME-RULES.md); null when there is nothing
 * to do (no table, or the state moved on while the fallback bot thought).
 */
export async function timeoutAt(host: DeadlineHost, deadline: number): Promise<GameAction | null> {
  const state = host.state();
  if (!state || host.isClosed() || state.deadline !== deadline) return null;
  let fallbackClue: string | undefined;
  let fallbackAccused: PlayerId | undefined;
  const round = state.rounds[state.rounds.length - 1];
  if (state.phase === "clues" && round) {
    const turnId = round.order.find((id) => !round.clues.some((c) => c.playerId === id)) ?? round.order[round.clues.length];
    const duty = turnId ? dutyOf(state, turnId) : null;
    if (duty) fallbackClue = await host.seats.legalClue(turnId, duty, host.fallbackAgent);
    if (host.state()?.deadline !== deadline) return null;
  }
  if (state.phase === "tieBreak" && round) {
    // An idle dealer's tie-break: the fallback bot chooses for them, as for a timed-out clue (docs/GAME-RULES.md).
    fallbackAccused = await host.seats.standInTieBreak(round.dealerId);
    if (host.state()?.deadline !== deadline) return null;
  }
  return { type: "timeout", now: Math.max(host.now(), deadline), fallbackClue, fallbackAccused };
}
