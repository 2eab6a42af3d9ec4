/**
 * An error the user can fix (a bad flag, a missing file, a malformed line). The CLI prints its
 * message as one line and exits non-zero; anything else is a bug and is reported as one.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UserError";
  }
}

/** One line for stderr: errors from libraries (zod, fs) can carry newlines we must not print. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, "; ").trim();
}

export function messageOf(error: unknown): string {
  return oneLine(error instanceof Error ? error.message : String(error));
}
