/**
 * LLM-written decoys (paper Appendix C): short, broad terms that apply to many items of the
 * category, excluding the category name and the words. Replies are filtered, never trusted.
 */
import { clueViolation, findGridWordIn, MAX_CLUE_WORDS, normalizeForComparison } from "../../shared/game/clue-validation";
import { decoyPrompt, parseDecoyLines } from "../../shared/sneak/prompts";
import type { RunContext } from "../benchmark/run-context";
import { textOf } from "./completion";
import { GuardedModel, type LlmOptions } from "./session";
import { parseJudgeSpec } from "./spec";

export interface LlmDecoySource {
  readonly id: string;
  /** Up to `count` filtered decoys, best first; fewer when the model gave fewer usable ones. */
  decoysFor(category: string, words: string[], count: number): Promise<string[]>;
}

/** The usable decoys among a model's lines: valid as messages, not the category, no grid word, no repeats. */
export function filteredDecoys(lines: readonly string[], category: string, words: readonly string[], count: number): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const key = normalizeForComparison(line);
    if (key === "" || seen.has(key)) continue;
    if (clueViolation(line, words, MAX_CLUE_WORDS)) continue;
    if (findGridWordIn(line, [category]) !== undefined || findGridWordIn(category, [line]) !== undefined) continue;
    seen.add(key);
    kept.push(line);
    if (kept.length === count) break;
  }
  return kept;
}

/** Extra requests, sampled with different seeds, when the filter leaves too few decoys. */
const TOP_UP_REQUESTS = 2;

export function createLlmDecoySource(spec: string, ctx: RunContext, options: LlmOptions = {}): LlmDecoySource {
  const model = new GuardedModel(parseJudgeSpec(spec), ctx, options);
  return {
    id: model.spec.id,
    async decoysFor(category, words, count) {
      const lines: string[] = [];
      let kept: string[] = [];
      for (let round = 0; round <= TOP_UP_REQUESTS && kept.length < count; round++) {
        // Ask for twice as many as needed (the filter drops some); top-ups sample for variety.
        const body = round === 0 ? { temperature: 0 } : { temperature: 0.8, seed: ctx.seed + round };
        const result = await model.complete({ messages: decoyPrompt(category, words, count * 2), max_tokens: 256, ...body }, "decoys");
        lines.push(...parseDecoyLines(textOf(result.completion)));
        kept = filteredDecoys(lines, category, words, count);
      }
      if (kept.length < count) ctx.log(`${model.spec.id}: only ${kept.length} of ${count} usable decoys for "${category}"`);
      return kept;
    },
  };
}
