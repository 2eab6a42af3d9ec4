import { randomBytes } from "node:crypto";
import type { StudyTask } from "../../shared/studies/protocol";
import { jsonOf, numberOf, type Query, type Row } from "./study-db";
import type { AnswerContent, AnswerRecord, AssignmentRecord, ItemPayload, ParticipantRecord, ReviewRecord, Shown, StudyItem, StudyRecord } from "./study-types";

/** The study tables' rows as records, and the few statements more than one transaction writes. */

export class StudyInputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Random ids: an item's id says nothing about it (an attention check looks like any other, in any order). */
export function randomId(length: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(length)].map((b) => alphabet[b % 36]).join("");
}

export async function insertItem(q: Query, studyId: string, item: StudyItem): Promise<void> {
  await q(
    "INSERT INTO study_items (study_id, item_id, seq, task, instance_key, quota, gold, created_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    studyId,
    item.itemId,
    item.seq,
    item.task,
    item.instanceKey,
    item.quota,
    item.gold ? 1 : 0,
    item.createdAt,
    JSON.stringify(item.payload),
  );
}

export function studyOf(row: Row): StudyRecord {
  return { id: String(row.study_id), keyHash: String(row.key_hash), createdAt: numberOf(row.created_at), open: numberOf(row.open) === 1, config: jsonOf(row.config) };
}

export function itemOf(row: Row): StudyItem {
  return {
    itemId: String(row.item_id),
    seq: numberOf(row.seq),
    task: String(row.task) as StudyTask,
    instanceKey: String(row.instance_key),
    quota: numberOf(row.quota),
    gold: numberOf(row.gold) === 1,
    createdAt: numberOf(row.created_at),
    payload: jsonOf<ItemPayload>(row.payload),
  };
}

const nullable = (v: unknown) => (v === null || v === undefined ? null : numberOf(v));

export function assignmentOf(row: Row): AssignmentRecord {
  return {
    participantId: String(row.participant_id),
    itemId: String(row.item_id),
    position: numberOf(row.position),
    assignedAt: numberOf(row.assigned_at),
    expiresAt: numberOf(row.expires_at),
    shown: jsonOf<Shown>(row.shown),
    answeredAt: nullable(row.answered_at),
    releasedAt: nullable(row.released_at),
  };
}

export function answerOf(row: Row): AnswerRecord {
  return {
    answerId: numberOf(row.answer_id),
    participantId: String(row.participant_id),
    itemId: String(row.item_id),
    answeredAt: numberOf(row.answered_at),
    answer: jsonOf<AnswerContent>(row.answer),
    correct: row.correct === null || row.correct === undefined ? null : numberOf(row.correct) === 1,
  };
}

export function participantOf(row: Row): ParticipantRecord {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return { participantId: String(row.participant_id), joinedAt: numberOf(row.joined_at), platformId: text(row.platform_id), finishedAt: nullable(row.finished_at), finishReason: text(row.finish_reason) };
}

export function reviewOf(row: Row): ReviewRecord {
  return { answerId: numberOf(row.answer_id), decision: String(row.decision) as ReviewRecord["decision"], reason: String(row.reason), decidedAt: numberOf(row.decided_at) };
}
