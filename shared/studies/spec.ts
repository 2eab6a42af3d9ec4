import { z } from "zod";
import { EVALUATION_TASKS, STUDY_TASKS } from "./protocol";

/**
 * What a researcher asks for when creating a study (the CLI, the page and POST /api/studies send the same
 * object). Defaults are the paper's Appendix B: every task on one instance per category, 3 people per
 * generation item and 5 per evaluation item.
 */

export const DEFAULT_QUOTAS = { generation: 3, ally: 5, chameleon: 5 } as const;
export const DEFAULT_ITEMS_PER_PARTICIPANT = 10;
export const DEFAULT_RESERVATION_MINUTES = 30;
/** How long an opened item stays held after the participant's page last said it is still open (it renews the hold while it is). */
export const DEFAULT_HOLD_SECONDS = 120;
/** An answer given sooner than this after its item was shown is too fast to have been read. */
export const DEFAULT_MIN_SECONDS_PER_ITEM = 2;
/** The query parameters a crowd platform puts its participant id in: Prolific's, then MTurk's. */
export const DEFAULT_PLATFORM_ID_PARAMS = ["PROLIFIC_PID", "workerId"];
/** Message lines (a results.jsonl or an export) kept from one file. */
export const MAX_MESSAGE_LINES = 50_000;

export const DEFAULT_CONSENT =
  "This is a research study on how people give and read hints in a word game. You will see a few short items, " +
  "each taking under a minute. We record your answers and how long each took, under a random participant id. " +
  "We do not ask for your name or any other personal information. You may stop at any time; answers you " +
  "submitted are kept. By continuing you agree to take part.";

const count = (min: number, max: number) => z.number().int().min(min).max(max);

export const MessagesSpecSchema = z.discriminatedUnion("kind", [
  /** No messages: a generation-only study. */
  z.strictObject({ kind: z.literal("none") }),
  /** The study's own generation answers become evaluation items as they arrive. */
  z.strictObject({ kind: z.literal("generation") }),
  /** Lines of a benchmark run's results.jsonl or of a game export (`npm run export`), read as they are. */
  z.strictObject({ kind: z.literal("file"), name: z.string().trim().min(1).max(200), lines: z.array(z.unknown()).min(1).max(MAX_MESSAGE_LINES) }),
]);
export type MessagesSpec = z.infer<typeof MessagesSpecSchema>;

export const StudySpecSchema = z
  .strictObject({
    title: z.string().trim().min(1, "title: give the study a title").max(120),
    consent: z.string().trim().min(1, "consent: give the text participants agree to").max(10_000).default(DEFAULT_CONSENT),
    tasks: z.array(z.enum(STUDY_TASKS)).min(1, "tasks: choose at least one task").refine((t) => new Set(t).size === t.length, "tasks: each task once"),
    seed: count(0, 2 ** 31 - 1).default(0),
    /** How many categories (one instance each); default all of them (the paper's 117). */
    categories: count(1, 10_000).optional(),
    /** |W| and |M| − 1, as the benchmark's --words and --decoys (default all words, 5 decoys). */
    words: count(2, 64).optional(),
    decoys: count(1, 20).optional(),
    quotas: z
      .strictObject({ generation: count(1, 100), ally: count(1, 100), chameleon: count(1, 100) })
      .partial()
      .default({})
      .transform((q) => ({ ...DEFAULT_QUOTAS, ...q })),
    itemsPerParticipant: count(1, 1000).default(DEFAULT_ITEMS_PER_PARTICIPANT),
    /** Attention checks per participant (items with an obvious answer, among the evaluation tasks). */
    attentionChecks: count(0, 10).default(0),
    /** Attention checks' messages (lines of {category, secret, message} whose answer is plain); default: drawn from WordNet's common synonyms of secrets. */
    checks: z.strictObject({ name: z.string().trim().min(1).max(200), lines: z.array(z.unknown()).min(1).max(MAX_MESSAGE_LINES) }).optional(),
    /** The longest an opened item stays reserved for its participant, however long their page stays open. */
    reservationMinutes: count(1, 24 * 60).default(DEFAULT_RESERVATION_MINUTES),
    /** How long an opened item stays reserved once the participant's page stops renewing it (closed tab, lost phone). */
    holdSeconds: count(2, 3600).default(DEFAULT_HOLD_SECONDS),
    /** Answers faster than this are "too fast"; a participant whose median time per item is under it is excluded (0: never). */
    minSecondsPerItem: count(0, 600).default(DEFAULT_MIN_SECONDS_PER_ITEM),
    /** Query parameters of the participant link that carry a crowd platform's participant id (first present wins). */
    platformIdParams: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,39}$/, "platformIdParams: names of letters, digits and _")).max(5).default(DEFAULT_PLATFORM_ID_PARAMS),
    /** Shown at the end: the code a participant pastes back into Prolific or MTurk, and/or where to send them. */
    completionCode: z.string().trim().min(1).max(100).regex(/^[\x21-\x7e]+$/, "completionCode: letters, digits and symbols, no spaces").optional(),
    completionUrl: z
      .string()
      .trim()
      .max(500)
      .refine((u) => /^https?:\/\/[^\s]+$/.test(u), "completionUrl: an http(s) address")
      .optional(),
    /** What happens to the generation task's answers before they are judged: the offensive-word filter alone, or that and a researcher's approval. */
    review: z.enum(["filter", "manual"]).default("filter"),
    messages: MessagesSpecSchema.default({ kind: "none" }),
    /** Another dataset in the benchmark's format (default: the server's, data/sneak-dataset.json). */
    dataset: z.unknown().optional(),
  })
  .superRefine((spec, ctx) => {
    const evaluation = spec.tasks.some((t) => (EVALUATION_TASKS as readonly string[]).includes(t));
    if (evaluation && spec.messages.kind === "none") {
      ctx.addIssue({ code: "custom", path: ["messages"], message: "messages: the ally and chameleon tasks need messages to judge (a results.jsonl, a game export, or the generation task's answers)" });
    }
    if (spec.messages.kind === "generation" && !spec.tasks.includes("generation")) {
      ctx.addIssue({ code: "custom", path: ["messages"], message: "messages: the generation task's answers need the generation task" });
    }
    if (spec.messages.kind === "generation" && !evaluation) {
      ctx.addIssue({ code: "custom", path: ["messages"], message: "messages: the generation task's answers are judged only by an ally or chameleon task" });
    }
    if (spec.attentionChecks > 0 && !evaluation) {
      ctx.addIssue({ code: "custom", path: ["attentionChecks"], message: "attentionChecks: attention checks are ally or chameleon items, so the study needs one of those tasks" });
    }
  });

export type StudySpecInput = z.input<typeof StudySpecSchema>;
export type StudySpec = z.output<typeof StudySpecSchema>;

/** The first problem of a refused spec, as one line. */
export function firstSpecIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid study";
  const path = issue.path.join(".");
  return issue.message.startsWith(`${String(issue.path[0] ?? "")}:`) ? issue.message : `${path || "study"}: ${issue.message}`;
}
