import type { Agent, BotView, Decision } from "./agent";
import { drawWeighted, seededRng, type Rng } from "../../shared/random";

/** The lexical decisions (server/lexicon/lexical-clue.ts), behind a narrow seam the agent adapts to. */
export interface LexicalBrain {
  /** An informed player's clue for the secret (never a grid word). */
  informedClue(view: BotView & { secret: string }, avoid: readonly string[]): string;
  /** The chameleon's bluff: a clue that fits the category and the clues so far. */
  chameleonClue(view: BotView, avoid: readonly string[]): string;
  /** Other players, most suspicious first, with how suspicious (higher is more). */
  suspects(view: BotView): { playerId: string; suspicion: number }[];
  /** The bot's opening line in the discussion (the clue it trusts least, or that it is torn), or null. */
  discussionLine(view: BotView): string | null;
  /** Its answer when its own clue is questioned, or null. */
  replyLine(view: BotView): string | null;
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
    const ranked = this.brain.suspects(view).filter((s) => others.includes(s.playerId));
    const rng = seededRng(`${view.seed}/vote`);
    // Without a ranking (no clues to read), any other player: seeded, so a game replays.
    if (ranked.length === 0) return { value: others[rng.int(others.length)], source: "lexical" };
    // An easy bot forgives: it votes in proportion to exp(suspicion), so a clue only a little odder than the rest
    // is often let off (new players' first clues are often odd), and a clearly odd one still draws its vote.
    if (view.level === "easy") return { value: ranked[drawSoftmax(ranked.map((s) => s.suspicion), rng)].playerId, source: "lexical" };
    return { value: ranked[0].playerId, source: "lexical" };
  }

  async tieBreak(view: BotView, tied: readonly string[]): Promise<Decision<string>> {
    const candidates = tied.filter((id) => id !== view.playerId);
    const pool = candidates.length > 0 ? candidates : [...tied];
    const ranked = this.brain.suspects(view).filter((s) => pool.includes(s.playerId));
    return { value: ranked[0]?.playerId ?? pool[seededRng(`${view.seed}/tie`).int(pool.length)], source: "lexical" };
  }

  async discussionLine(view: BotView): Promise<Decision<string> | null> {
    const value = this.brain.discussionLine(view);
    return value === null ? null : { value, source: "lexical" };
  }

  async replyLine(view: BotView): Promise<Decision<string> | null> {
    const value = this.brain.replyLine(view);
    return value === null ? null : { value, source: "lexical" };
  }

  async guess(view: BotView, options: readonly string[]): Promise<Decision<string>> {
    return { value: this.brain.guess(view, options), source: "lexical" };
  }
}

/** An index drawn with probability proportional to exp(score). */
function drawSoftmax(scores: readonly number[], rng: Rng): number {
  const top = Math.max(...scores);
  return drawWeighted(scores.map((x) => Math.exp(x - top)), rng);
}
