/** The host's settings (⚙ in RULES.md): defaults, ranges, and the check of a change. */
import { MAX_CLUE_WORDS, MIN_CLUE_WORDS, normalizeForComparison } from "./clue-validation";
import type { GameSettings, TopicCard } from "./types";

export const DEFAULT_SETTINGS: GameSettings = {
  clueMaxWords: 1,
  turnSeconds: 60,
  discussionSeconds: 60,
  voteSeconds: 45,
  targetScore: 5,
  categoryPool: null,
  customCards: [],
  threePlayerTwoGuesses: false,
  largeTableHiddenGrid: false,
};

/** A dataset card with fewer distinct words is left out of the default pool (a host can still pick it). */
export const DEFAULT_POOL_MIN_WORDS = 10;

export const MIN_SEATS = 3;
export const MAX_SEATS = 8;

/** Inclusive ranges; timers also accept 0 where noted in GameSettings. */
export const SETTING_LIMITS = {
  clueMaxWords: { min: MIN_CLUE_WORDS, max: MAX_CLUE_WORDS },
  /** 0 (no timer) or 10 to 600 s. */
  turnSeconds: { min: 10, max: 600 },
  /** 0 (skip) to 900 s. */
  discussionSeconds: { min: 0, max: 900 },
  /** 0 (no timer) or 10 to 600 s. */
  voteSeconds: { min: 10, max: 600 },
  targetScore: { min: 1, max: 30 },
  customCardWords: { min: 8, max: 16 },
  customCards: { max: 50 },
  categoryChars: { max: 40 },
  wordChars: { max: 30 },
} as const;

function isIntIn(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** Why a custom topic card is not acceptable, or undefined. Words must be distinct after normalization. */
export function customCardViolation(card: { category: unknown; words: unknown }): string | undefined {
  const { customCardWords, categoryChars, wordChars } = SETTING_LIMITS;
  if (typeof card.category !== "string" || card.category.trim() === "") return "A custom card needs a category.";
  if (card.category.trim().length > categoryChars.max) return `A category is at most ${categoryChars.max} characters.`;
  if (!Array.isArray(card.words) || card.words.some((word) => typeof word !== "string")) return "A custom card needs a list of words.";
  const words = card.words as string[];
  if (words.length < customCardWords.min || words.length > customCardWords.max) {
    return `A custom card has ${customCardWords.min} to ${customCardWords.max} words (got ${words.length}).`;
  }
  const seen = new Set<string>();
  for (const word of words) {
    const key = normalizeForComparison(word);
    if (key === "") return "A custom card's words cannot be empty.";
    if (word.trim().length > wordChars.max) return `"${word}" is longer than ${wordChars.max} characters.`;
    if (seen.has(key)) return `"${word}" appears twice on the card "${card.category}".`;
    seen.add(key);
  }
  return undefined;
}

/** The same card with trimmed text, a custom id and source; used when the host's cards are stored. */
function customCardFrom(card: TopicCard, index: number): TopicCard {
  return {
    id: `custom:${index + 1}`,
    category: card.category.trim(),
    words: card.words.map((word) => word.trim().replace(/\s+/g, " ")),
    source: "custom",
  };
}

/**
 * The settings after a change, or why the change is refused. Unknown keys are refused too,
 * so a typo in a client does not pass silently.
 */
export function mergedSettings(
  current: GameSettings,
  patch: Partial<GameSettings>,
  library: readonly TopicCard[],
): { ok: true; settings: GameSettings } | { ok: false; message: string } {
  const next: GameSettings = { ...current };
  const limits = SETTING_LIMITS;
  for (const [key, value] of Object.entries(patch)) {
    switch (key) {
      case "clueMaxWords":
      case "targetScore":
      case "discussionSeconds": {
        const { min, max } = limits[key];
        if (!isIntIn(value, min, max)) return { ok: false, message: `${key} must be a whole number from ${min} to ${max}.` };
        next[key] = value;
        break;
      }
      case "turnSeconds":
      case "voteSeconds": {
        const { min, max } = limits[key];
        if (!(value === 0 || isIntIn(value, min, max))) return { ok: false, message: `${key} must be 0 (no timer) or a whole number from ${min} to ${max}.` };
        next[key] = value as number;
        break;
      }
      case "threePlayerTwoGuesses":
      case "largeTableHiddenGrid":
        if (typeof value !== "boolean") return { ok: false, message: `${key} must be true or false.` };
        next[key] = value;
        break;
      case "categoryPool": {
        if (value === null) {
          next.categoryPool = null;
          break;
        }
        if (!Array.isArray(value) || value.some((name) => typeof name !== "string")) return { ok: false, message: "categoryPool must be a list of category names or null." };
        const known = new Set(library.map((card) => card.category));
        const unknown = (value as string[]).find((name) => !known.has(name));
        if (unknown !== undefined) return { ok: false, message: `Unknown category "${unknown}".` };
        next.categoryPool = [...new Set(value as string[])];
        break;
      }
      case "customCards": {
        if (!Array.isArray(value)) return { ok: false, message: "customCards must be a list of cards." };
        if (value.length > limits.customCards.max) return { ok: false, message: `At most ${limits.customCards.max} custom cards.` };
        for (const card of value as TopicCard[]) {
          const problem = card !== null && typeof card === "object" ? customCardViolation(card) : "A custom card must be an object.";
          if (problem !== undefined) return { ok: false, message: problem };
        }
        next.customCards = (value as TopicCard[]).map(customCardFrom);
        break;
      }
      default:
        return { ok: false, message: `Unknown setting "${key}".` };
    }
  }
  return { ok: true, settings: next };
}

/** The dataset categories of the default pool (categoryPool null): every library card not marked offByDefault. */
export function defaultPoolCategories(library: readonly TopicCard[]): string[] {
  return library.filter((card) => !card.offByDefault).map((card) => card.category);
}

/** The cards a deal may draw from: the selected dataset categories (null: the default pool) plus the custom cards. */
export function topicPool(settings: GameSettings, library: readonly TopicCard[]): TopicCard[] {
  const selected = settings.categoryPool === null ? library.filter((card) => !card.offByDefault) : library.filter((card) => settings.categoryPool!.includes(card.category));
  return [...selected, ...settings.customCards];
}
