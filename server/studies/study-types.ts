import type { StudyTask } from "../../shared/studies/protocol";
import type { StudySpec } from "../../shared/studies/spec";

/** The records of a study as the store keeps them (server/store/study-schema.ts). Never sent to participants as they are. */

/** Where an evaluation item's message comes from. */
export interface MessageSource {
  kind: "file" | "generation" | "attention-check";
  /** The file's name and line (file). */
  name?: string;
  line?: number;
  /** Who wrote the message, as the file says (`human`, `bot:lexical`, a benchmark run's generator). */
  generator?: string;
  /** The generation answer it is (generation): its author and item. */
  participant?: string;
  item?: string;
}

/** One item: an instance (c, W, w_s, M_decoy) and, for the evaluation tasks, the message judged. */
export interface ItemPayload {
  category: string;
  words: string[];
  secret: string;
  decoys: string[];
  message?: string;
  source?: MessageSource;
}

export interface StudyItem {
  itemId: string;
  seq: number;
  task: StudyTask;
  /** Nobody is given two items with the same key: one instance per category, so the category. */
  instanceKey: string;
  /** Different people it needs; 0 for an attention check (anyone may get one). */
  quota: number;
  gold: boolean;
  createdAt: number;
  payload: ItemPayload;
}

/** What a study was created with, kept with it: the spec less the files it read, and where those came from. */
export interface StudyConfig extends Omit<StudySpec, "dataset" | "messages" | "checks"> {
  dataset: { name: string; sha256: string; categories: number };
  messages: { kind: "none" | "generation" } | { kind: "file"; name: string; sha256: string; lines: number; used: number };
  /** Where the attention checks' messages came from: the researcher's file, or WordNet's synonyms of the secrets. */
  checks: { kind: "file"; name: string; sha256: string; instances: number } | { kind: "synonyms"; instances: number } | null;
  words: number;
  decoys: number;
  instances: number;
  /** Items one person is given, checks included: never more than the instances they can meet. */
  perParticipant: number;
  createdWith: "cli" | "page";
}

export interface StudyRecord {
  id: string;
  keyHash: string;
  createdAt: number;
  open: boolean;
  config: StudyConfig;
}

/** The order one participant was shown an item's options in. */
export interface Shown {
  words: string[];
  messages?: string[];
}

export interface AssignmentRecord {
  participantId: string;
  itemId: string;
  position: number;
  assignedAt: number;
  expiresAt: number;
  shown: Shown;
  answeredAt: number | null;
  releasedAt: number | null;
}

/** A generation answer is a message; an evaluation answer is the option chosen (its text and where it was shown). */
export type AnswerContent = { message: string } | { choice: string; shownIndex: number };

export interface AnswerRecord {
  answerId: number;
  participantId: string;
  itemId: string;
  answeredAt: number;
  answer: AnswerContent;
  correct: boolean | null;
}

export interface ParticipantRecord {
  participantId: string;
  joinedAt: number;
  /** The crowd platform's id from the link (PROLIFIC_PID, workerId …), when there was one. */
  platformId: string | null;
  finishedAt: number | null;
  finishReason: string | null;
}

/** A decision on a generation answer before others judge it (the study's review setting). */
export interface ReviewRecord {
  answerId: number;
  decision: "approved" | "rejected";
  /** `filter: offensive`, `researcher` … */
  reason: string;
  decidedAt: number;
}

/** Everything a study holds, for its results and its export. */
export interface StudyData {
  study: StudyRecord;
  items: StudyItem[];
  participants: ParticipantRecord[];
  assignments: AssignmentRecord[];
  answers: AnswerRecord[];
  reviews: ReviewRecord[];
}
