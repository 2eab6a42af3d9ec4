/** The parts of an OpenAI-shaped chat completion SNEAK reads, validated (servers differ in what they omit). */
import { z } from "zod";
import type { TopLogprob } from "../../shared/sneak/labels";

const tokenLogprob = z.object({ token: z.string(), logprob: z.number().nullable() });

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional(), reasoning_content: z.string().nullable().optional() }).nullable().optional(),
        logprobs: z
          .object({
            content: z
              .array(tokenLogprob.extend({ top_logprobs: z.array(tokenLogprob).nullable().optional() }))
              .nullable()
              .optional(),
          })
          .nullable()
          .optional(),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

export type Completion = z.infer<typeof completionSchema>;

/** The completion, or a one-line reason it is not one. */
export function parseCompletion(json: unknown): { completion: Completion } | { problem: string } {
  const result = completionSchema.safeParse(json);
  if (result.success) return { completion: result.data };
  const issue = result.error.issues[0];
  return { problem: `not a chat completion (${issue.path.join(".") || "body"}: ${issue.message})` };
}

export function textOf(completion: Completion): string {
  return completion.choices[0].message?.content ?? "";
}

/**
 * The first position's top tokens, with the sampled token added when a server lists it apart
 * from its alternatives. Null when the server sent no logprobs.
 */
export function firstTokenLogprobs(completion: Completion): TopLogprob[] | null {
  const first = completion.choices[0].logprobs?.content?.[0];
  if (!first) return null;
  const top = (first.top_logprobs ?? []).filter((t): t is TopLogprob => t.logprob !== null);
  if (first.logprob !== null && !top.some((t) => t.token === first.token)) top.push({ token: first.token, logprob: first.logprob });
  return top.length > 0 ? top : null;
}
