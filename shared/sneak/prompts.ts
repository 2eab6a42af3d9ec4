/**
 * Every prompt SNEAK sends to a language model, in one file: the ally and chameleon judges,
 * the message generators (plain, +cot, +sets, +rmr) and the decoy writer (paper Appendix C),
 * plus the parsing of their replies. The paper's own prompts are not public; these are ours.
 */
import type { AllyQuery, ChameleonQuery } from "./types";
import { optionLetters } from "./labels";

export interface PromptMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export type GeneratorMethod = "plain" | "cot" | "sets" | "rmr";
export const GENERATOR_METHODS: readonly GeneratorMethod[] = ["plain", "cot", "sets", "rmr"];

/** What a generator sees: the category, the candidate words and the secret (paper §2.1). */
export interface GeneratorInput {
  category: string;
  words: string[];
  secret: string;
}

const GAME =
  "We are playing a word game. Everyone sees a category and a list of candidate words. " +
  "One of the words is the secret. Players who know the secret give short clues so that their allies " +
  "can tell they know it, while a hidden player, the chameleon, who does not know the secret, tries to guess it from the clues.";

function lettered(options: readonly string[]): string {
  const letters = optionLetters(options.length);
  return options.map((o, i) => `${letters[i]}. ${o}`).join("\n");
}

function letterRange(count: number): string {
  const letters = optionLetters(count);
  return `${letters[0]}–${letters[letters.length - 1]}`;
}

/** The ally knows the secret and must tell which message came from a teammate who knows it too. */
export function allyPrompt(query: AllyQuery): PromptMessage[] {
  return [
    { role: "system", content: `${GAME} You are an ally: you know the secret.` },
    {
      role: "user",
      content:
        `Category: ${query.category}\nCandidate words: ${query.words.join(", ")}\nThe secret word is: ${query.secret}\n\n` +
        "Exactly one of the messages below was written by a player who knows the secret word. " +
        "The others were written without knowing it.\n\n" +
        `${lettered(query.options)}\n\n` +
        `Which message was written by the player who knows the secret? Answer with a single letter (${letterRange(query.options.length)}) and nothing else.`,
    },
  ];
}

/** The chameleon does not know the secret and guesses it from one clue or from all the clues so far. */
export function chameleonPrompt(query: ChameleonQuery): PromptMessage[] {
  if (query.clues.length === 0) throw new RangeError("the chameleon needs at least one clue");
  const clues =
    query.clues.length === 1
      ? `A player who knows the secret word gave this clue: ${query.clues[0]}`
      : `Players who know the secret word gave these clues, in order:\n${query.clues.map((c, i) => `${i + 1}. ${c}`).join("\n")}`;
  return [
    { role: "system", content: `${GAME} You are the chameleon: you do not know the secret.` },
    {
      role: "user",
      content:
        `Category: ${query.category}\n\nCandidate words:\n${lettered(query.options)}\n\n${clues}\n\n` +
        `Which word is the secret? Answer with a single letter (${letterRange(query.options.length)}) and nothing else.`,
    },
  ];
}

const GENERATOR_SYSTEM =
  `${GAME} You know the secret. Write one message of at most 5 words that lets an ally who knows the secret ` +
  "recognise that you know it too, while giving the chameleon as little help as possible in guessing which word is the secret. " +
  "The message must not contain any of the candidate words.";

function taskText(input: GeneratorInput): string {
  return `Category: ${input.category}\nCandidate words: ${input.words.join(", ")}\nThe secret word is: ${input.secret}`;
}

/** Plain: the message alone, inside the tag. */
export function plainGeneratorPrompt(input: GeneratorInput): PromptMessage[] {
  return [
    { role: "system", content: GENERATOR_SYSTEM },
    { role: "user", content: `${taskText(input)}\n\nReply with your message inside <message></message> tags and nothing else.` },
  ];
}

/** +cot: brief reasoning first, then the tag (paper §3.2, Chain-of-Thought). */
export function cotGeneratorPrompt(input: GeneratorInput): PromptMessage[] {
  return [
    { role: "system", content: GENERATOR_SYSTEM },
    {
      role: "user",
      content:
        `${taskText(input)}\n\nThink briefly first: what links the secret to the category, which links it shares with the other words, ` +
        "and which link an ally would recognise but the chameleon could not pin on one word. " +
        "Then give your final message inside <message></message> tags.",
    },
  ];
}

/** +sets, step 1: several candidate messages (paper §3.2, SETS: sampling). */
export function setsCandidatesPrompt(input: GeneratorInput, count: number): PromptMessage[] {
  return [
    { role: "system", content: GENERATOR_SYSTEM },
    {
      role: "user",
      content: `${taskText(input)}\n\nPropose ${count} different candidate messages, each inside its own <candidate></candidate> tags.`,
    },
  ];
}

/** +sets, step 2, in the same conversation: self-verification, self-correction, then one choice. */
export function setsVerifyPrompt(input: GeneratorInput, candidatesReply: string): PromptMessage[] {
  return [
    ...setsCandidatesPrompt(input, SETS_CANDIDATES),
    { role: "assistant", content: candidatesReply },
    {
      role: "user",
      content:
        "Check each candidate: does it break a rule (more than 5 words, or contains a candidate word)? " +
        "Would an ally who knows the secret recognise it? Which word would the chameleon guess from it, and how surely? " +
        "Correct any candidate that fails a check. Then choose the single best message and give it inside <message></message> tags.",
    },
  ];
}

/** How many candidates +sets asks for. */
export const SETS_CANDIDATES = 4;

/** +rmr, step 2: a second message conditioned on the first (paper §3.2, Recursive Message Refinement). */
export function rmrRefinePrompt(input: GeneratorInput, firstMessage: string): PromptMessage[] {
  return [
    { role: "system", content: GENERATOR_SYSTEM },
    {
      role: "user",
      content:
        `${taskText(input)}\n\nA first message for this secret was: ${firstMessage}\n\n` +
        "Write a second message that is about the first message rather than about the secret directly: " +
        "more indirect and abstract, still recognisable to an ally who knows the secret, harder for the chameleon. " +
        "Reply with it inside <message></message> tags and nothing else.",
    },
  ];
}

/** LLM decoys (paper Appendix C): short broad terms that fit many items, never the category or a word. */
export function decoyPrompt(category: string, words: readonly string[], count: number): PromptMessage[] {
  return [
    {
      role: "system",
      content: "You write short, broad terms (one to three words) that describe many members of a category at once.",
    },
    {
      role: "user",
      content:
        `Category: ${category}\nItems: ${words.join(", ")}\n\n` +
        `List ${count} short, broad terms that apply to many of these items, not just one. ` +
        "Do not use the category name or any of the items. Give one term per line inside <decoys></decoys> tags.",
    },
  ];
}

export type ParsedMessage = { message: string } | { failure: string };

/**
 * The content of the last <message>…</message> span (paper §3: "the final span"). No span, or an
 * empty one, is a parsing failure. Whitespace is collapsed and one pair of wrapping quotes removed;
 * nothing else is changed, so a rule-breaking message stays as written.
 */
export function parseMessage(reply: string): ParsedMessage {
  const spans = [...reply.matchAll(/<message>([\s\S]*?)<\/message>/gi)];
  if (spans.length === 0) return { failure: "no <message>…</message> span in the reply" };
  const message = unquote(spans[spans.length - 1][1].replace(/\s+/g, " ").trim());
  return message === "" ? { failure: "empty <message> span" } : { message };
}

/** The contents of every <candidate> span (+sets step 1). */
export function parseCandidates(reply: string): string[] {
  return [...reply.matchAll(/<candidate>([\s\S]*?)<\/candidate>/gi)].map((m) => unquote(m[1].replace(/\s+/g, " ").trim())).filter((c) => c !== "");
}

/** The lines inside the last <decoys> span (or the whole reply without one), bullets and numbering removed. */
export function parseDecoyLines(reply: string): string[] {
  const spans = [...reply.matchAll(/<decoys>([\s\S]*?)<\/decoys>/gi)];
  const body = spans.length > 0 ? spans[spans.length - 1][1] : reply;
  return body
    .split(/\r?\n|,/)
    .map((line) => unquote(line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "").replace(/[.;]+$/, "").replace(/\s+/g, " ").trim()))
    .filter((line) => line !== "");
}

function unquote(text: string): string {
  const m = text.match(/^(["'“‘])(.*)(["'”’])$/s);
  return m ? m[2].trim() : text;
}

/** Every prompt rendered for one example, for `--show-prompts`. */
export function promptCatalogue(): string {
  const input: GeneratorInput = { category: "animals", words: ["dog", "cat", "horse", "lion", "tiger", "rabbit"], secret: "rabbit" };
  const sections: [string, PromptMessage[]][] = [
    ["Ally judge (one letter, label logprobs)", allyPrompt({ ...input, options: ["pets", "hat trick", "wild", "mammals", "stripes"] })],
    ["Chameleon judge, one clue", chameleonPrompt({ category: input.category, options: input.words, clues: ["hat trick"] })],
    ["Chameleon judge, cumulative in-game view", chameleonPrompt({ category: input.category, options: input.words, clues: ["hat trick", "carrots"] })],
    ["Generator: plain", plainGeneratorPrompt(input)],
    ["Generator: +cot", cotGeneratorPrompt(input)],
    ["Generator: +sets, step 1 (candidates)", setsCandidatesPrompt(input, SETS_CANDIDATES)],
    ["Generator: +sets, step 2 (verify, correct, choose)", setsVerifyPrompt(input, "<candidate>…</candidate> (the model's step-1 reply)")],
    ["Generator: +rmr, step 1", plainGeneratorPrompt(input)],
    ["Generator: +rmr, step 2 (refine)", rmrRefinePrompt(input, "magic show")],
    ["Decoys (Appendix C)", decoyPrompt(input.category, input.words, 10)],
  ];
  return sections
    .map(([title, messages]) => `=== ${title} ===\n${messages.map((m) => `[${m.role}]\n${m.content}`).join("\n\n")}`)
    .join("\n\n");
}
