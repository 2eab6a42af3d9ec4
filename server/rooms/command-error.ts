import type { AckError, ErrorCode } from "../../shared/protocol";

/** A refused command: becomes the `{ ok: false, code, message }` ack, never a crash. */
export class CommandError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly rule?: string,
  ) {
    super(message);
  }

  toAck(): AckError {
    return this.rule === undefined
      ? { ok: false, code: this.code, message: this.message }
      : { ok: false, code: this.code, message: this.message, rule: this.rule };
  }
}
