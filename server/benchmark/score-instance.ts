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

/**
 * The generator sees what the paper's generator sees (§2.2): the category, the words and the secret.
 * The decoys belong to the ally's test; a generator that saw them could pick a clue that dodges them.
 */
export function generatorViewOf(instance: Instance): Instance {
  return { ...instance, decoys: [] };
}

async function generated(generator: MessageGenerator, instance: Instance): Promise<GeneratedMessage> {
  try {
    return await generator.generate(generatorViewOf(instance));
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

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The decoys the ally sees next to this message. A message that is itself one of the decoys (a
 * synonym baseline may say "feline" where "feline" is a decoy) would appear twice, so that decoy
 * gives way to the next spare one the dataset stores; with no spare it is dropped (|M| shrinks by one).
 */
export function decoysBesides(message: string, instance: Instance, spares: readonly string[]): { decoys: string[]; replaced?: { decoy: string; by: string | null } } {
  const clash = instance.decoys.findIndex((d) => sameText(d, message));
  if (clash < 0) return { decoys: instance.decoys };
  const spare = spares.find((s) => !sameText(s, message) && !instance.decoys.some((d) => sameText(d, s)) && !invalidReasonOf(s, instance.words));
  const decoys = instance.decoys.slice();
  if (spare === undefined) decoys.splice(clash, 1);
  else decoys[clash] = spare;
  return { decoys, replaced: { decoy: instance.decoys[clash], by: spare ?? null } };
}

async function evaluation(evaluator: Evaluator, instance: Instance, message: string, seed: number): Promise<EvaluationRecord> {
  const allyOptions = shuffled([message, ...instance.decoys], seededRng(optionOrderSeed(seed, instance.id, evaluator.id, "ally")));
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

/**
 * Generates, validates and scores one instance with every evaluator. `spareDecoys` are the
 * category's stored decoys beyond the ones in use. Throws only when an endpoint is down.
 */
export async function scoreInstance(
  instance: Instance,
  generator: MessageGenerator,
  evaluators: readonly Evaluator[],
  seed: number,
  spareDecoys: readonly string[] = [],
): Promise<InstanceResult> {
  const started = performance.now();
  const { id, ...rest } = instance;
  const output = await generated(generator, instance);
  const message = output.message ?? "";
  const base = { id, instance: rest, message, ...(output.detail ? { generatorDetail: output.detail } : {}) };
  const done = (result: Omit<InstanceResult, "elapsedMs" | "id" | "instance" | "message">): InstanceResult => ({ ...base, ...result, elapsedMs: performance.now() - started });

  const failure = output.failure ?? (message.trim() === "" ? "empty-message" : undefined);
  if (failure) return done({ status: "generation-failure", failure, evaluations: [], mean: null });
  const invalid = output.invalid ?? invalidReasonOf(message, instance.words);
  if (invalid) return done({ status: "invalid", invalid, evaluations: [], mean: null });

  const { decoys, replaced } = decoysBesides(message, instance, spareDecoys);
  const shown: Instance = { ...instance, decoys };
  const evaluations = await Promise.all(evaluators.map((e) => evaluation(e, shown, message, seed)));
  const mean = averageOverEvaluators(evaluations.map((e) => e.scores));
  return {
    ...done({ status: mean ? "scored" : "evaluation-failure", evaluations, mean }),
    ...(replaced ? { instance: { ...rest, decoys }, decoyReplaced: replaced } : {}),
  };
}
