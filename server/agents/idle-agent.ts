import type { Agent } from "./agent";

/**
 * An agent that answers at once without thinking (a fixed clue, the first player, the first option): for
 * measuring what a room itself costs (server/perf) and for tests where the bots' choices do not matter.
 */
export const idleAgent: Agent = {
  kind: "lexical",
  clue: async () => ({ value: "idle", source: "lexical" }),
  vote: async (view) => ({ value: view.players[0].playerId, source: "lexical" }),
  tieBreak: async (_view, tied) => ({ value: tied[0], source: "lexical" }),
  guess: async (_view, options) => ({ value: options[0], source: "lexical" }),
};
