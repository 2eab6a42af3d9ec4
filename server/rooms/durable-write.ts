import { isPromiseLike, type MaybePromise } from "../maybe-promise";
import { CommandError } from "./command-error";
import { settleMaybe } from "./command-queue";

/**
 * An observer's write (the game log's, RoomObserver); its failure (thrown or rejected) refuses the change with
 * its message, as the code the error names in `ackCode` (the game log's: UNAVAILABLE when it is out of service,
 * ROOM_ELSEWHERE when another process has claimed the room), else as INTERNAL.
 */
export function recorded(write: () => MaybePromise<void> | undefined): MaybePromise<void> {
  const refusal = (error: unknown) => (error instanceof CommandError ? error : new CommandError(ackCodeOf(error), error instanceof Error ? error.message : String(error)));
  let written: MaybePromise<void> | undefined;
  try {
    written = write();
  } catch (error) {
    throw refusal(error);
  }
  if (isPromiseLike(written)) {
    return written.then(undefined, (error: unknown) => {
      throw refusal(error);
    });
  }
}

/** A step of issuing a session: if it throws or rejects, `discard` drops the new token (no token outlives a refusal) and the error goes on. */
export function orDiscard(discard: () => void, step: () => MaybePromise<unknown>): MaybePromise<void> {
  return settleMaybe(step, () => undefined, (error): never => {
    discard();
    throw error;
  });
}

/** The ack code a failed observer write asks for (RoomObserver), INTERNAL when it names none the room knows. */
export function ackCodeOf(error: unknown): "UNAVAILABLE" | "ROOM_ELSEWHERE" | "INTERNAL" {
  const code = (error as { ackCode?: unknown } | null)?.ackCode;
  return code === "UNAVAILABLE" || code === "ROOM_ELSEWHERE" ? code : "INTERNAL";
}
