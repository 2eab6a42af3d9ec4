/**
 * The paper's three baselines as generators, apart from the bots': the judge's fitting (server/evaluators/lexical/
 * fit-judge.ts) and the paper's figures use these alone, so that nothing the judge imports reaches the bots'
 * clue book (test/unit/judge-reads-no-book.test.ts).
 */
import type { MessageGenerator } from "../../shared/sneak/types";
import type { RunContext } from "../benchmark/run-context";
import { createCategorySynonymGenerator } from "./category-synonym";
import { createRandomGenerator } from "./random";
import { createSecretSynonymGenerator } from "./secret-synonym";

export const BASELINE_GENERATOR_NAMES = ["random", "category-synonym", "secret-synonym"] as const;
export type BaselineGeneratorName = (typeof BASELINE_GENERATOR_NAMES)[number];

export function createBaselineGenerator(name: BaselineGeneratorName, ctx: RunContext): MessageGenerator {
  switch (name) {
    case "random":
      return createRandomGenerator(ctx.seed);
    case "category-synonym":
      return createCategorySynonymGenerator();
    case "secret-synonym":
      return createSecretSynonymGenerator();
  }
}
