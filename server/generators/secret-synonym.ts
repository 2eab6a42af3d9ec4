/** Baseline: a secret-level message, a synonym of the secret with documented fallbacks (server/lexicon/baseline-messages.ts). */
import type { Instance, MessageGenerator } from "../../shared/sneak/types";
import { secretSynonym } from "../lexicon/baseline-messages";
import { getRelatedness } from "../lexicon/relatedness";

export function createSecretSynonymGenerator(): MessageGenerator {
  return {
    id: "secret-synonym",
    async generate(instance: Instance) {
      const { message, source } = secretSynonym(getRelatedness(), instance.category, instance.words, instance.secret);
      return { message, detail: { source } };
    },
  };
}
