import { z } from "zod";

/** The options shared by `npm run export` and the HTTP endpoints, validated the same way. */

/** A room log's id (`ABCD-lq3x9k2`) or a room code (`ABCD`: its latest log). */
export const LOG_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** `--game`: a log id or room code, optionally `/N` for one game of it. */
export const GAME_SELECTOR = /^([A-Za-z0-9_-]{1,64})(?:\/(\d{1,6}))?$/;
export const EXPORT_FORMATS = ["jsonl", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A calendar date (2026-01-31, UTC midnight) or a full ISO timestamp → ms since epoch. */
export const SinceSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, "must be a date like 2026-01-31 or an ISO timestamp")
  .transform((text, ctx) => {
    const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: "custom", message: "is not a real date" });
      return z.NEVER;
    }
    return ms;
  });

export const ExportQuerySchema = z.object({
  since: SinceSchema.optional(),
  format: z.enum(EXPORT_FORMATS, { error: "must be jsonl or csv" }).optional(),
  /** One game of the log: its number (1 = the room's first game). */
  game: z.string().regex(/^\d{1,6}$/, "must be a game number (1, 2, …)").transform(Number).optional(),
});

export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/** "since: must be a date like …" from the first zod issue. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue.path.join(".") || "input"}: ${issue.message}`;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  jsonl: "application/x-ndjson; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};
