import { seededRng, shuffled } from "../../shared/random";
import { averageOverEvaluators, scoreMessage } from "../../shared/sneak/metrics";
import type { Evaluator, GeneratedMessage, Instance, Judgement, MessageGenerator } from "../../shared/sneak/types";
import { invalidReasonOf } from "./message-validity";
import { isEndpointDown } from "./endpoint-down";
import { messageOf } from "./user-error";
import type { EvaluationRecord, InstanceResult } from "./result-types";

/** Option orders depend only on the run seed, the instance and the evaluator, so a resumed or repeated run shows each judge the same thing. */
export function optionOrderSeed(seed: number, instanceId: string, evaluatorId: string, role: "ally" | "chameleon"): string {
  return `${seed}|${instanceId}|${evaluatorId}|${role}`;
}

async function generated(generator: MessageGenerator, instance: Instance): Promise<GeneratedMessage> {
  try {
    return await generator.generate(instance);
  } catch (error) {
    if (isEndpointDown(error)) throw error;
    return { message: "", failure: `generator-error: ${messageOf(error)}` };
  }
}

async function judged(ask: () => Promise<Judgement>, options: string[]): Promise<Judgement> {
  try {
    return await ask();
  } catch (error) {
    if (isEndpointDown(error)) throw error;
    return { options, probabilities: [], coverage: 0, failure: `evaluator-error: ${messageOf(error)}`, flags: [] };
  }
}

async function evaluation(evaluator: Evaluator, instance: Instance, message: string, decoys: string[], seed: number): Promise<EvaluationRecord> {
  const allyOptions = shuffled([message, ...decoys], seededRng(optionOrderSeed(seed, instance.id, evaluator.id, "ally")));
  const chameleonOptions = shuffled(instance.words, seededRng(optionOrderSeed(seed, instance.id, evaluator.id, "chameleon")));
  const [ally, chameleon] = await Promise.all([
    judged(() => evaluator.ally({ category: instance.category, words: instance.words, secret: instance.secret, options: allyOptions }), allyOptions),
    judged(() => evaluator.chameleon({ category: instance.category, options: chameleonOptions, clues: [message] }), chameleonOptions),
  ]);
  const flags = [...new Set([...ally.flags, ...chameleon.flags])];
  const failure = ally.failure ? `ally: ${ally.failure}` : chameleon.failure ? `chameleon: ${chameleon.failure}` : undefined;
  if (failure) return { evaluator: evaluator.id, ally, chameleon, scores: null, failure, flags };
  try {
    return { evaluator: evaluator.id, ally, chameleon, scores: scoreMessage(ally, message, chameleon, instance.secret), flags };
  } catch (error) {
    // A judge that answered over options other than the ones it was shown: counted, not scored.
    return { evaluator: evaluator.id, ally, chameleon, scores: null, failure: `unscorable: ${messageOf(error)}`, flags };
  }
}

/** Generates, validates and scores one instance with every evaluator. Throws only when an endpoint is down. */
export async function scoreInstance(instance: Instance, generator: MessageGenerator, evaluators: readonly Evaluator[], seed: number): Promise<InstanceResult> {
  const started = performance.now();
  const { id, ...rest } = instance;
  const output = await generated(generator, instance);
  const message = output.message ?? "";
  const base = { id, instance: rest, message, ...(output.detail ? { generatorDetail: output.detail } : {}) };
  const done = (result: Omit<InstanceResult, "elapsedMs" | "id" | "instance" | "message">): InstanceResult => ({ ...base, ...result, elapsedMs: performance.now() - started });

  const failure = output.failure ?? (message.trim() === "" ? "empty-message" : undefined);
  if (failure) return done({ status: "generation-failure", failure, evaluations: [], mean: null });
  // A message identical to a decoy would make the ally's options ambiguous: the task forbids nothing here, so it is recorded as invalid.
  const invalid =
    output.invalid ??
    invalidReasonOf(message, instance.words) ??
    (instance.decoys.some((d) => d.trim().toLowerCase() === message.trim().toLowerCase()) ? `equals-decoy: "${message}"` : undefined);
  if (invalid) return done({ status: "invalid", invalid, evaluations: [], mean: null });

  const evaluations = await Promise.all(evaluators.map((e) => evaluation(e, instance, message, instance.decoys, seed)));
  const mean = averageOverEvaluators(evaluations.map((e) => e.scores));
  return done({ status: mean ? "scored" : "evaluation-failure", evaluations, mean });
}
