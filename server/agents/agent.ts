import type { BotLevel } from "../../shared/game/types";

/**
 * A bot player's decisions. Bots see only what their own seat may see (built from `viewFor`), through this
 * small, rules-agnostic picture.
 */
export interface BotView {
  playerId: string;
  category: string;
  /** The grid, in the card's order. Empty when hidden from the chameleon (7–8-player variant, at the guess). */
  words: string[];
  /** Null when this bot is the chameleon. */
  secret: string | null;
  /** Clues given so far this round, in order (this bot's own included). */
  clues: { playerId: string; text: string }[];
  /** Everyone seated, this bot included. */
  players: { playerId: string; name: string }[];
  maxClueWords: number;
  /** A deterministic seed for this decision (room seed + round + seat): bots are reproducible. */
  seed: string;
  /** The table chat said so far this round, oldest first (what a player reads before speaking). */
  chat?: { playerId: string; text: string }[];
  /** How this bot plays (the host's choice); "normal" when absent, and for the stand-in of an away player. */
  level?: BotLevel;
}

/** Which knowledge made an offline bot's decision: the clue book (data/clue-book.json), or the lexical model. */
export type Knowledge = "book" | "lexical";

/** A decision and where it came from, for the game log. */
export interface Decision<T> {
  value: T;
  /** "lexical", "llm:MODEL", or "fallback" when an LLM bot's reply was unusable. */
  source: string;
  /**
   * Set when the offline bot made the decision (as a bot, or as any fallback): whether from the clue book or the
   * lexical model. Absent when neither decided: an LLM's own answer, a seeded draw, the last-resort word.
   */
  knowledge?: Knowledge;
  /** Why a fallback happened (timeout, unparseable reply), or a model's raw answer. */
  note?: string;
}

export interface Agent {
  readonly kind: "lexical" | "llm";
  /** `rejected`: clues of this turn the rules refused, with the reason, so the bot does not repeat them. */
  clue(view: BotView, rejected: readonly { text: string; reason: string }[]): Promise<Decision<string>>;
  /** A player other than this bot. */
  vote(view: BotView): Promise<Decision<string>>;
  /** The dealer's choice among tied players. */
  tieBreak(view: BotView, tied: readonly string[]): Promise<Decision<string>>;
  /**
   * One short line for the discussion, or null to stay quiet. Optional: LLM bots do not talk. It must not
   * reveal the secret or the bot's role.
   */
  discussionLine?(view: BotView): Promise<Decision<string> | null>;
  /**
   * An answer to a player who questioned this bot's clue (`question` is their chat line), or null to stay quiet.
   * Optional, as discussionLine is; it must not reveal the secret or the bot's role either.
   */
  replyLine?(view: BotView, question: string): Promise<Decision<string> | null>;
  /** One of `options` (the grid words the chameleon may pick; excludes earlier wrong guesses). */
  guess(view: BotView, options: readonly string[]): Promise<Decision<string>>;
}
