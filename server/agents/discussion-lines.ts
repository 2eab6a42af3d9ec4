/**
 * What a bot says in the discussion. An opening line names the clue it trusts least, agrees with a player who
 * already named the same clue, or says it is torn; a reply answers a player who questioned its own clue. Informed
 * and chameleon bots draw from the same phrasings by the same seeded rule, so that a line's form never tells a
 * role; only which clue it names comes from the bot's own reasoning (lexical-clue.ts's rankSuspects). A line
 * quotes only clues the table already accepted, so it cannot hold a grid word, and it is checked for one anyway.
 */
import { findGridWordIn, normalizeForComparison } from "../../shared/game/clue-validation";
import { seededRng } from "../../shared/random";

/** Phrasings of "this clue fits least"; `{clue}` is replaced by the clue as given. */
export const SUSPICION_LINES = [
  `"{clue}" is the clue I trust least.`,
  `Not so sure about "{clue}".`,
  `"{clue}" seems a bit off to me.`,
  `"{clue}" fits less well than the others.`,
  `Hmm, "{clue}" is the odd one for me.`,
  `I keep coming back to "{clue}".`,
  `Why "{clue}", though?`,
  `"{clue}" could fit almost anything on this card.`,
  `My vote is leaning towards whoever said "{clue}".`,
  `I can't see how "{clue}" fits.`,
] as const;

/** Said when another player already named the clue this bot trusts least. */
export const AGREEMENT_LINES = [`Same here, "{clue}" bothers me too.`, `Agreed, "{clue}" stands out.`, `I was about to point at "{clue}" too.`] as const;

/** Said when no clue stands out (the bot's two most suspicious are close). */
export const TORN_LINES = [`Hard one. Every clue works for me this round.`, `I'm torn between a couple of clues.`, `Nothing jumps out at me yet.`, `These all sound reasonable to me.`] as const;

/**
 * Answers to a player who questioned this bot's own clue: it stands by its clue without saying why in a way that
 * gives the secret (or its ignorance of it) away, and may point at the clue it trusts least. `{own}` is its clue,
 * `{other}` the one it suspects.
 */
export const REPLY_LINES = [`I stand by "{own}". Think about it a little longer.`, `"{own}" fits, just not in the most obvious way.`, `I kept "{own}" a bit vague on purpose.`, `Fair question, but "{own}" is a good clue, I promise.`] as const;
export const DEFLECT_LINES = [`"{own}" is fine. I'd look at "{other}" instead.`, `"{own}" fits. "{other}" is the one I don't get.`, `Check "{other}" before you pick on "{own}".`] as const;

/** Longest clue a line quotes; a longer one would make the line read like a speech. */
const MAX_QUOTED_CHARS = 40;
/** Suspicion (rankSuspects' scale, in nats) by which the top suspect must lead the next for a bot to name it rather than say it is torn. */
const CLEAR_LEAD = 0.3;

export interface TableTalk {
  /** The clue this bot trusts least, and how far it leads the next (null when there is none to name). */
  suspect: { clue: string; lead: number } | null;
  /** The chat said so far this round, oldest first. */
  chat: readonly string[];
  words: readonly string[];
  seed: string;
}

/** The bot's opening line for the discussion, or null when there is nothing safe to say. */
export function openingLine(talk: TableTalk): string | null {
  const { suspect, chat, words, seed } = talk;
  if (!suspect || suspect.clue.length > MAX_QUOTED_CHARS) return null;
  const rng = seededRng(`${seed}/discussion`);
  if (suspect.lead < CLEAR_LEAD) return fresh(TORN_LINES, chat, rng.int(TORN_LINES.length), {}, words);
  // Another player named the same clue already: say so, as a player would, instead of repeating the accusation.
  if (chat.some((line) => mentions(line, suspect.clue))) return fresh(AGREEMENT_LINES, chat, rng.int(AGREEMENT_LINES.length), { clue: suspect.clue }, words);
  return fresh(SUSPICION_LINES, chat, rng.int(SUSPICION_LINES.length), { clue: suspect.clue }, words);
}

/**
 * A bot's answer when its own clue was questioned: it stands by it, or points at the clue it suspects. It does not
 * point back along a line that already named both clues ("Check 'box' before you pick on 'check'" answered by
 * "Check 'check' before you pick on 'box'" reads like two machines), and stands by its clue instead.
 */
export function replyLine(own: string, suspect: string | null, chat: readonly string[], words: readonly string[], seed: string): string | null {
  if (own.length > MAX_QUOTED_CHARS) return null;
  const rng = seededRng(`${seed}/reply/${chat.length}`);
  const canDeflect = suspect !== null && suspect.length <= MAX_QUOTED_CHARS && !chat.some((line) => mentions(line, own) && mentions(line, suspect));
  if (canDeflect && rng.float() < 0.5) return fresh(DEFLECT_LINES, chat, rng.int(DEFLECT_LINES.length), { own, other: suspect }, words);
  return fresh(REPLY_LINES, chat, rng.int(REPLY_LINES.length), { own }, words);
}

/** Whether a chat line names this clue (as whole words, however cased or punctuated) or this name. */
export function mentions(line: string, clueOrName: string): boolean {
  const needle = normalizeForComparison(clueOrName).trim();
  if (needle === "") return false;
  return ` ${normalizeForComparison(line).replace(/\s+/g, " ")} `.includes(` ${needle} `);
}

/**
 * Starting from the seeded phrasing, the first that nobody has used in the chat yet (two bots saying the very
 * same sentence would read like machines), with its blanks filled; null if it would hold a grid word.
 */
function fresh(lines: readonly string[], said: readonly string[], start: number, fill: Record<string, string>, words: readonly string[]): string | null {
  const order = lines.map((_, i) => lines[(start + i) % lines.length]);
  const template = order.find((t) => !said.some((text) => usesTemplate(text, t))) ?? order[0];
  const line = template.replace(/\{(\w+)\}/g, (_, key: string) => fill[key] ?? "");
  return findGridWordIn(line, words) === undefined ? line : null;
}

/** Whether `text` is `template` with its blanks filled. */
function usesTemplate(text: string, template: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, ".+");
  return new RegExp(`^${pattern}$`).test(text);
}
