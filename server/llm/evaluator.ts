/**
 * The LLM judge (paper §2.3): one request per (instance, evaluator, role) asking for one letter,
 * with max_tokens 1, temperature 0 and the top 20 logprobs; the letters' probabilities become
 * the distribution over the options in the order the caller showed them.
 */
import type { AllyQuery, ChameleonQuery, Evaluator, Judgement } from "../../shared/sneak/types";
import { letterDistribution, optionLetters, sampledDistribution, type LetterDistribution } from "../../shared/sneak/labels";
import { allyPrompt, chameleonPrompt, type PromptMessage } from "../../shared/sneak/prompts";
import type { RunContext } from "../benchmark/run-context";
import { firstTokenLogprobs, textOf } from "./completion";
import { GuardedModel, type LlmOptions } from "./session";
import { parseJudgeSpec } from "./spec";

export const TOP_LOGPROBS = 20;
export const DEFAULT_FALLBACK_SAMPLES = 5;

export function createLlmEvaluator(spec: string, ctx: RunContext, options: LlmOptions = {}): Evaluator {
  const model = new GuardedModel(parseJudgeSpec(spec), ctx, options);
  const rule = options.missingLetters ?? (process.env.SNEAK_LLM_MISSING_LETTERS === "fail" ? "fail" : "floor");
  const samples = options.fallbackSamples ?? DEFAULT_FALLBACK_SAMPLES;
  // Once a provider has shown it sends no logprobs, the fallback goes straight to sampling.
  let sampling = false;

  async function sampled(messages: PromptMessage[], letters: string[], purpose: string): Promise<{ dist: LetterDistribution; cached: boolean }> {
    const replies = await Promise.all(
      Array.from({ length: samples }, (_, i) =>
        model.complete({ messages, max_tokens: 5, temperature: 1, seed: ctx.seed + i }, `${purpose}:fallback-sample`),
      ),
    );
    return { dist: sampledDistribution(replies.map((r) => textOf(r.completion)), letters), cached: replies.every((r) => r.cached) };
  }

  /** The label-logprob distribution, or null when the provider sent no logprobs and sampling is allowed. */
  async function byLogprobs(messages: PromptMessage[], letters: string[], purpose: string): Promise<{ dist: LetterDistribution; cached: boolean } | null> {
    const result = await model.complete({ messages, max_tokens: 1, temperature: 0, logprobs: true, top_logprobs: TOP_LOGPROBS }, purpose);
    const top = firstTokenLogprobs(result.completion);
    if (top !== null) return { dist: letterDistribution(top, letters, rule), cached: result.cached };
    if (ctx.noLogprobs !== "sample") {
      throw model.markDown("it returned no logprobs. Start the server with logprobs enabled (see docs/LLM.md) or pass --no-logprobs sample", true);
    }
    if (!sampling) ctx.log(`${model.spec.id} returned no logprobs: sampling ${samples} letters per judgement instead (--no-logprobs sample); records are flagged generation-fallback`);
    sampling = true;
    return null;
  }

  async function judge(messages: PromptMessage[], options: string[], purpose: string): Promise<Judgement> {
    const letters = optionLetters(options.length);
    const scored = sampling ? null : await byLogprobs(messages, letters, purpose);
    const { dist, cached } = scored ?? (await sampled(messages, letters, purpose));
    const flags = [...(scored ? [] : ["generation-fallback"]), ...dist.flags, ...(cached ? ["cached"] : [])];
    return {
      options: options.slice(),
      probabilities: dist.probabilities,
      coverage: dist.coverage,
      flags,
      ...(dist.failure ? { failure: dist.failure } : {}),
    };
  }

  return {
    id: model.spec.id,
    ally: (query: AllyQuery) => judge(allyPrompt(query), query.options, "ally"),
    chameleon: (query: ChameleonQuery) => judge(chameleonPrompt(query), query.options, "chameleon"),
  };
}
