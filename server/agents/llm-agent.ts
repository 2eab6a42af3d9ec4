import type { Agent, BotView, Decision } from "./agent";
import {
  candidatesFor,
  cluePrompt,
  guessPrompt,
  parsedChoice,
  parsedClue,
  votePrompt,
  type ChatMessage,
} from "./llm-prompts";

/** Sends one chat request and returns the reply text; rejects on any failure. Abort when `signal` fires. */
export type ChatFn = (messages: ChatMessage[], signal: AbortSignal) => Promise<string>;

/**
 * An LLM player: the same three decisions as the lexical bot, asked of a model. A reply that is late or
 * cannot be parsed strictly is replaced by the lexical decision within the same turn, and logged.
 */
export class LlmAgent implements Agent {
  readonly kind = "llm" as const;

  constructor(
    private readonly model: string,
    private readonly chat: ChatFn,
    private readonly fallback: Agent,
    private readonly timeoutMs: number,
    private readonly log: (line: string) => void,
  ) {}

  private get source(): string {
    return `llm:${this.model}`;
  }

  async clue(view: BotView, rejected: readonly { text: string; reason: string }[]): Promise<Decision<string>> {
    return this.ask(
      "clue",
      cluePrompt(view, rejected),
      (reply) => parsedClue(reply, view.maxClueWords),
      () => this.fallback.clue(view, rejected),
    );
  }

  async vote(view: BotView): Promise<Decision<string>> {
    const candidates = candidatesFor(view);
    return this.ask(
      "vote",
      votePrompt(view, candidates),
      (reply) => parsedChoice(reply, "vote", candidates, (p) => p.name).playerId,
      () => this.fallback.vote(view),
    );
  }

  async tieBreak(view: BotView, tied: readonly string[]): Promise<Decision<string>> {
    const candidates = view.players.filter((p) => tied.includes(p.playerId));
    return this.ask(
      "tie-break",
      votePrompt(view, candidates, true),
      (reply) => parsedChoice(reply, "vote", candidates, (p) => p.name).playerId,
      () => this.fallback.tieBreak(view, tied),
    );
  }

  async guess(view: BotView, options: readonly string[]): Promise<Decision<string>> {
    return this.ask(
      "guess",
      guessPrompt(view, options),
      (reply) => parsedChoice(reply, "guess", options, (w) => w),
      () => this.fallback.guess(view, options),
    );
  }

  private async ask<T>(
    what: string,
    messages: ChatMessage[],
    parse: (reply: string) => T,
    fallback: () => Promise<Decision<T>>,
  ): Promise<Decision<T>> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`no reply within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    let reply = "";
    try {
      reply = await Promise.race([this.chat(messages, controller.signal), deadline]);
      return { value: parse(reply), source: this.source, note: reply };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log(`${this.source} ${what}: ${reason}; using the lexical decision`);
      const decision = await fallback();
      // The lexical bot decided: keep which knowledge it used, so the log says what wrote the move.
      return { ...decision, source: "fallback", note: `${this.source} ${what}: ${reason}` };
    } finally {
      clearTimeout(timer);
    }
  }
}
