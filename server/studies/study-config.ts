import { z } from "zod";
import { intFrom } from "../config";

/**
 * The studies' settings from the environment (docs/STUDIES.md):
 * - SNEAK_RESEARCH_KEY: whoever holds it may create studies from the page (`/studies`) or POST /api/studies;
 *   unset, studies are created with `npm run study -- create` only. At least 16 characters.
 * - SNEAK_STUDY_BURST, SNEAK_STUDY_PER_MINUTE: requests to /api/studies per client address (a class of 30
 *   behind one NAT address answers an item every few seconds between them): 120 at once, then 600 a minute.
 */
export interface StudyServerConfig {
  researchKey: string | null;
  burst: number;
  perMinute: number;
}

const StudyEnv = z.object({
  SNEAK_RESEARCH_KEY: z.string().trim().min(16, "must be at least 16 characters").optional(),
  SNEAK_STUDY_BURST: intFrom(120),
  SNEAK_STUDY_PER_MINUTE: intFrom(600, 1),
});

export function studyConfigFromEnv(env: Record<string, string | undefined> = process.env): StudyServerConfig {
  const parsed = StudyEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join(".")}: ${issue.message}`);
  }
  return { researchKey: parsed.data.SNEAK_RESEARCH_KEY ?? null, burst: parsed.data.SNEAK_STUDY_BURST, perMinute: parsed.data.SNEAK_STUDY_PER_MINUTE };
}
