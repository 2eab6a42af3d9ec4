import { z } from "zod";
import { intFrom, PublicUrlSchema } from "../config";

/**
 * The studies' settings from the environment (docs/STUDIES.md):
 * - SNEAK_RESEARCH_KEY: whoever holds it may create studies from the page (`/studies`) or POST /api/studies;
 *   unset, studies are created with `npm run study -- create` only. At least 16 characters.
 * - SNEAK_STUDY_BURST, SNEAK_STUDY_PER_MINUTE: requests to /api/studies per client address (a class of 30
 *   behind one NAT address answers an item every few seconds between them): 120 at once, then 600 a minute.
 * - SNEAK_STUDY_JOIN_BURST, SNEAK_STUDY_JOINS_PER_MINUTE: new participants per client address: 30 at once,
 *   then 30 a minute (a class joins together; a script joining again and again does not get far).
 * - SNEAK_STUDY_HOLDS_PER_ADDRESS: items the participants of one address may hold unanswered at once (40).
 * - SNEAK_STUDY_URL: the origin of study links (default SNEAK_PUBLIC_URL). On a cluster, an address that
 *   reaches every process in turn (a round-robin proxy): a study keeps nothing in a process, so unlike the
 *   game it needs no sticky sessions, and its page goes on through whichever process answers.
 */
export interface StudyServerConfig {
  researchKey: string | null;
  burst: number;
  perMinute: number;
  joinBurst: number;
  joinsPerMinute: number;
  holdsPerAddress: number;
  studyUrl: string | null;
}

const StudyEnv = z.object({
  SNEAK_RESEARCH_KEY: z.string().trim().min(16, "must be at least 16 characters").optional(),
  SNEAK_STUDY_BURST: intFrom(120),
  SNEAK_STUDY_PER_MINUTE: intFrom(600, 1),
  SNEAK_STUDY_JOIN_BURST: intFrom(30, 1),
  SNEAK_STUDY_JOINS_PER_MINUTE: intFrom(30, 1),
  SNEAK_STUDY_HOLDS_PER_ADDRESS: intFrom(40, 1),
  SNEAK_STUDY_URL: PublicUrlSchema.optional(),
});

export function studyConfigFromEnv(env: Record<string, string | undefined> = process.env): StudyServerConfig {
  const parsed = StudyEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    researchKey: e.SNEAK_RESEARCH_KEY ?? null,
    burst: e.SNEAK_STUDY_BURST,
    perMinute: e.SNEAK_STUDY_PER_MINUTE,
    joinBurst: e.SNEAK_STUDY_JOIN_BURST,
    joinsPerMinute: e.SNEAK_STUDY_JOINS_PER_MINUTE,
    holdsPerAddress: e.SNEAK_STUDY_HOLDS_PER_ADDRESS,
    studyUrl: e.SNEAK_STUDY_URL ?? null,
  };
}
