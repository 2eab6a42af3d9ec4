/**
 * What a bot says in the discussion: one short line naming the clue it trusts least. Informed and
 * chameleon bots use the same phrasings, drawn by the same seeded rule, so that the line's form never
 * tells a role; only which clue it names comes from the bot's own reasoning (lexical-clue.ts's
 * rankSuspects). The line quotes a clue the table already accepted, so it cannot hold a grid word.
 */
import { findGridWordIn } from "../../shared/game/clue-validation";
import { seededRng } from "../../shared/random";

/** Phrasings of "this clue fits least"; `{clue}` is replaced by the clue as given. */
export const SUSPICION_LINES = [
  `"{clue}" is the clue I trust least.`,
  `Not so sure about "{clue}".`,
  `"{clue}" seems a bit off to me.`,
  `"{clue}" fits less well than the others.`,
  `Hmm, "{clue}" is the odd one for me.`,
] as const;

/** Longest clue a line quotes; a longer one would make the line read like a speech. */
const MAX_QUOTED_CHARS = 40;

/**
 * The line for a bot that suspects the player who gave `clue`, or null when there is nothing safe to say:
 * no clue, a clue too long to quote, or (defensively, since every clue passed the table's check) a line
 * that would hold a grid word.
 */
export function suspicionLine(clue: string | undefined, words: readonly string[], seed: string, said: readonly string[] = []): string | null {
  if (!clue || clue.length > MAX_QUOTED_CHARS) return null;
  // Starting from the seeded phrasing, the first one nobody has used in the chat yet: two bots saying the
  // very same sentence would read like machines.
  const start = seededRng(`${seed}/discussion`).int(SUSPICION_LINES.length);
  const fresh = SUSPICION_LINES.map((_, i) => SUSPICION_LINES[(start + i) % SUSPICION_LINES.length]).find((template) => !said.some((text) => usesTemplate(text, template)));
  const line = (fresh ?? SUSPICION_LINES[start]).replace("{clue}", clue);
  return findGridWordIn(line, words) === undefined ? line : null;
}

/** Whether `text` is `template` with some clue in its place. */
function usesTemplate(text: string, template: string): boolean {
  const [before, after] = template.split("{clue}");
  return text.length > before.length + after.length && text.startsWith(before) && text.endsWith(after);
}
