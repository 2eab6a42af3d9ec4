import { isPromiseLike, type MaybePromise } from "../maybe-promise";

/**
 * One room's changes, one at a time, in arrival order. A move is checked by the pure reducer, made durable
 * in the game log, and only then applied and acknowledged. On SQLite the log writes synchronously, so a
 * change runs to its end at once and the queue stays empty: no promise, no extra microtask on the command
 * path. On Postgres the write is a round trip; the changes that arrive meanwhile (commands, timers, bots,
 * scores) wait here, so none is checked against a state that an earlier, not yet durable, move will change,
 * and the log's order is the order the moves took effect.
 */
export class CommandQueue {
  private tail: Promise<unknown> | null = null;

  /** Runs `change` now if nothing is waiting (its result as it returns), else after everything queued before it. */
  run<T>(change: () => MaybePromise<T>): MaybePromise<T> {
    if (this.tail === null) {
      const result = change();
      if (isPromiseLike(result)) this.hold(result);
      return result;
    }
    const result = this.tail.then(change);
    this.hold(result);
    return result;
  }

  /** True while a change is waiting for the log. */
  get busy(): boolean {
    return this.tail !== null;
  }

  /** Resolves once every change queued so far, and any queued meanwhile, has settled. */
  async idle(): Promise<void> {
    while (this.tail !== null) await this.tail;
  }

  private hold(result: Promise<unknown>): void {
    const tail: Promise<unknown> = result.then(
      () => {},
      () => {},
    );
    this.tail = tail;
    void tail.then(() => {
      if (this.tail === tail) this.tail = null;
    });
  }
}

/** `next(value)`, at once when `value` is not a promise: the synchronous path stays synchronous. */
export function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return isPromiseLike(value) ? value.then(next) : next(value);
}

/** Runs `attempt`; its result or error goes to `onResult`/`onError` at once when it is synchronous. */
export function settleMaybe<T, U>(attempt: () => MaybePromise<T>, onResult: (value: T) => U, onError: (error: unknown) => U): MaybePromise<U> {
  let value: MaybePromise<T>;
  try {
    value = attempt();
  } catch (error) {
    return onError(error);
  }
  return isPromiseLike(value) ? value.then(onResult, onError) : onResult(value);
}
