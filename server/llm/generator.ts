/**
 * LLM message generators (paper §3.1–3.2): plain, +cot, +sets and +rmr. The message is the last
 * <message> span; none is a parsing failure. A message that breaks the rules (over 5 words, a grid
 * word) is recorded as invalid with the reason, never fixed.
 */
import type { GeneratedMessage, Instance, MessageGenerator } from "../../shared/sneak/types";
import { clueViolation, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import {
  cotGeneratorPrompt,
  parseCandidates,
  parseMessage,
  plainGeneratorPrompt,
  rmrRefinePrompt,
  setsCandidatesPrompt,
  setsVerifyPrompt,
  SETS_CANDIDATES,
  type GeneratorInput,
  type PromptMessage,
} from "../../shared/sneak/prompts";
import { hashSeed } from "../../shared/random";
import type { RunContext } from "../benchmark/run-context";
import { textOf } from "./completion";
import { GuardedModel, type LlmOptions } from "./session";
import { parseModelSpec } from "./spec";

/** Room for a short answer, and for brief reasoning or a candidate list. */
const MAX_TOKENS = { short: 128, reasoning: 1024 } as const;

export function createLlmGenerator(spec: string, ctx: RunContext, options: LlmOptions = {}): MessageGenerator {
  const parsed = parseModelSpec(spec);
  const model = new GuardedModel(parsed, ctx, options);

  async function ask(messages: PromptMessage[], maxTokens: number, purpose: string, temperature = 0, seed?: number): Promise<string> {
    const result = await model.complete({ messages, max_tokens: maxTokens, temperature, ...(seed !== undefined ? { seed } : {}) }, purpose);
    return textOf(result.completion);
  }

  async function generate(instance: Instance): Promise<GeneratedMessage> {
    const input: GeneratorInput = { category: instance.category, words: instance.words, secret: instance.secret };
    const detail: Record<string, unknown> = { method: parsed.method, model: parsed.model, baseURL: parsed.baseURL };
    let reply: string;
    switch (parsed.method) {
      case "plain":
        reply = await ask(plainGeneratorPrompt(input), MAX_TOKENS.short, "generate");
        break;
      case "cot":
        reply = await ask(cotGeneratorPrompt(input), MAX_TOKENS.reasoning, "generate");
        break;
      case "sets": {
        // Sampling with a per-instance seed keeps the candidates diverse yet cacheable.
        const candidatesReply = await ask(setsCandidatesPrompt(input, SETS_CANDIDATES), MAX_TOKENS.reasoning, "generate:sets-candidates", 0.7, hashSeed(`${ctx.seed}/${instance.id}`));
        detail.candidatesReply = candidatesReply;
        detail.candidates = parseCandidates(candidatesReply);
        reply = await ask(setsVerifyPrompt(input, candidatesReply), MAX_TOKENS.reasoning, "generate:sets-verify");
        break;
      }
      case "rmr": {
        const firstReply = await ask(plainGeneratorPrompt(input), MAX_TOKENS.short, "generate:rmr-first");
        detail.firstReply = firstReply;
        const first = parseMessage(firstReply);
        if ("failure" in first) return { message: "", failure: `first step: ${first.failure}`, detail };
        detail.firstMessage = first.message;
        reply = await ask(rmrRefinePrompt(input, first.message), MAX_TOKENS.short, "generate:rmr-refine");
        break;
      }
    }
    detail.reply = reply;
    const result = parseMessage(reply);
    if ("failure" in result) return { message: "", failure: result.failure, detail };
    const violation = clueViolation(result.message, instance.words, MAX_CLUE_WORDS);
    return violation ? { message: result.message, invalid: `${violation.code}: ${violation.message}`, detail } : { message: result.message, detail };
  }

  return { id: parsed.id, generate };
}
