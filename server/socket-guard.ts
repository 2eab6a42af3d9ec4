/**
 * The boundary between socket.io and our code. socket.io calls listeners from `process.nextTick` and from
 * the WebSocket's message handler, so anything a listener throws, or a promise it returns rejects with, would
 * end the whole process and every table on it. Every listener the server registers goes through `guarded`.
 */

export type FailureLog = (line: string) => void;

/**
 * `listener`, made safe to hand to socket.io: a synchronous throw or a rejected promise is logged with
 * `where`, passed to `onFailure` (to answer the client), and never reaches the process.
 */
export function guarded<A extends unknown[]>(
  where: string,
  log: FailureLog,
  listener: (...args: A) => unknown,
  onFailure?: (error: unknown, ...args: A) => void,
): (...args: A) => void {
  const report = (error: unknown, args: A) => {
    log(`internal error in ${where}: ${describeError(error)}`);
    if (!onFailure) return;
    try {
      onFailure(error, ...args);
    } catch (second) {
      log(`internal error while answering a failure in ${where}: ${describeError(second)}`);
    }
  };
  return (...args: A) => {
    try {
      const result = listener(...args);
      if (isThenable(result)) result.then(undefined, (error: unknown) => report(error, args));
    } catch (error) {
      report(error, args);
    }
  };
}

/** An ack callback that answers at most once; later calls are dropped, so no command is acked twice. */
export function answerOnce<R>(ack: ((reply: R) => void) | undefined, log: FailureLog, where: string): (reply: R) => void {
  let answered = false;
  return (reply: R) => {
    if (answered || !ack) return;
    answered = true;
    try {
      ack(reply);
    } catch (error) {
      log(`internal error while acknowledging ${where}: ${describeError(error)}`);
    }
  };
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  try {
    return String(error);
  } catch {
    return "an error that cannot be printed";
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}
