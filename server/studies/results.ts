import { pearsonOf } from "../export/bootstrap";
import { PAPER_FIGURES, type EvaluationResults, type GenerationResults, type MetricEstimates, type StudyResults } from "../../shared/studies/results-types";

export { PAPER_FIGURES, type StudyResults };
import type { Evaluator } from "../../shared/sneak/types";
import { EVALUATION_TASKS, type StudyTask } from "../../shared/studies/protocol";
import { scoreInstance } from "../benchmark/score-instance";
import type { InstanceResult } from "../benchmark/result-types";
import { canonicalOptions, targetIndex } from "./items";
import { exclusionsOf, minSecondsOf, passedChecks } from "./participants";
import { bootstrapEstimate, fleissKappa, freeMarginalKappa, meanOf, pluralityOf, strictMajorityOf, tieBrokenAgreement, topOptionsOf } from "./statistics";
import type { ItemPayload, StudyData, StudyItem } from "./study-types";

/**
 * A study's results laid out as the paper's Appendix B, each figure with a 95% bootstrap interval over
 * instances or items (docs/STUDIES.md says exactly how each is computed):
 * - Table 5: the generation task's messages scored by the judges (the benchmark's scoring), best and mean
 *   of each instance's messages;
 * - Table 6: worker-level and plurality accuracy per evaluation task, chance, Randolph's free-marginal κ
 *   (the figure comparable with the paper's κ) and Fleiss' κ;
 * - Table 7: agreement of the people's votes with the judges' mean distribution, and Pearson r between
 *   vote shares and judge probabilities.
 * Fractions in [0, 1] throughout (tables multiply by 100); κ and r as they are.
 */

export interface ResultsOptions {
  /** Judges that score the generation answers (Table 5) and the evaluation items (Table 7). */
  evaluators: readonly Evaluator[];
  /** Keep the answers of excluded participants (a failed attention check, too fast; default: leave them out). */
  keepExcluded?: boolean;
  /** Seed of the judges' option orders, as the benchmark's --seed (default: the study's seed). */
  seed?: number;
}

/** One judged message: its mean scores and the judges' mean distributions over the canonical options. */
interface Judged {
  result: InstanceResult;
  ally: number[] | null;
  chameleon: number[] | null;
}

export async function studyResults(data: StudyData, options: ResultsOptions): Promise<StudyResults> {
  const passed = passedChecks(data);
  const failed = [...passed.values()].filter((p) => !p).length;
  const exclusions = exclusionsOf(data);
  const kept = data.answers.filter((a) => options.keepExcluded || !exclusions.has(a.participantId));
  const items = new Map(data.items.map((i) => [i.itemId, i]));
  const seed = options.seed ?? data.study.config.seed;
  const judge = judgeWith(options.evaluators, seed);
  const tasks = data.study.config.tasks;
  // Every message the tables need, judged up front a few at a time (an LLM judge answers in parallel).
  await inPool(
    [
      ...kept.flatMap((a) => {
        const item = items.get(a.itemId)!;
        return item.task === "generation" && "message" in a.answer ? [() => judge(item.payload, (a.answer as { message: string }).message)] : [];
      }),
      ...data.items.filter((i) => i.task !== "generation" && !i.gold && kept.some((a) => a.itemId === i.itemId)).map((i) => () => judge(i.payload, i.payload.message!)),
    ],
    JUDGED_AT_ONCE,
  );

  let generation: GenerationResults | null = null;
  if (tasks.includes("generation")) {
    const byInstance = new Map<string, Judged[]>();
    let messages = 0;
    let unscored = 0;
    for (const answer of kept) {
      const item = items.get(answer.itemId)!;
      if (item.task !== "generation" || !("message" in answer.answer)) continue;
      messages++;
      const judged = await judge(item.payload, answer.answer.message);
      if (!judged.result.mean) {
        unscored++;
        continue;
      }
      byInstance.set(item.instanceKey, [...(byInstance.get(item.instanceKey) ?? []), judged]);
    }
    const instances = [...byInstance.values()].map((list) => list.map((j) => j.result.mean!));
    const bests = instances.map((list) => list.reduce((best, m) => (m.softScore > best.softScore ? m : best)));
    const means = instances.map((list) => ({
      utility: meanOf(list.map((m) => m.utility))!,
      leakage: meanOf(list.map((m) => m.leakage))!,
      softScore: meanOf(list.map((m) => m.softScore))!,
      binaryScore: meanOf(list.map((m) => m.binaryScore))!,
    }));
    generation = { instances: instances.length, messages, unscored, best: metricEstimates(bests, `${data.study.id}|best`), mean: metricEstimates(means, `${data.study.id}|mean`) };
  }

  const evaluation: EvaluationResults[] = [];
  for (const task of EVALUATION_TASKS) {
    if (!tasks.includes(task)) continue;
    const taskItems = data.items.filter((i) => i.task === task && !i.gold);
    const rows: { item: StudyItem; votes: number[]; target: number; judged: number[] | null }[] = [];
    for (const item of taskItems) {
      const options = canonicalOptions(item);
      const votes = new Array<number>(options.length).fill(0);
      for (const answer of kept) {
        if (answer.itemId !== item.itemId || !("choice" in answer.answer)) continue;
        const index = options.indexOf(answer.answer.choice);
        if (index >= 0) votes[index]++;
      }
      if (votes.every((v) => v === 0)) continue;
      const judged = await judge(item.payload, item.payload.message!);
      rows.push({ item, votes, target: targetIndex(item), judged: task === "ally" ? judged.ally : judged.chameleon });
    }
    const seedOf = (what: string) => `${data.study.id}|${task}|${what}`;
    const total = (votes: number[]) => votes.reduce((a, b) => a + b, 0);
    const judgedRows = rows.filter((r) => r.judged !== null);
    const majority = judgedRows.filter((r) => strictMajorityOf(r.votes) !== null);
    evaluation.push({
      task,
      items: rows.length,
      complete: rows.filter((r) => total(r.votes) >= r.item.quota).length,
      answers: rows.reduce((s, r) => s + total(r.votes), 0),
      workerAccuracy: bootstrapEstimate(rows, (sample) => ratio(sample.reduce((s, r) => s + r.votes[r.target], 0), sample.reduce((s, r) => s + total(r.votes), 0)), seedOf("worker")),
      pluralityAccuracy: bootstrapEstimate(rows, (sample) => meanOf(sample.map((r) => tieBrokenAgreement(pluralityOf(r.votes), [r.target]))), seedOf("plurality")),
      chance: meanOf(rows.map((r) => 1 / r.votes.length)),
      freeKappa: bootstrapEstimate(rows, (sample) => freeMarginalKappa(sample.map((r) => r.votes)).kappa, seedOf("free-kappa")),
      fleissKappa: bootstrapEstimate(rows, (sample) => fleissKappa(sample.map((r) => r.votes)).kappa, seedOf("kappa")),
      observedAgreement: bootstrapEstimate(rows, (sample) => freeMarginalKappa(sample.map((r) => r.votes)).pObserved, seedOf("agreement")),
      agreement: {
        items: judgedRows.length,
        top1: bootstrapEstimate(judgedRows, (sample) => meanOf(sample.map((r) => tieBrokenAgreement(pluralityOf(r.votes), topOptionsOf(r.judged!)))), seedOf("top1")),
        strictMajority: bootstrapEstimate(majority, (sample) => meanOf(sample.map((r) => tieBrokenAgreement([strictMajorityOf(r.votes)!], topOptionsOf(r.judged!)))), seedOf("majority")),
        r: bootstrapEstimate(
          judgedRows,
          (sample) => pearsonOf(sample.map((r) => r.votes[r.target] / total(r.votes)), sample.map((r) => r.judged![r.target])),
          seedOf("r"),
        ),
      },
    });
  }

  const answered = new Set(data.answers.map((a) => a.participantId));
  return {
    study: { id: data.study.id, title: data.study.config.title, tasks, instances: data.study.config.instances, open: data.study.open },
    participants: {
      joined: data.participants.length,
      answered: answered.size,
      withChecks: passed.size,
      failedChecks: failed,
      tooFast: [...exclusions.values()].filter((e) => e === "too-fast").length,
      excluded: options.keepExcluded ? 0 : exclusions.size,
      minSecondsPerItem: minSecondsOf(data),
    },
    evaluators: options.evaluators.map((e) => e.id),
    generation,
    evaluation,
    paper: PAPER_FIGURES,
  };
}

/** Messages judged at once: enough to keep an LLM endpoint's own limiter busy, few enough for the lexical judge. */
const JUDGED_AT_ONCE = 8;

async function inPool(tasks: readonly (() => Promise<unknown>)[], size: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(size, tasks.length) }, worker));
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

function metricEstimates(values: readonly { utility: number; leakage: number; softScore: number; binaryScore: number }[], seed: string): MetricEstimates {
  const of = (key: keyof MetricEstimates) => bootstrapEstimate(values, (sample) => meanOf(sample.map((v) => v[key])), `${seed}|${key}`);
  return { utility: of("utility"), leakage: of("leakage"), softScore: of("softScore"), binaryScore: of("binaryScore") };
}

/**
 * Scores a message on its instance with the benchmark's own scoring (server/benchmark/score-instance.ts:
 * the rules' check, seeded option orders per judge, the SNEAK metric), once per distinct message, and reads
 * the judges' mean distributions back onto the item's canonical options.
 */
function judgeWith(evaluators: readonly Evaluator[], seed: number): (payload: ItemPayload, message: string) => Promise<Judged> {
  const cache = new Map<string, Promise<Judged>>();
  return (payload, message) => {
    const key = JSON.stringify([payload.category, payload.words, payload.secret, payload.decoys, message]);
    let judged = cache.get(key);
    if (!judged) {
      const instance = { id: `${payload.category}/${payload.secret}`, category: payload.category, words: payload.words, secret: payload.secret, decoys: payload.decoys };
      judged = scoreInstance(instance, { id: "study", generate: async () => ({ message }) }, evaluators, seed).then((result) => ({
        result,
        ally: meanDistribution(result, "ally", [message, ...payload.decoys]),
        chameleon: meanDistribution(result, "chameleon", payload.words),
      }));
      cache.set(key, judged);
    }
    return judged;
  };
}

function meanDistribution(result: InstanceResult, role: "ally" | "chameleon", canonical: readonly string[]): number[] | null {
  const judgements = result.evaluations.map((e) => e[role]).filter((j) => j && !j.failure && j.probabilities.length === j.options.length);
  if (judgements.length === 0) return null;
  const sums = new Array<number>(canonical.length).fill(0);
  for (const j of judgements) {
    j!.options.forEach((option, i) => {
      const index = canonical.indexOf(option);
      if (index >= 0) sums[index] += j!.probabilities[i];
    });
  }
  return sums.map((s) => s / judgements.length);
}
