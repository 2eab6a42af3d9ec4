/**
 * Option letters and the label protocol's arithmetic: one completion token's top logprobs
 * → a distribution over the options shown (paper §2.3). Pure; the LLM evaluator calls it,
 * and tests assert its numbers exactly.
 */

/** Letters shown before the options, in order: option i is labelled LETTERS[i]. */
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Below this total letter mass (before renormalising) a judgement is flagged "low-coverage". */
export const LOW_COVERAGE_THRESHOLD = 0.5;

/** What to do with an option letter absent from the returned top tokens. */
export type MissingLetterRule = "floor" | "fail";

export function optionLetters(count: number): string[] {
  if (!Number.isInteger(count) || count < 2 || count > LETTERS.length) throw new RangeError(`need 2–${LETTERS.length} options, got ${count}`);
  return LETTERS.slice(0, count).split("");
}

/** Cyrillic and Greek capitals and small letters that render like Latin ones, as tokenisers sometimes emit them. */
const LOOK_ALIKES: Record<string, string> = {
  А: "A", В: "B", С: "C", Е: "E", Н: "H", І: "I", Ј: "J", К: "K", М: "M", О: "O", Р: "P", Ѕ: "S", Т: "T", Х: "X", У: "Y",
  а: "A", с: "C", е: "E", і: "I", ј: "J", о: "O", р: "P", ѕ: "S", х: "X", у: "Y",
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
  ο: "O", ι: "I", κ: "K", ν: "V",
};

/**
 * The option letter a token stands for, or null. Trims whitespace, SentencePiece's `▁` and
 * byte-level BPE's `Ġ`/`Ċ` markers and simple punctuation (`A.`, `(A`, `A)`, `**A`, `"A"`), folds
 * lower case and look-alikes. A bare `**` or `The` is not a letter.
 */
export function letterOfToken(token: string): string | null {
  const core = token.replace(/^[\s▁ĠĊ.,:;!?()[\]{}*_`'"<>#-]+|[\s▁ĠĊ.,:;!?()[\]{}*_`'"<>#-]+$/gu, "");
  if ([...core].length !== 1) return null;
  const folded = LOOK_ALIKES[core] ?? core.toUpperCase();
  return folded.length === 1 && folded >= "A" && folded <= "Z" ? folded : null;
}

export interface TopLogprob {
  token: string;
  logprob: number;
}

export interface LetterDistribution {
  /** Aligned with the letters asked for; sums to 1. Empty on failure. */
  probabilities: number[];
  /** Total probability of the option letters among the listed tokens, before renormalising (≤ 1). */
  coverage: number;
  /** Letters that were not among the listed tokens and received the floor share. */
  imputed: string[];
  /** e.g. "low-coverage", "imputed-letters". */
  flags: string[];
  failure?: string;
}

/** log(Σ exp(x)) without overflow. */
export function logSumExp(values: readonly number[]): number {
  const max = Math.max(...values);
  if (max === -Infinity) return -Infinity;
  return max + Math.log(values.reduce((sum, v) => sum + Math.exp(v - max), 0));
}

/**
 * Turns the listed top tokens of the first completion position into a distribution over `letters`.
 *
 * - Every token that strips to a letter adds to it (log-sum-exp of its variants: `A`, ` A`, `A.`, `▁A`…).
 * - coverage = Σ over option letters of their merged probability (letters outside the options do not count).
 * - Missing-letter rule "floor" (default): a letter absent from the list gets
 *   min(smallest listed probability, leftover ÷ missing count), where leftover = 1 − Σ listed
 *   probabilities. An unlisted token cannot be likelier than the least likely listed one, and the
 *   missing letters cannot share more than the mass the list leaves over, so the share is an upper
 *   bound that never invents mass. Rule "fail": any missing letter is a parsing failure (the paper's
 *   strict reading).
 * - No option letter at all among the tokens is a parsing failure, never a silent 0.
 */
export function letterDistribution(top: readonly TopLogprob[], letters: readonly string[], rule: MissingLetterRule = "floor"): LetterDistribution {
  const usable = top.filter((t) => typeof t.token === "string" && Number.isFinite(t.logprob) && t.logprob <= 1e-9);
  const variants = new Map<string, number[]>(letters.map((l) => [l, []]));
  for (const { token, logprob } of usable) {
    const letter = letterOfToken(token);
    if (letter !== null) variants.get(letter)?.push(Math.min(0, logprob));
  }
  const mass = letters.map((l) => {
    const lps = variants.get(l)!;
    return lps.length === 0 ? 0 : Math.exp(logSumExp(lps));
  });
  const coverage = Math.min(1, mass.reduce((a, b) => a + b, 0));
  const flags: string[] = [];
  if (coverage <= 0) {
    return { probabilities: [], coverage: 0, imputed: [], flags, failure: "no option letter among the top tokens" };
  }
  const missing = letters.filter((l) => variants.get(l)!.length === 0);
  if (missing.length > 0) {
    if (rule === "fail") return { probabilities: [], coverage, imputed: [], flags, failure: `letters missing from the top tokens: ${missing.join(", ")}` };
    const listed = usable.map((t) => Math.exp(Math.min(0, t.logprob)));
    const leftover = Math.max(0, 1 - listed.reduce((a, b) => a + b, 0));
    const floor = Math.min(Math.min(...listed), leftover / missing.length);
    letters.forEach((l, i) => {
      if (missing.includes(l)) mass[i] = floor;
    });
    flags.push("imputed-letters");
  }
  if (coverage < LOW_COVERAGE_THRESHOLD) flags.push("low-coverage");
  const total = mass.reduce((a, b) => a + b, 0);
  return { probabilities: mass.map((m) => m / total), coverage, imputed: missing, flags };
}

/**
 * The letter a free-text reply chose (the generation fallback): the whole reply when it is one
 * letter (`B`, `**B**`, `(b)`), else a letter opening the reply (`B. tiger`), else one after
 * "answer". Null when none of those is an option letter.
 */
export function letterOfReply(text: string, letters: readonly string[]): string | null {
  const valid = (l: string | null) => (l !== null && letters.includes(l) ? l : null);
  const whole = valid(letterOfToken(text.trim()));
  if (whole) return whole;
  const opening = text.trim().match(/^[\s*_("'[]*(\S)(?:[.):\]*_]|\s|$)/u);
  const first = opening ? valid(letterOfToken(opening[1])) : null;
  if (first) return first;
  const answer = text.match(/answer\s*(?:is)?\s*[:-]?\s*[*_("'[]*(\S)(?![\p{L}])/iu);
  return answer ? valid(letterOfToken(answer[1])) : null;
}

/** The empirical distribution of sampled letters; coverage = share of samples that named an option. */
export function sampledDistribution(replies: readonly string[], letters: readonly string[]): LetterDistribution & { counts: number[] } {
  const counts = letters.map(() => 0);
  for (const reply of replies) {
    const letter = letterOfReply(reply, letters);
    if (letter !== null) counts[letters.indexOf(letter)]++;
  }
  const parsed = counts.reduce((a, b) => a + b, 0);
  const coverage = replies.length === 0 ? 0 : parsed / replies.length;
  if (parsed === 0) return { probabilities: [], coverage, imputed: [], flags: [], counts, failure: "no sample named an option letter" };
  const flags = coverage < LOW_COVERAGE_THRESHOLD ? ["low-coverage"] : [];
  return { probabilities: counts.map((c) => c / parsed), coverage, imputed: [], flags, counts };
}
