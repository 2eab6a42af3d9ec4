import { csvCell } from "../export/csv";
import type { StudyTask } from "../../shared/studies/protocol";
import type { StudyData } from "./study-types";
import { passedChecks } from "./participants";

/**
 * A study's answers as data to analyse: one row per answer, the same columns for every task (null where a
 * column does not apply), so that pandas (`read_json(lines=True)`, `read_csv`) and the `datasets` library
 * (one type per column) load the file as it is. JSON Schema: docs/schema/sneak-study-export.schema.json.
 */

export const STUDY_EXPORT_FORMAT = 1;

export interface StudyExportRow {
  format: number;
  study: string;
  participant: string;
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
}

export function exportRows(data: StudyData): StudyExportRow[] {
  const items = new Map(data.items.map((i) => [i.itemId, i]));
  const assignments = new Map(data.assignments.map((a) => [`${a.participantId}|${a.itemId}`, a]));
  const passed = passedChecks(data);
  return data.answers.map((answer) => {
    const item = items.get(answer.itemId)!;
    const assignment = assignments.get(`${answer.participantId}|${answer.itemId}`)!;
    const source = item.payload.source;
    const evaluation = item.task !== "generation";
    return {
      format: STUDY_EXPORT_FORMAT,
      study: data.study.id,
      participant: answer.participantId,
      item: item.itemId,
      task: item.task,
      attentionCheck: item.gold,
      position: assignment.position,
      answeredAt: new Date(answer.answeredAt).toISOString(),
      secondsOnItem: Math.max(0, answer.answeredAt - assignment.assignedAt) / 1000,
      category: item.payload.category,
      words: item.payload.words,
      secret: item.payload.secret,
      decoys: item.payload.decoys,
      itemMessage: evaluation ? (item.payload.message ?? null) : null,
      messageSource: !evaluation || !source ? null : source.kind === "file" ? `file:${source.name}:${source.line}` : source.kind === "generation" ? `generation:${source.participant}` : source.kind,
      messageGenerator: evaluation ? (source?.generator ?? (source?.kind === "generation" ? "human" : null)) : null,
      shownOptions: item.task === "ally" ? assignment.shown.messages! : assignment.shown.words,
      answer: "message" in answer.answer ? answer.answer.message : answer.answer.choice,
      correct: answer.correct,
      passedChecks: passed.get(answer.participantId) ?? null,
    };
  });
}

export const STUDY_CSV_COLUMNS = [
  "study", "participant", "item", "task", "attention_check", "position", "answered_at", "seconds_on_item", "category", "words", "secret",
  "decoys", "item_message", "message_source", "message_generator", "shown_options", "answer", "correct", "passed_checks",
] as const;

/** CSV: lists as JSON text (`["cat","dog"]`), formula-safe cells, booleans 1/0, empty for null. */
export function exportCsv(rows: readonly StudyExportRow[]): string {
  const lines = [STUDY_CSV_COLUMNS.join(",")];
  for (const r of rows) {
    lines.push(
      [
        r.study, r.participant, r.item, r.task, r.attentionCheck, r.position, r.answeredAt, r.secondsOnItem, r.category, JSON.stringify(r.words), r.secret,
        JSON.stringify(r.decoys), r.itemMessage, r.messageSource, r.messageGenerator, JSON.stringify(r.shownOptions), r.answer, r.correct, r.passedChecks,
      ]
        .map((v) => csvCell(v))
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

export function exportJsonl(rows: readonly StudyExportRow[]): string {
  return rows.map((r) => JSON.stringify(r) + "\n").join("");
}
