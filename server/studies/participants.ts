import { DEFAULT_MIN_SECONDS_PER_ITEM } from "../../shared/studies/spec";
import type { StudyData } from "./study-types";

/**
 * Who is left out of the tables and why, and each participant's summary (the export's participants table).
 * A participant is excluded for a failed attention check (any check answered wrong), or as too fast: the
 * median of their seconds per item under the study's `minSecondsPerItem` (someone clicking through without
 * reading; one quick answer among careful ones does not exclude anybody).
 */

export type Exclusion = "failed-check" | "too-fast";

export interface ParticipantSummary {
  participant: string;
  /** The crowd platform's id (PROLIFIC_PID, workerId …), when the link carried one. */
  platformId: string | null;
  joinedAt: string;
  answers: number;
  checks: number;
  checksPassed: number;
  /** Median seconds from an item's showing to its answer; null without answers. */
  medianSeconds: number | null;
  /** Answers under the study's minimum time per item. */
  fastAnswers: number;
  excluded: Exclusion | null;
  /** What the participant was last told: complete, exhausted, closed; null while they are still taking part. */
  finished: string | null;
}

/**
 * Who passed the attention checks: a participant who answered at least one and got every one right. Absent
 * from the map: the study has no checks, or this participant answered none (neither passed nor failed).
 */
export function passedChecks(data: StudyData): Map<string, boolean> {
  const gold = new Set(data.items.filter((i) => i.gold).map((i) => i.itemId));
  const passed = new Map<string, boolean>();
  if (gold.size === 0) return passed;
  for (const answer of data.answers) {
    if (!gold.has(answer.itemId)) continue;
    passed.set(answer.participantId, (passed.get(answer.participantId) ?? true) && answer.correct === true);
  }
  return passed;
}

/** Seconds from each answer's item being shown to the answer, by answer id. */
export function secondsOnItems(data: StudyData): Map<number, number> {
  const assigned = new Map(data.assignments.map((a) => [`${a.participantId}|${a.itemId}`, a.assignedAt]));
  return new Map(data.answers.map((a) => [a.answerId, Math.max(0, a.answeredAt - (assigned.get(`${a.participantId}|${a.itemId}`) ?? a.answeredAt)) / 1000]));
}

export function minSecondsOf(data: StudyData): number {
  return data.study.config.minSecondsPerItem ?? DEFAULT_MIN_SECONDS_PER_ITEM;
}

export function participantSummaries(data: StudyData): ParticipantSummary[] {
  const passed = passedChecks(data);
  const seconds = secondsOnItems(data);
  const gold = new Set(data.items.filter((i) => i.gold).map((i) => i.itemId));
  const minimum = minSecondsOf(data);
  return data.participants.map((p) => {
    const answers = data.answers.filter((a) => a.participantId === p.participantId);
    const times = answers.map((a) => seconds.get(a.answerId)!).sort((a, b) => a - b);
    const median = times.length === 0 ? null : times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
    const checks = answers.filter((a) => gold.has(a.itemId));
    const excluded: Exclusion | null = passed.get(p.participantId) === false ? "failed-check" : median !== null && median < minimum ? "too-fast" : null;
    return {
      participant: p.participantId,
      platformId: p.platformId,
      joinedAt: new Date(p.joinedAt).toISOString(),
      answers: answers.length,
      checks: checks.length,
      checksPassed: checks.filter((a) => a.correct === true).length,
      medianSeconds: median,
      fastAnswers: times.filter((t) => t < minimum).length,
      excluded,
      finished: p.finishReason,
    };
  });
}

/** Participants left out of the tables, with the reason (a failed check first). */
export function exclusionsOf(data: StudyData): Map<string, Exclusion> {
  return new Map(participantSummaries(data).flatMap((s) => (s.excluded ? [[s.participant, s.excluded] as const] : [])));
}
