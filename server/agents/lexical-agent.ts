import type { Agent, BotView, Decision, Knowledge } from "./agent";
import { drawWeighted, seededRng, type Rng } from "../../shared/random";

/** A clue and the knowledge that made it. */
export interface SourcedClue {
  text: string;
  source: Knowledge;
}

/** A suspect ranking, with the knowledge that read the clues; null when there was nothing to read (no grid). */
export interface SourcedSuspects {
  ranked: { playerId: string; suspicion: number }[];
  source: Knowledge | null;
}

/** The lexical decisions (server/lexicon/lexical-clue.ts), behind a narrow seam the agent adapts to. */
export interface LexicalBrain {
  /** An informed player's clue for the secret (never a grid word), and whether the clue book or the lexical model made it. */
  informedClueWithSource(view: BotView & { secret: string }, avoid: readonly string[]): SourcedClue;
  /** The chameleon's bluff: a clue that fits the category and the clues so far. */
  chameleonClueWithSource(view: BotView, avoid: readonly string[]): SourcedClue;
  /** Other players, most suspicious first, with how suspicious (higher is more). */
  suspectsWithSource(view: BotView): SourcedSuspects;
  /** The bot's opening line in the discussion (the clue it trusts least, or that it is torn), or null. */
  discussionLine(view: BotView): string | null;
  /** Its answer when its own clue is questioned, or null. */
  replyLine(view: BotView): string | null;
  /** The grid word the clues point to, among `options`; `source` null: no options to read, the category is named instead. */
  guessWithSource(view: BotView, options: readonly string[]): { word: string; source: Knowledge | null };
}

/** A decision of this bot: `knowledge` only when the book or the model decided it (not a seeded draw). */
function decided(value: string, knowledge: Knowledge | null): Decision<string> {
  return knowledge === null ? { value, source: "lexical" } : { value, source: "lexical", knowledge };
}

/** The default, offline bot: WordNet decisions, deterministic given the view's seed. */
export class LexicalAgent implements Agent {
  readonly kind = "lexical" as const;

  constructor(private readonly brain: LexicalBrain) {}

  async clue(view: BotView, rejected: readonly { text: string; reason: string }[]): Promise<Decision<string>> {
    const avoid = rejected.map((r) => r.text);
    const clue = view.secret === null ? this.brain.chameleonClueWithSource(view, avoid) : this.brain.informedClueWithSource({ ...view, secret: view.secret }, avoid);
    return decided(clue.text, clue.source);
  }

  async vote(view: BotView): Promise<Decision<string>> {
    const others = view.players.filter((p) => p.playerId !== view.playerId).map((p) => p.playerId);
    const suspects = this.brain.suspectsWithSource(view);
    const ranked = suspects.ranked.filter((s) => others.includes(s.playerId));
    const rng = seededRng(`${view.seed}/vote`);
    // Without a ranking (no clues to read), any other player: seeded, so a game replays.
    if (ranked.length === 0) return decided(others[rng.int(others.length)], null);
    // An easy bot forgives: it votes in proportion to exp(suspicion), so a clue only a little odder than the rest
    // is often let off (new players' first clues are often odd), and a clearly odd one still draws its vote.
    if (view.level === "easy") return decided(ranked[drawSoftmax(ranked.map((s) => s.suspicion), rng)].playerId, suspects.source);
    return decided(ranked[0].playerId, suspects.source);
  }

  async tieBreak(view: BotView, tied: readonly string[]): Promise<Decision<string>> {
    const candidates = tied.filter((id) => id !== view.playerId);
    const pool = candidates.length > 0 ? candidates : [...tied];
    const suspects = this.brain.suspectsWithSource(view);
    const top = suspects.ranked.find((s) => pool.includes(s.playerId));
    return top ? decided(top.playerId, suspects.source) : decided(pool[seededRng(`${view.seed}/tie`).int(pool.length)], null);
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
    const guess = this.brain.guessWithSource(view, options);
    return decided(guess.word, guess.source);
  }
}

/** An index drawn with probability proportional to exp(score). */
function drawSoftmax(scores: readonly number[], rng: Rng): number {
  const top = Math.max(...scores);
  return drawWeighted(scores.map((x) => Math.exp(x - top)), rng);
}
