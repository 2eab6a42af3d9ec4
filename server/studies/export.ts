import { csvCell } from "../export/csv";
import type { StudyTask } from "../../shared/studies/protocol";
import type { StudyData } from "./study-types";
import { baseName } from "./build-study";
import { canonicalOptions } from "./items";
import { minSecondsOf, participantSummaries, passedChecks, secondsOnItems, type ParticipantSummary } from "./participants";
import { pairwiseAgreement } from "./statistics";

/**
 * A study's answers as data to analyse: one row per answer, the same columns for every task (null where a
 * column does not apply), so that pandas (`read_json(lines=True)`, `read_csv`) and the `datasets` library
 * (one type per column) load the file as it is; and one row per participant. The CSV has the JSONL's columns
 * and values (lists as JSON text, true/false, empty for null). JSON Schemas: docs/schema/sneak-study-*.schema.json.
 */

export const STUDY_EXPORT_FORMAT = 1;

export interface StudyExportRow {
  format: number;
  study: string;
  participant: string;
  /** The crowd platform's id of the participant, when the link carried one. */
  platformId: string | null;
  item: string;
  task: StudyTask;
  attentionCheck: boolean;
  /** The answer's place in the participant's sequence (0 = first). */
  position: number;
  answeredAt: string;
  secondsOnItem: number;
  category: string;
  words: string[];
  secret: string;
  decoys: string[];
  /** The message judged (ally, chameleon); null for generation. */
  itemMessage: string | null;
  /** Where that message came from: `file:NAME:LINE`, `generation:PARTICIPANT`, `attention-check`; null for generation. */
  messageSource: string | null;
  /** Who wrote it, when the file says (`human`, `bot:lexical` …). */
  messageGenerator: string | null;
  /** The options as this participant saw them: the messages (ally) or the words (chameleon, generation). */
  shownOptions: string[];
  /** The message written (generation) or the option chosen. */
  answer: string;
  /** Whether the choice was right; null for generation. */
  correct: boolean | null;
  /** Whether this participant answered every attention check right; null when the study has none. */
  passedChecks: boolean | null;
  /** Answered sooner than the study's minimum seconds per item. */
  tooFast: boolean;
  /** Why this participant is left out of the tables (`failed-check`, `too-fast`), null when they are not. */
  excluded: string | null;
  /** The item's agreement: the share of pairs of its counted answers (excluded participants' left out) that chose the same option; null for generation or under two answers. */
  itemAgreement: number | null;
}

export function exportRows(data: StudyData): StudyExportRow[] {
  const items = new Map(data.items.map((i) => [i.itemId, i]));
  const assignments = new Map(data.assignments.map((a) => [`${a.participantId}|${a.itemId}`, a]));
  const passed = passedChecks(data);
  const seconds = secondsOnItems(data);
  const minimum = minSecondsOf(data);
  const summaries = new Map(participantSummaries(data).map((p) => [p.participant, p]));
  const platform = new Map(data.participants.map((p) => [p.participantId, p.platformId]));
  // Votes per item over the answers the tables count, in the item's canonical options.
  const votes = new Map<string, number[]>();
  for (const answer of data.answers) {
    const item = items.get(answer.itemId)!;
    if (item.task === "generation" || !("choice" in answer.answer) || summaries.get(answer.participantId)?.excluded) continue;
    const options = canonicalOptions(item);
    const row = votes.get(item.itemId) ?? new Array<number>(options.length).fill(0);
    const index = options.indexOf(answer.answer.choice);
    if (index >= 0) row[index]++;
    votes.set(item.itemId, row);
  }
  return data.answers.map((answer) => {
    const item = items.get(answer.itemId)!;
    const assignment = assignments.get(`${answer.participantId}|${answer.itemId}`)!;
    const source = item.payload.source;
    const evaluation = item.task !== "generation";
    return {
      format: STUDY_EXPORT_FORMAT,
      study: data.study.id,
      participant: answer.participantId,
      platformId: platform.get(answer.participantId) ?? null,
      item: item.itemId,
      task: item.task,
      attentionCheck: item.gold,
      position: assignment.position,
      answeredAt: new Date(answer.answeredAt).toISOString(),
      secondsOnItem: seconds.get(answer.answerId)!,
      category: item.payload.category,
      words: item.payload.words,
      secret: item.payload.secret,
      decoys: item.payload.decoys,
      itemMessage: evaluation ? (item.payload.message ?? null) : null,
      messageSource: !evaluation || !source ? null : source.kind === "file" ? `file:${baseName(source.name ?? "")}:${source.line}` : source.kind === "generation" ? `generation:${source.participant}` : source.kind,
      messageGenerator: evaluation ? (source?.generator ?? (source?.kind === "generation" ? "human" : null)) : null,
      shownOptions: item.task === "ally" ? assignment.shown.messages! : assignment.shown.words,
      answer: "message" in answer.answer ? answer.answer.message : answer.answer.choice,
      correct: answer.correct,
      passedChecks: passed.get(answer.participantId) ?? null,
      tooFast: seconds.get(answer.answerId)! < minimum,
      excluded: summaries.get(answer.participantId)?.excluded ?? null,
      itemAgreement: evaluation ? pairwiseAgreement(votes.get(item.itemId) ?? []) : null,
    };
  });
}

/** One row per participant: who they are to the platform, how many answers and checks, their pace, whether excluded. */
export function participantRows(data: StudyData): (ParticipantSummary & { format: number; study: string })[] {
  return participantSummaries(data).map((p) => ({ format: STUDY_EXPORT_FORMAT, study: data.study.id, ...p }));
}

/** CSV with the JSONL's columns and values: lists as JSON text (`["cat","dog"]`), true/false, empty for null, formula-safe cells. */
export function exportCsv(rows: readonly StudyExportRow[]): string {
  return csvOf(rows, STUDY_EXPORT_COLUMNS);
}

export function participantCsv(rows: readonly object[]): string {
  return csvOf(rows, PARTICIPANT_COLUMNS);
}

/** The columns in their order: the JSONL's keys. */
export const STUDY_EXPORT_COLUMNS = [
  "format", "study", "participant", "platformId", "item", "task", "attentionCheck", "position", "answeredAt", "secondsOnItem", "category", "words", "secret", "decoys",
  "itemMessage", "messageSource", "messageGenerator", "shownOptions", "answer", "correct", "passedChecks", "tooFast", "excluded", "itemAgreement",
] as const satisfies readonly (keyof StudyExportRow)[];
export const PARTICIPANT_COLUMNS = [
  "format", "study", "participant", "platformId", "joinedAt", "answers", "checks", "checksPassed", "medianSeconds", "fastAnswers", "excluded", "finished",
] as const;

function csvOf(rows: readonly object[], columns: readonly string[]): string {
  const cell = (v: unknown) => csvCell(Array.isArray(v) ? JSON.stringify(v) : typeof v === "boolean" ? String(v) : (v as string | number | null));
  return [columns.join(","), ...rows.map((r) => columns.map((c) => cell((r as Record<string, unknown>)[c])).join(","))].join("\r\n") + "\r\n";
}

export function exportJsonl(rows: readonly object[]): string {
  return rows.map((r) => JSON.stringify(r) + "\n").join("");
}
