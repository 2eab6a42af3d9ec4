import type { GameAction, GameState, PlayerId } from "../../shared/game/types";
import { seededRng } from "../../shared/random";
import type { Agent, Decision } from "../agents/agent";
import { botViewOf, dutyOf, type Duty } from "./bot-duties";
import { safeClue } from "./fallback-clue";
import type { ServerConfig } from "../config";

/** What the seat driver needs from its room. */
export interface SeatDriverHost {
  code: string;
  seed: string;
  deps: {
    config: Pick<ServerConfig, "botDelayMs" | "fallbackAfterMs">;
    agentFor(profile: string): Agent;
    fallbackAgent: Agent;
    log(line: string): void;
  };
  /** Every bot decision (the game log records them). */
  onDecision(seatId: PlayerId, duty: Duty["kind"] | "chat", decision: Decision<string>): void;
  /** The rules state, or null once the room is gone. */
  state(): GameState | null;
  isConnected(seatId: PlayerId): boolean;
  /** The grid a round's chameleon saw while clues were given (for the hidden-grid guess). */
  gridSeen(roundKey: string): string[] | undefined;
  /** Applies a server-made action; false when the rules refused it (logged by the room). A promise while the game log writes. */
  apply(action: GameAction): boolean | Promise<boolean>;
  /** The fallback bot made this move for an away human (their own snapshot names it). */
  onStandIn(seatId: PlayerId, action: GameAction): void;
  now(): number;
}

/** Answered chat lines remembered at most (a table's few rounds' worth). */
const MAX_ANSWERED = 200;

/** One seat the server plays now, and how long it waits before each move. */
interface ServerPlayedSeat {
  seatId: PlayerId;
  agent: Agent;
  fallback: boolean;
  delayMs: number;
  /** Vary the pause ±25 % (a bot's human-like pause); the first wait for an away human is exact. */
  jitter: boolean;
}

/**
 * Plays the seats the server is responsible for: bots, players who left mid-round, and humans whose socket
 * is gone (the fallback bot). Each duty runs once, after a human-like pause, from the seat's own view, and
 * is dropped if the state moved on meanwhile. An away human's first duty waits SNEAK_FALLBACK_AFTER_MS
 * (they may be reloading the page); once the bot has stood in for them, their later duties wait only the
 * bot's pause, until they come back.
 */
export class SeatDriver {
  private readonly dutyTimers = new Map<string, NodeJS.Timeout>();
  private readonly dutiesInFlight = new Set<string>();
  /** Away humans the fallback bot has already made a move for since they went. */
  private readonly stoodIn = new Set<PlayerId>();
  /** Chat lines a bot has already answered (or chose not to): a reply changes no duty, so it must not be asked twice. */
  private readonly answered = new Set<string>();

  constructor(private readonly host: SeatDriverHost) {}

  dispose(): void {
    for (const timer of this.dutyTimers.values()) clearTimeout(timer);
    this.dutyTimers.clear();
  }

  /** Seats the server plays now: bots, players who left mid-round, and humans with no connected socket. */
  serverPlayed(): ServerPlayedSeat[] {
    const state = this.host.state();
    if (!state) return [];
    const { botDelayMs, fallbackAfterMs } = this.host.deps.config;
    const out: ServerPlayedSeat[] = [];
    for (const seat of state.seats) {
      if (seat.kind === "bot") {
        out.push({ seatId: seat.id, agent: this.host.deps.agentFor(seat.botProfile ?? "lexical"), fallback: false, delayMs: botDelayMs, jitter: true });
      } else if (seat.left) {
        out.push({ seatId: seat.id, agent: this.host.deps.fallbackAgent, fallback: true, delayMs: botDelayMs, jitter: true });
      } else if (!this.host.isConnected(seat.id)) {
        const stoodIn = this.stoodIn.has(seat.id);
        out.push({ seatId: seat.id, agent: this.host.deps.fallbackAgent, fallback: true, delayMs: stoodIn ? botDelayMs : fallbackAfterMs, jitter: stoodIn });
      }
    }
    return out;
  }

  /** The seat's human is back: pending stand-in moves are dropped, and the next absence waits in full again. */
  forget(seatId: PlayerId): void {
    this.stoodIn.delete(seatId);
    for (const [key, timer] of this.dutyTimers) {
      if (key.includes(`/${seatId}/`)) {
        clearTimeout(timer);
        this.dutyTimers.delete(key);
      }
    }
  }

  schedule(): void {
    const state = this.host.state();
    if (!state) return;
    for (const { seatId, agent, fallback, delayMs, jitter } of this.serverPlayed()) {
      const due = dutyOf(state, seatId);
      if (!due || this.dutyTimers.has(due.key) || this.dutiesInFlight.has(due.key) || this.answered.has(due.key)) continue;
      // A human-like pause, varied a little per decision (seeded, so a game replays).
      const pause = delayMs === 0 || !jitter ? delayMs : Math.round(delayMs * (0.75 + 0.5 * seededRng(`${this.host.seed}/${due.key}`).float()));
      const timer = setTimeout(() => {
        this.dutyTimers.delete(due.key);
        void this.performDuty(seatId, due.key, agent, fallback);
      }, pause);
      timer.unref?.();
      this.dutyTimers.set(due.key, timer);
    }
  }

  private async performDuty(seatId: PlayerId, key: string, agent: Agent, fallback: boolean): Promise<void> {
    const state = this.host.state();
    if (!state) return;
    const due = dutyOf(state, seatId);
    if (!due || due.key !== key) return;
    // The human came back during the pause: their turn is theirs again.
    if (fallback && this.host.isConnected(seatId) && !state.seats.find((s) => s.id === seatId)?.left) return;
    this.dutiesInFlight.add(key);
    try {
      const now = () => this.host.now();
      // Still this seat's move, and (for a fallback) its human has not come back while the bot thought.
      const stillDue = () => {
        const current = this.host.state();
        if (current === null || dutyOf(current, seatId)?.key !== key) return false;
        return !(fallback && this.host.isConnected(seatId) && !current.seats.find((s) => s.id === seatId)?.left);
      };
      const botView = this.botViewFor(due, seatId);
      const act = async (action: GameAction) => {
        const seat = this.host.state()?.seats.find((s) => s.id === seatId);
        const standIn = fallback && seat?.kind === "human" && !seat.left;
        // Marked before the move: applying it schedules the seat's next duty, which must not wait again.
        const first = standIn && !this.stoodIn.has(seatId);
        if (standIn) this.stoodIn.add(seatId);
        if (await this.host.apply(action)) {
          if (standIn) this.host.onStandIn(seatId, action);
        } else if (first) this.stoodIn.delete(seatId);
      };
      switch (due.duty.kind) {
        case "clue": {
          const text = await this.legalClue(seatId, due, agent);
          if (stillDue()) await act({ type: "giveClue", now: now(), by: seatId, text, fallback: fallback || undefined });
          break;
        }
        case "ready": {
          // A bot (never the fallback speaking for an absent human) says its one line, then is ready.
          if (!fallback && agent.discussionLine) {
            const line = await agent.discussionLine(botView);
            if (line && stillDue()) {
              this.host.onDecision(seatId, "chat", line);
              await this.host.apply({ type: "chat", now: now(), by: seatId, text: line.value });
            }
          }
          if (stillDue()) await act({ type: "readyToVote", now: now(), by: seatId });
          break;
        }
        case "reply": {
          // Forgotten a round later: the keys name their round, so older ones cannot come back.
          if (this.answered.size > MAX_ANSWERED) this.answered.clear();
          this.answered.add(key);
          const line = !fallback && agent.replyLine ? await agent.replyLine(botView, due.duty.question) : null;
          if (line && stillDue()) {
            this.host.onDecision(seatId, "chat", line);
            await this.host.apply({ type: "chat", now: now(), by: seatId, text: line.value });
          }
          break;
        }
        case "vote": {
          const decision = await agent.vote(botView);
          this.note(seatId, "vote", decision);
          if (stillDue()) await act({ type: "vote", now: now(), by: seatId, target: decision.value });
          break;
        }
        case "tieBreak": {
          const decision = await agent.tieBreak(botView, due.duty.tied);
          this.note(seatId, "tieBreak", decision);
          if (stillDue()) await act({ type: "breakTie", now: now(), by: seatId, accusedId: decision.value });
          break;
        }
        case "guess": {
          let options = due.duty.options;
          if (options.length === 0) {
            const seen = this.host.gridSeen(`${due.view.gameNumber}/${due.round.number}`) ?? [];
            options = seen.filter((w) => !due.round.guesses.includes(w));
          }
          const decision = await agent.guess({ ...botView, words: botView.words.length ? botView.words : options }, options);
          this.note(seatId, "guess", decision);
          if (stillDue()) await act({ type: "guess", now: now(), by: seatId, word: decision.value });
          break;
        }
      }
    } catch (error) {
      this.host.deps.log(`room ${this.host.code}: bot ${seatId} failed its ${key}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.dutiesInFlight.delete(key);
      this.schedule();
    }
  }

  /** A clue the rules will accept: the agent's, retried with the reasons it was refused, then a safe word. */
  async legalClue(seatId: PlayerId, due: NonNullable<ReturnType<typeof dutyOf>>, agent: Agent): Promise<string> {
    const botView = this.botViewFor(due, seatId);
    const rejected: { text: string; reason: string }[] = [];
    // The seat's own agent twice (told why it was refused), then the lexical bot, then a plain safe word.
    const tries: [Agent, boolean][] = [
      [agent, false],
      [agent, false],
      [this.host.deps.fallbackAgent, true],
      [this.host.deps.fallbackAgent, true],
    ];
    for (const [who, isFallback] of tries) {
      const decision = await who.clue(botView, rejected);
      const problem = safeClue.violation(decision.value, botView.words, botView.maxClueWords);
      if (!problem) {
        const note = rejected.map((r) => `${r.text}: ${r.reason}`).join("; ");
        const fellBack = isFallback && who !== agent;
        this.note(seatId, "clue", fellBack ? { ...decision, source: "fallback", note: `refused clues: ${note}` } : decision);
        return decision.value;
      }
      rejected.push({ text: decision.value, reason: problem });
    }
    const text = safeClue.lastResort(botView.words, botView.seed);
    this.note(seatId, "clue", { value: text, source: "last-resort", note: rejected.map((r) => `${r.text}: ${r.reason}`).join("; ") });
    return text;
  }

  /**
   * The fallback bot's pick for a dealer whose tie-break time ran out, from the dealer's own view, as it gives a
   * timed-out clue: fairer than a draw, which can accuse an innocent player the votes did not favour over others.
   * Undefined when the dealer has no tie to break.
   */
  async standInTieBreak(dealerId: PlayerId): Promise<PlayerId | undefined> {
    const state = this.host.state();
    const due = state ? dutyOf(state, dealerId) : null;
    if (!due || due.duty.kind !== "tieBreak") return undefined;
    const tied = due.duty.tied;
    const decision = await this.host.deps.fallbackAgent.tieBreak(this.botViewFor(due, dealerId), tied);
    this.note(dealerId, "tieBreak", { ...decision, source: "fallback", note: `the dealer's time ran out${decision.note ? `; ${decision.note}` : ""}` });
    return tied.includes(decision.value) ? decision.value : tied[0];
  }

  /**
   * A bot knows what a human in its seat knows: never the decoys that will score its clue, or it could
   * steer away from them and its utility would not compare with the humans' (the benchmark hides them too).
   */
  private botViewFor(due: NonNullable<ReturnType<typeof dutyOf>>, seatId: PlayerId) {
    return botViewOf(due.view, due.round, seatId, this.host.seed);
  }

  private note(seatId: PlayerId, duty: Duty["kind"], decision: Decision<string>): void {
    if (decision.source === "fallback" || decision.source === "last-resort") {
      this.host.deps.log(`room ${this.host.code}: ${seatId} ${duty} by ${decision.source}: ${decision.note ?? ""}`);
    }
    this.host.onDecision(seatId, duty, decision);
  }
}
