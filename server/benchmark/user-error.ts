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

/**
 * How a benchmark command that lets commander throw (`exitOverride`) ends on an error: help and
 * version exit 0, a flag commander refused exits 1 (it has printed why), anything else prints one
 * line and exits 1.
 */
export function exitOnCommandError(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === "commander.helpDisplayed" || code === "commander.version") process.exit(0);
  if (typeof code === "string" && code.startsWith("commander.")) process.exit(1);
  console.error(`error: ${messageOf(error)}`);
  process.exit(1);
}
