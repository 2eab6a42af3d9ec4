/**
 * The built-in message generators by name, for `npm run bench -- --generator NAME`:
 *   random            a seeded random common WordNet word (never a grid word)
 *   category-synonym  a synonym or close lexicalization of the category name
 *   secret-synonym    a synonym of the secret, with documented fallbacks
 *   lexical           the lexical bot's clue (best expected SoftScore under the lexical judge)
 *   bot               the bot as it plays: a normal informed bot's first clue of a round, from the clue book where it covers the card
 * `file:PATH` is the runner's (server/generators/file-generator.ts).
 */
import type { MessageGenerator } from "../../shared/sneak/types";
import type { RunContext } from "../benchmark/run-context";
import { createBaselineGenerator } from "./baselines";
import { createBotGenerator } from "./bot";
import { createLexicalGenerator } from "./lexical";

export const BUILTIN_GENERATOR_NAMES = ["random", "category-synonym", "secret-synonym", "lexical", "bot"] as const;
export type BuiltinGeneratorName = (typeof BUILTIN_GENERATOR_NAMES)[number];

export function isBuiltinGenerator(name: string): name is BuiltinGeneratorName {
  return (BUILTIN_GENERATOR_NAMES as readonly string[]).includes(name);
}

/** A built-in generator; throws one clear line for an unknown name. */
export function createBuiltinGenerator(name: string, ctx: RunContext): MessageGenerator {
  switch (name) {
    case "random":
    case "category-synonym":
    case "secret-synonym":
      return createBaselineGenerator(name, ctx);
    case "lexical":
      return createLexicalGenerator();
    case "bot":
      return createBotGenerator(`bot-${ctx.seed}`);
    default:
      throw new Error(`unknown generator "${name}": use one of ${BUILTIN_GENERATOR_NAMES.join(", ")} or file:PATH`);
  }
}
