import type { Evaluator } from "../../shared/sneak/types";
import type { RevealedClueScores } from "../../shared/protocol";
import { scoreClue, type ClueToScore } from "./clue-scoring";

/**
 * One room's scoring: clues are queued as they are given and scored in the background, one at a time, so a
 * slow LLM judge never delays a turn. Results are held here and handed out only for rounds the room has
 * revealed: a leakage figure mid-round would tell the chameleon which word the others hint at.
 */
export class RoomScoring {
  private readonly results = new Map<string, RevealedClueScores[]>();
  private readonly revealedRounds = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private disposed = false;
  /** Which rounds are still worth keeping results for (the room's current game): see `keepOnly`. */
  private keep: (roundKey: string) => boolean = () => true;

  constructor(
    private readonly evaluators: readonly Evaluator[],
    /** Called when a result lands for a round that is already revealed (the room re-broadcasts). */
    private readonly onRevealedResult: (roundKey: string, scored: RevealedClueScores) => void,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Queues a clue of the round `roundKey` (unique in the room, e.g. "game 2 round 3"); returns at once. */
  enqueue(roundKey: string, job: ClueToScore): void {
    if (this.evaluators.length === 0 || this.disposed) return;
    this.pending++;
    this.queue = this.queue.then(async () => {
      try {
        if (this.disposed) return;
        const previous = this.results.get(roundKey)?.find((r) => r.clueIndex === job.clueIndex - 1);
        const scored = await scoreClue(this.evaluators, job, previous);
        if (!this.keep(roundKey)) return;
        const list = this.results.get(roundKey) ?? [];
        list.push(scored);
        list.sort((a, b) => a.clueIndex - b.clueIndex);
        this.results.set(roundKey, list);
        for (const e of scored.perEvaluator) if (e.failure) this.log(`scoring round ${job.round} clue ${job.clueIndex} (${e.evaluator}): ${e.failure}`);
        if (this.revealedRounds.has(roundKey) && !this.disposed) this.onRevealedResult(roundKey, scored);
      } catch (error) {
        this.log(`scoring round ${job.round} clue ${job.clueIndex} failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        this.pending--;
      }
    });
  }

  /**
   * A round was dealt: let the judges do their grid work now, in the queue's turn, after the deal's ack and
   * snapshots have gone out (setImmediate), so that the clues to come cost less to score.
   */
  prepare(category: string, words: readonly string[]): void {
    if (this.disposed || !this.evaluators.some((e) => e.prepare)) return;
    this.queue = this.queue.then(
      () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            for (const evaluator of this.evaluators) {
              try {
                if (!this.disposed) evaluator.prepare?.(category, words);
              } catch (error) {
                this.log(`preparing a grid (${evaluator.id}) failed: ${error instanceof Error ? error.message : String(error)}`);
              }
            }
            resolve();
          }),
        ),
    );
  }

  /** From now on this round's scores may be shown to everyone: returns those already computed. */
  reveal(roundKey: string): RevealedClueScores[] {
    this.revealedRounds.add(roundKey);
    return this.results.get(roundKey) ?? [];
  }

  /** Scores of a round that has been revealed; empty for a round still in play. */
  revealedScores(roundKey: string): RevealedClueScores[] {
    return this.revealedRounds.has(roundKey) ? (this.results.get(roundKey) ?? []) : [];
  }

  /** Forgets every round `keep` rejects, and results that land for one later: a room keeps only its current game's. */
  keepOnly(keep: (roundKey: string) => boolean): void {
    this.keep = keep;
    for (const key of this.results.keys()) if (!keep(key)) this.results.delete(key);
    for (const key of this.revealedRounds) if (!keep(key)) this.revealedRounds.delete(key);
  }

  /** Resolves when every queued clue has been scored. */
  async settled(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  dispose(): void {
    this.disposed = true;
  }
}
