import type { Instance } from "../../shared/sneak/types";

/** One small benchmark instance for the LLM-path tests, whose fake models answer about its words. */
export const RABBIT_INSTANCE: Instance = {
  id: "animals/rabbit",
  category: "animals",
  words: ["dog", "cat", "horse", "lion", "tiger", "rabbit"],
  secret: "rabbit",
  decoys: ["pets", "wild", "mammals", "fur", "legs"],
};
