import { averageOverEvaluators, leakageOf, scoreMessage } from "../../shared/sneak/metrics";
import type { Judgement } from "../../shared/sneak/types";
import type { EvaluatorCallRecord, StoredEvent } from "../store/records";
import type { ClueEvaluation, ClueMeans, ExportJudgement } from "./export-types";

/**
 * Rebuilds each clue's per-evaluator judgements from the logged evaluator calls. The scoring service makes,
 * per clue and evaluator, an ally call (the clue among decoys), a chameleon call on the clue alone and, from
 * the second informed clue on, a chameleon call on the informed clues so far (the chameleon's own clue is not
 * evidence: it makes no such call and keeps the clue before it's cumulative view). Calls are matched by
 * content (category, secret, options, clues) in log order, so a repeated clue takes the next matching call,
 * never an earlier one.
 */

export interface ClueContext {
  category: string;
  words: string[];
  secret: string;
  message: string;
  byChameleon: boolean;
  /** The informed players' clues of the round up to and including this one (see `informedCluesUpTo`). */
  informedCluesSoFar: string[];
}

interface Call {
  evaluator: string;
  role: "ally" | "chameleon";
  request: Record<string, unknown>;
  answer: Partial<Judgement> & { failure?: string };
  used: boolean;
}

export class CallPool {
  private readonly calls: Call[];
  readonly evaluators: string[];

  constructor(events: readonly StoredEvent<EvaluatorCallRecord>[], configured: readonly string[] = []) {
    this.calls = events.map((e) => ({
      evaluator: e.evaluator,
      role: e.role,
      request: (e.request ?? {}) as Record<string, unknown>,
      answer: (e.answer ?? {}) as Call["answer"],
      used: false,
    }));
    this.evaluators = [...new Set([...configured, ...this.calls.map((c) => c.evaluator)])];
  }

  private take(evaluator: string, role: Call["role"], matches: (request: Record<string, unknown>) => boolean): Call | null {
    const call = this.calls.find((c) => !c.used && c.evaluator === evaluator && c.role === role && matches(c.request));
    if (call) call.used = true;
    return call ?? null;
  }

  /** `previous`: the evaluations of the round's clue just before this one, whose cumulative view the chameleon's clue keeps. */
  evaluationsOf(clue: ClueContext, previous: readonly ClueEvaluation[] = []): ClueEvaluation[] {
    return this.evaluators.map((evaluator) => {
      const ally = this.take(evaluator, "ally", (r) => r.category === clue.category && r.secret === clue.secret && includes(r.options, clue.message));
      const single = this.take(evaluator, "chameleon", (r) => r.category === clue.category && sameList(r.clues, [clue.message]));
      if (clue.byChameleon) {
        const kept = previous.find((e) => e.evaluator === evaluator);
        return evaluationOf(evaluator, clue, ally, single, { judgement: kept?.cumulative ?? null, leakage: kept?.cumulativeLeakage ?? null });
      }
      const cumulative =
        clue.informedCluesSoFar.length > 1 ? this.take(evaluator, "chameleon", (r) => r.category === clue.category && sameList(r.clues, clue.informedCluesSoFar)) : single;
      return evaluationOf(evaluator, clue, ally, single, cumulative);
    });
  }
}

/** The cumulative view a chameleon's clue keeps from the clue before it (nothing before the first informed clue). */
interface KeptCumulative {
  judgement: ExportJudgement | null;
  leakage: number | null;
}

function evaluationOf(evaluator: string, clue: ClueContext, allyCall: Call | null, singleCall: Call | null, cumulativeCall: Call | KeptCumulative | null): ClueEvaluation {
  const ally = judgementOf(allyCall);
  const chameleon = judgementOf(singleCall);
  const failures: string[] = [];
  const leakage = leakageFrom(chameleon, clue.secret, "chameleon", failures);
  const kept = cumulativeCall !== null && "judgement" in cumulativeCall ? cumulativeCall : null;
  const cumulative = kept ? kept.judgement : judgementOf(cumulativeCall as Call | null);
  const cumulativeLeakage = kept ? kept.leakage : leakageFrom(cumulative, clue.secret, "cumulative", failures);
  let scores: ClueEvaluation["scores"] = null;
  if (!ally) failures.push("ally: not scored");
  else if (ally.failure) failures.push(`ally: ${ally.failure}`);
  else if (chameleon && !chameleon.failure) {
    try {
      scores = scoreMessage(asJudgement(ally), clue.message, asJudgement(chameleon), clue.secret);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  const evaluation: ClueEvaluation = { evaluator, ally, chameleon, cumulative, scores, leakage, cumulativeLeakage };
  if (failures.length > 0) evaluation.failure = failures.join("; ");
  return evaluation;
}

function leakageFrom(judgement: ExportJudgement | null, secret: string, role: string, failures: string[]): number | null {
  if (!judgement) {
    failures.push(`${role}: not scored`);
    return null;
  }
  if (judgement.failure) {
    failures.push(`${role}: ${judgement.failure}`);
    return null;
  }
  const index = judgement.options.indexOf(secret);
  if (index < 0 || judgement.options.length < 2) {
    failures.push(`${role}: the secret is not among the options`);
    return null;
  }
  return leakageOf(judgement.probabilities[index], judgement.options.length);
}

function judgementOf(call: Call | null): ExportJudgement | null {
  if (!call) return null;
  const a = call.answer;
  const options = Array.isArray(a.options) ? a.options : Array.isArray(call.request.options) ? (call.request.options as string[]) : [];
  const judgement: ExportJudgement = { options, probabilities: Array.isArray(a.probabilities) ? a.probabilities : [] };
  if (typeof a.coverage === "number") judgement.coverage = a.coverage;
  if (Array.isArray(a.flags) && a.flags.length > 0) judgement.flags = a.flags;
  if (a.failure) judgement.failure = a.failure;
  else if (judgement.probabilities.length !== options.length) judgement.failure = "the answer's distribution does not match its options";
  return judgement;
}

function asJudgement(j: ExportJudgement): Judgement {
  return { options: j.options, probabilities: j.probabilities, coverage: j.coverage ?? 1, flags: j.flags ?? [] };
}

export function meansOf(evaluations: readonly ClueEvaluation[]): ClueMeans {
  const full = averageOverEvaluators(evaluations.map((e) => e.scores));
  return {
    utility: full?.utility ?? null,
    leakage: full?.leakage ?? mean(evaluations.map((e) => e.leakage)),
    softScore: full?.softScore ?? null,
    binaryScore: full?.binaryScore ?? null,
    cumulativeLeakage: mean(evaluations.map((e) => e.cumulativeLeakage)),
  };
}

function mean(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((s, v) => s + v, 0) / present.length;
}

function includes(list: unknown, item: string): boolean {
  return Array.isArray(list) && list.includes(item);
}

function sameList(list: unknown, expected: readonly string[]): boolean {
  return Array.isArray(list) && list.length === expected.length && list.every((v, i) => v === expected[i]);
}
