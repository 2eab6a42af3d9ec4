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
  /** Query parameters of the link that carry a crowd platform's participant id (the page sends the first present). */
  platformIdParams: string[];
  /** How often the page renews its hold on the item it shows, in seconds. */
  renewSeconds: number;
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

/** What the study asks a participant to do at the end to be paid: a code to paste back, a page to go to. */
export interface Completion {
  code: string | null;
  url: string | null;
}

export type ParticipantState =
  | { state: "item"; participantId: string; progress: Progress; item: ItemView }
  /** Every item this participant may still take is held by someone else right now: ask again later. */
  | { state: "wait"; participantId: string; progress: Progress; retryAfterSeconds: number }
  /** `completion` only for someone who answered at least one item. */
  | { state: "finished"; participantId: string; progress: Progress; reason: FinishReason; completion: Completion | null };

/** POST /api/studies/:id/participants */
export const JoinBodySchema = z.strictObject(
  {
    consent: z.literal(true, { error: "consent: tick the box to agree before you start" }),
    /** The crowd platform's participant id from the link's query (PROLIFIC_PID, workerId …); never shown to anyone else. */
    platformId: z
      .string({ error: "platformId: a text" })
      .trim()
      .min(1, "platformId: empty")
      .max(100, "platformId: at most 100 characters")
      .regex(/^[\x21-\x7e]+$/, "platformId: letters, digits and symbols, no spaces")
      .optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `body: unknown field ${issue.keys.join(", ")} (send consent and, from a crowd platform, platformId)` : "body: must be a JSON object") },
);

/** The answer to one item: a message for generation, the index of the chosen option (as shown) for the others. */
export const AnswerBodySchema = z.strictObject(
  {
    item: z.string({ error: "item: the id of the item answered (a text)" }).regex(ITEM_ID, "item: not an item id"),
    message: z.string({ error: "message: the message written, as a text" }).max(200, "message: at most 200 characters").optional(),
    choice: z
      .number({ error: "choice: the 0-based index of the chosen option in the order shown (a number such as 2), not its text" })
      .int("choice: a whole number")
      .min(0, "choice: 0 or more")
      .max(63, "choice: at most 63")
      .optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `body: unknown field ${issue.keys.join(", ")} (send item and either message or choice)` : "body: must be a JSON object") },
);
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

/** `POST /api/studies/:id/admin/review`: the researcher's decision on a generation answer before others judge it. */
export const ReviewBodySchema = z.strictObject(
  {
    answer: z.number({ error: "answer: the answer's number (answerId) from the review list" }).int().min(1, "answer: the answer's number (answerId) from the review list"),
    decision: z.enum(["approved", "rejected"], { error: "decision: approved or rejected" }),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `body: unknown field ${issue.keys.join(", ")} (send answer and decision)` : "body: must be a JSON object") },
);

/** A generation answer as the researcher reviews it. */
export interface ReviewEntry {
  answerId: number;
  category: string;
  secret: string;
  message: string;
  /** null while it awaits a decision. */
  decision: "approved" | "rejected" | null;
  /** `filter: offensive`, `filter` (passed it), `researcher`. */
  reason: string | null;
}
