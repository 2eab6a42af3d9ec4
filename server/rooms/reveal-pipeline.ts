import type { GameAction, GameState, RoundState } from "../../shared/game/types";
import type { PlayerStanding, RevealedClueScores } from "../../shared/protocol";
import type { Evaluator } from "../../shared/sneak/types";
import { informedCluesUpTo, type ClueToScore } from "../scoring/clue-scoring";
import { RoomScoring } from "../scoring/scoring-service";
import { RoomStandings } from "./room-standings";

/** What the pipeline needs from its room. */
export interface RevealPipelineHooks {
  seed: string;
  /** The dataset's decoys of a category (best first); [] when unknown. */
  decoysOf(category: string): string[];
  /** The rules state; null once the room is closed (late scores are dropped then). */
  state(): GameState | null;
  /** A clue's scores, as they join the revealed round (the game log records them). */
  onScores(roundKey: string, scored: RevealedClueScores): void;
  /** Applies the round's `attachScores` action (a server-made action: a refusal is logged, never thrown). */
  attach(action: GameAction): void;
  now(): number;
  log(line: string): void;
}

/** A round's key in the room: "game/round". */
export function roundKey(state: GameState, round: RoundState): string {
  return `${state.gameNumber}/${round.number}`;
}

/**
 * The scoring and reveal pipeline of a room: each new clue goes to the room's scoring queue (scored in the
 * background by every judge), the results stay there until their round is revealed, then join the state in
 * one `attachScores` action; the room's leaderboard counts revealed rounds and their scores. It also keeps the
 * grid each round's chameleon saw while clues were given (the hidden-grid variant hides it at the guess).
 */
export class RevealPipeline {
  private readonly scoring: RoomScoring;
  private readonly revealedRounds = new Set<string>();
  private readonly standings = new RoomStandings();
  private readonly gridSeen = new Map<string, string[]>();

  constructor(
    evaluators: readonly Evaluator[],
    private readonly hooks: RevealPipelineHooks,
  ) {
    this.scoring = new RoomScoring(evaluators, (key, scored) => this.attachScores(key, [scored]), hooks.log);
  }

  /** An action took effect: new clues are queued, a finished round revealed, earlier games forgotten. */
  afterChange(before: GameState, after: GameState): void {
    if (after.gameNumber !== before.gameNumber) this.forgetEarlierGames(after.gameNumber);
    this.queueNewClues(before, after);
    this.revealFinishedRound(after);
  }

  /**
   * A table rebuilt from the game log: revealed rounds are known again, the leaderboard counts the current
   * game's rounds again (earlier games' live only in the log), and clues not yet scored are scored again.
   */
  restore(state: GameState): void {
    for (const round of state.rounds) {
      if (round.outcome === null && !round.aborted) continue;
      this.revealedRounds.add(roundKey(state, round));
      this.standings.countRound(state, round);
      for (const clue of round.clues) for (const record of clue.scores) this.standings.countClue(state, state.gameNumber, record as RevealedClueScores);
    }
    const current = state.rounds[state.rounds.length - 1];
    if (!current) return;
    const key = roundKey(state, current);
    this.gridSeen.set(key, current.card.words.slice());
    current.clues.forEach((clue, index) => {
      if (clue.scores.length === 0) this.scoring.enqueue(key, this.clueJob(state, current, index));
    });
    if (this.revealedRounds.has(key)) this.scoring.reveal(key);
  }

  /** The grid the round's chameleon saw while clues were given. */
  gridSeenIn(key: string): string[] | undefined {
    return this.gridSeen.get(key);
  }

  /** The room's leaderboard across its games. */
  standingsList(): PlayerStanding[] {
    return this.standings.list();
  }

  /** Resolves when every clue given so far has been scored. */
  settled(): Promise<void> {
    return this.scoring.settled();
  }

  dispose(): void {
    this.scoring.dispose();
  }

  /** A new game: what the room kept of earlier games' rounds (scores, grids seen) is no longer shown or used. */
  private forgetEarlierGames(gameNumber: number): void {
    const current = (key: string) => key.startsWith(`${gameNumber}/`);
    for (const key of this.revealedRounds) if (!current(key)) this.revealedRounds.delete(key);
    for (const key of this.gridSeen.keys()) if (!current(key)) this.gridSeen.delete(key);
    this.scoring.keepOnly(current);
  }

  private queueNewClues(before: GameState, after: GameState): void {
    const round = after.rounds[after.rounds.length - 1];
    if (!round) return;
    const old = before.gameNumber === after.gameNumber ? before.rounds.find((r) => r.number === round.number) : undefined;
    const from = old ? old.clues.length : 0;
    const key = roundKey(after, round);
    // Remember the grid the chameleon saw while clues were given (the hidden-grid variant hides it at the guess).
    if (!this.gridSeen.has(key)) {
      this.gridSeen.set(key, round.card.words.slice());
      this.scoring.prepare(round.card.category, round.card.words);
    }
    for (let index = from; index < round.clues.length; index++) this.scoring.enqueue(key, this.clueJob(after, round, index));
  }

  private clueJob(state: GameState, round: RoundState, index: number): ClueToScore {
    const clue = round.clues[index];
    const key = roundKey(state, round);
    return {
      round: round.number,
      clueIndex: index,
      playerId: clue.playerId,
      clue: clue.text,
      byChameleon: clue.playerId === round.chameleonId,
      fallback: clue.fallback,
      category: round.card.category,
      words: round.card.words,
      secret: round.secret,
      decoys: round.card.source === "dataset" ? this.hooks.decoysOf(round.card.category) : [],
      informedCluesSoFar: informedCluesUpTo(round.clues.map((c) => ({ text: c.text, byChameleon: c.playerId === round.chameleonId })), index),
      seed: `${this.hooks.seed}/${key}/${index}`,
    };
  }

  private revealFinishedRound(state: GameState): void {
    for (const round of state.rounds) {
      const key = roundKey(state, round);
      if (this.revealedRounds.has(key) || (round.outcome === null && !round.aborted)) continue;
      this.revealedRounds.add(key);
      this.standings.countRound(state, round);
      const ready = this.scoring.reveal(key);
      if (ready.length > 0) queueMicrotask(() => this.attachScores(key, ready));
    }
  }

  /** Scores go into the state only once their round is revealed (viewFor would hide them anyway). */
  private attachScores(key: string, scores: readonly RevealedClueScores[]): void {
    const state = this.hooks.state();
    if (!state) return;
    const [game, roundNumber] = key.split("/").map(Number);
    if (state.gameNumber !== game || !this.revealedRounds.has(key)) return;
    for (const scored of scores) {
      this.hooks.onScores(key, scored);
      this.standings.countClue(state, game, scored);
    }
    // A round's scores usually arrive together at the reveal: one action, one log write and one snapshot for
    // all of them, not one per clue (each snapshot goes to every member and carries every clue's scores).
    this.hooks.attach({ type: "attachScores", now: this.hooks.now(), game, round: roundNumber, clues: scores.map((scored) => ({ clueIndex: scored.clueIndex, scores: [scored] })) });
  }
}
