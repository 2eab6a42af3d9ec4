import type { Agent, BotView, Decision } from "./agent";
import { seededRng } from "../../shared/random";

/** The lexical decisions (server/lexicon/lexical-clue.ts), behind a narrow seam the agent adapts to. */
export interface LexicalBrain {
  /** An informed player's clue for the secret (never a grid word). */
  informedClue(view: BotView & { secret: string }, avoid: readonly string[]): string;
  /** The chameleon's bluff: a clue that fits the category and the clues so far. */
  chameleonClue(view: BotView, avoid: readonly string[]): string;
  /** Other players, most suspicious first. */
  suspects(view: BotView): string[];
  /** The bot's one discussion line (the clue it trusts least), or null. */
  discussionLine(view: BotView): string | null;
  /** The grid word the clues point to, among `options`. */
  guess(view: BotView, options: readonly string[]): string;
}

/** The default, offline bot: WordNet decisions, deterministic given the view's seed. */
export class LexicalAgent implements Agent {
  readonly kind = "lexical" as const;

  constructor(private readonly brain: LexicalBrain) {}

  async clue(view: BotView, rejected: readonly { text: string; reason: string }[]): Promise<Decision<string>> {
    const avoid = rejected.map((r) => r.text);
    const value = view.secret === null ? this.brain.chameleonClue(view, avoid) : this.brain.informedClue({ ...view, secret: view.secret }, avoid);
    return { value, source: "lexical" };
  }

  async vote(view: BotView): Promise<Decision<string>> {
    const others = view.players.filter((p) => p.playerId !== view.playerId).map((p) => p.playerId);
    const ranked = this.brain.suspects(view).filter((id) => others.includes(id));
    // Without a ranking (no clues to read), any other player: seeded, so a game replays.
    const value = ranked[0] ?? others[seededRng(`${view.seed}/vote`).int(others.length)];
    return { value, source: "lexical" };
  }

  async tieBreak(view: BotView, tied: readonly string[]): Promise<Decision<string>> {
    const candidates = tied.filter((id) => id !== view.playerId);
    const pool = candidates.length > 0 ? candidates : [...tied];
    const ranked = this.brain.suspects(view).filter((id) => pool.includes(id));
    return { value: ranked[0] ?? pool[seededRng(`${view.seed}/tie`).int(pool.length)], source: "lexical" };
  }

  async discussionLine(view: BotView): Promise<Decision<string> | null> {
    const value = this.brain.discussionLine(view);
    return value === null ? null : { value, source: "lexical" };
  }

  async guess(view: BotView, options: readonly string[]): Promise<Decision<string>> {
    return { value: this.brain.guess(view, options), source: "lexical" };
  }
}
