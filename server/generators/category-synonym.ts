/** Baseline: a category-level message, a synonym or close lexicalization of the category name (server/lexicon/baseline-messages.ts). */
import type { Instance, MessageGenerator } from "../../shared/sneak/types";
import { categorySynonym } from "../lexicon/baseline-messages";
import { getRelatedness } from "../lexicon/relatedness";

export function createCategorySynonymGenerator(): MessageGenerator {
  return {
    id: "category-synonym",
    async generate(instance: Instance) {
      const { message, source } = categorySynonym(getRelatedness(), instance.category, instance.words);
      return { message, detail: { source } };
    },
  };
}
