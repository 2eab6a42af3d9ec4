import { z } from "zod";

/**
 * The human studies' wire (docs/STUDIES.md): what a participant's page and the server say to each other over
 * HTTP, with the zod schema of every body the server accepts. Pure, shared by the server and the study page.
 */

export const STUDY_TASKS = ["generation", "ally", "chameleon"] as const;
export type StudyTask = (typeof STUDY_TASKS)[number];
export const EVALUATION_TASKS = ["ally", "chameleon"] as const satisfies readonly StudyTask[];

/** Study ids and participant ids: lower-case letters and digits, a fixed prefix for participants. */
export const STUDY_ID = /^[a-z0-9]{10}$/;
export const PARTICIPANT_ID = /^p-[a-z0-9]{12}$/;
export const ITEM_ID = /^[a-z0-9]{12}$/;

/** What anyone with the participant link may read: never the key, the items or any answer. */
export interface StudyPublicInfo {
  id: string;
  title: string;
  consent: string;
  tasks: StudyTask[];
  /** Items one person is given (attention checks included). */
  itemsPerParticipant: number;
  open: boolean;
}

/** One item as one participant sees it: options in their own order, never the answer of an evaluation item. */
export type ItemView =
  | { id: string; task: "generation"; category: string; words: string[]; secret: string; maxWords: number }
  | { id: string; task: "ally"; category: string; words: string[]; secret: string; messages: string[] }
  | { id: string; task: "chameleon"; category: string; words: string[]; message: string };

export interface Progress {
  done: number;
  total: number;
}

export type FinishReason = "complete" | "exhausted" | "closed";

export type ParticipantState =
  | { state: "item"; participantId: string; progress: Progress; item: ItemView }
  | { state: "finished"; participantId: string; progress: Progress; reason: FinishReason };

/** POST /api/studies/:id/participants */
export const JoinBodySchema = z.strictObject({ consent: z.literal(true, { error: "consent: tick the box to agree before you start" }) });

/** The answer to one item: a message for generation, the index of the chosen option (as shown) for the others. */
export const AnswerBodySchema = z.strictObject({
  item: z.string().regex(ITEM_ID, "item: not an item id"),
  message: z.string().max(200, "message: at most 200 characters").optional(),
  choice: z.number().int().min(0).max(63).optional(),
});
export type AnswerBody = z.infer<typeof AnswerBodySchema>;

/** `POST /api/studies/:id/admin/state`: open or close the study. */
export const StudyStateBodySchema = z.object({ open: z.boolean({ error: "open: must be true or false" }) }, { error: "open: must be true or false" });

/** The header a participant's requests carry: `Authorization: Bearer <token>`; the token is theirs alone. */
export const PARTICIPANT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const TASK_LABELS: Record<StudyTask, string> = {
  generation: "Write a clue",
  ally: "Find the informed clue",
  chameleon: "Guess the secret word",
};
