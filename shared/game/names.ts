import { normalizeForComparison } from "./clue-validation";

/** The form two names are compared in: equal keys are the same name at a table. */
export function nameKey(name: string): string {
  return normalizeForComparison(name);
}
