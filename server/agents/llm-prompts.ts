import type { BotView } from "./agent";

/**
 * The LLM bot's prompts, built only from the bot's own view (a chameleon bot's view has no secret, so its
 * prompt cannot contain it), and the strict parsers of its replies. Each reply must carry one tag; the last
 * tag wins; anything else is a parse failure and the bot falls back to the lexical decision.
 */

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

const SYSTEM = [
  "You are playing The Chameleon, a party game of hidden information.",
  "Everyone sees a topic card: a category and a grid of words. One word is the secret.",
  "Every player except the chameleon knows the secret. Each player gives one short clue;",
  "then everyone votes for who they think the chameleon is. If the chameleon is caught, it may still win",
  "by guessing the secret. Informed players want clues that prove they know the secret without",
  "giving it away to the chameleon. The chameleon wants to blend in.",
  "Answer with exactly the tag asked for, and nothing after it.",
].join(" ");

function table(view: BotView): string {
  const me = view.players.find((p) => p.playerId === view.playerId)?.name ?? view.playerId;
  const lines = [
    `Category: ${view.category}`,
    view.words.length > 0 ? `Grid: ${view.words.join(", ")}` : "Grid: (hidden from you)",
    view.secret === null ? "You are the CHAMELEON: you do not know the secret." : `The secret word is: ${view.secret}`,
    `You are ${me}.`,
  ];
  if (view.clues.length > 0) {
    lines.push("Clues so far:");
    for (const clue of view.clues) lines.push(`- ${nameOf(view, clue.playerId)}: ${clue.text}`);
  } else {
    lines.push("No clues yet: you go first.");
  }
  return lines.join("\n");
}

function nameOf(view: BotView, playerId: string): string {
  return view.players.find((p) => p.playerId === playerId)?.name ?? playerId;
}

export function cluePrompt(view: BotView, rejected: readonly { text: string; reason: string }[]): ChatMessage[] {
  const ask =
    view.secret === null
      ? "Give a clue that fits the category and the clues so far, so that nobody suspects you."
      : "Give a clue that shows the others you know the secret, without making it easy for the chameleon to guess it.";
  const rules = `The clue is 1 to ${view.maxClueWords} word(s) and must not contain any grid word.`;
  const retry = rejected.map((r) => `Your clue "${r.text}" was refused: ${r.reason}.`).join("\n");
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: [table(view), ask, rules, retry, "Answer as <clue>your clue</clue>."].filter(Boolean).join("\n") },
  ];
}

export function candidatesFor(view: BotView): { playerId: string; name: string }[] {
  return view.players.filter((p) => p.playerId !== view.playerId);
}

export function votePrompt(view: BotView, candidates: readonly { playerId: string; name: string }[], tieBreak = false): ChatMessage[] {
  const ask = tieBreak
    ? "The vote is tied. As the dealer, you choose who is accused among these players:"
    : view.secret === null
      ? "Vote for a player other than yourself. You are the chameleon: accuse someone the others may believe."
      : "Vote for the player you think is the chameleon (the clue that fits the secret worst).";
  const list = candidates.map((p, i) => `${i + 1}. ${p.name}`).join("\n");
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: `${table(view)}\n${ask}\n${list}\nAnswer as <vote>number</vote>.` },
  ];
}

export function guessPrompt(view: BotView, options: readonly string[]): ChatMessage[] {
  const list = options.map((w, i) => `${i + 1}. ${w}`).join("\n");
  return [
    { role: "system", content: SYSTEM },
    {
      role: "user",
      content: `${table(view)}\nYou were caught. Guess the secret word from these options:\n${list}\nAnswer as <guess>number</guess>.`,
    },
  ];
}

/** The text of the last `<tag>…</tag>` in a reply; null when there is none or it is empty. */
export function lastTag(reply: string, tag: string): string | null {
  const pattern = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "gi");
  let last: string | null = null;
  for (const match of reply.matchAll(pattern)) last = match[1].trim();
  return last === null || last.length === 0 ? null : last;
}

export function parsedClue(reply: string, maxWords: number): string {
  const clue = lastTag(reply, "clue");
  if (clue === null) throw new Error("no <clue> tag in the reply");
  const cleaned = clue.replace(/^["'“”]+|["'“”.!]+$/g, "").trim();
  const words = cleaned.split(/\s+/).filter(Boolean);
  if (words.length === 0) throw new Error("empty clue");
  if (words.length > maxWords) throw new Error(`clue "${cleaned}" has ${words.length} words (max ${maxWords})`);
  return cleaned;
}

/** A 1-based number from the list, or an exact (case-insensitive) option; anything else is refused. */
export function parsedChoice<T>(reply: string, tag: string, options: readonly T[], label: (option: T) => string): T {
  const raw = lastTag(reply, tag);
  if (raw === null) throw new Error(`no <${tag}> tag in the reply`);
  const text = raw.replace(/[.\s]+$/, "");
  if (/^\d+$/.test(text)) {
    const index = Number(text) - 1;
    if (index >= 0 && index < options.length) return options[index];
    throw new Error(`<${tag}>${text}</${tag}> is not an option number (1–${options.length})`);
  }
  const byName = options.filter((o) => label(o).toLowerCase() === text.toLowerCase());
  if (byName.length === 1) return byName[0];
  throw new Error(`<${tag}>${text}</${tag}> matches no option`);
}
