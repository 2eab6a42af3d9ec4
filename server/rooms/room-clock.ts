/**
 * A room's own timers: the phase deadline, the empty-room timer and the host hand-over timer. The clock
 * knows no game: it fires the callbacks it was given; the room decides what a deadline or an empty room means.
 * Every timer is unref'd, so a room never keeps the process alive.
 */

/** A refused timeout (a clock step, a state the rules did not expect) is tried again after this, rather than spin. */
export const DEADLINE_RETRY_MS = 1000;

export interface RoomClockHooks {
  now(): number;
  /** The phase deadline passed: "retry" when the timeout was refused and should be tried again shortly. */
  onDeadline(deadline: number): Promise<"done" | "retry">;
}

export class RoomClock {
  private phaseTimer?: NodeJS.Timeout;
  private phaseTimerFor: number | null = null;
  private emptyTimer?: NodeJS.Timeout;
  private hostHandoverTimer?: NodeJS.Timeout;

  constructor(private readonly hooks: RoomClockHooks) {}

  /** Fires `onDeadline` at the state's deadline; re-arming for the deadline already armed changes nothing. */
  armPhase(deadline: number | null): void {
    if (deadline === this.phaseTimerFor) return;
    clearTimeout(this.phaseTimer);
    this.phaseTimerFor = deadline;
    if (deadline === null) return;
    this.phaseTimer = setTimeout(() => void this.onDeadline(deadline), Math.max(0, deadline - this.hooks.now()));
    this.phaseTimer.unref?.();
  }

  private async onDeadline(deadline: number): Promise<void> {
    if ((await this.hooks.onDeadline(deadline)) === "done") return;
    clearTimeout(this.phaseTimer);
    this.phaseTimer = setTimeout(() => void this.onDeadline(deadline), DEADLINE_RETRY_MS);
    this.phaseTimer.unref?.();
  }

  /** Counts from when the room last became empty: arming it again while it runs does not extend the room's life. */
  armEmpty(ms: number, onEmpty: () => void): void {
    if (this.emptyTimer !== undefined) return;
    this.emptyTimer = setTimeout(() => {
      this.emptyTimer = undefined;
      onEmpty();
    }, ms);
    this.emptyTimer.unref?.();
  }

  /** Someone connected: the room is not empty. */
  cancelEmpty(): void {
    clearTimeout(this.emptyTimer);
    this.emptyTimer = undefined;
  }

  /** Replaces any hand-over timer: `onDue` after `dueInMs`, or none when null (the host is here). */
  armHostHandover(dueInMs: number | null, onDue: () => void): void {
    clearTimeout(this.hostHandoverTimer);
    this.hostHandoverTimer = undefined;
    if (dueInMs === null) return;
    this.hostHandoverTimer = setTimeout(() => {
      this.hostHandoverTimer = undefined;
      onDue();
    }, dueInMs);
    this.hostHandoverTimer.unref?.();
  }

  /** The room stops or moves away: no timer fires again (and none is armed again by a later `armEmpty`). */
  stop(): void {
    clearTimeout(this.phaseTimer);
    clearTimeout(this.emptyTimer);
    clearTimeout(this.hostHandoverTimer);
  }
}
