/** A refused command, from the server's ack or from the client's own timeout. */
export interface FailureLike {
  code: string;
  message: string;
  rule?: string;
}

/** Words a player reads for a refused command; the server's own message is kept, never replaced. */
export function describeFailure(f: FailureLike): string {
  const message = f.message?.trim() || "The server refused the action.";
  switch (f.code) {
    case "RATE_LIMITED":
      return `Slow down: ${message}`;
    case "ROOM_NOT_FOUND":
      return `No such room. ${message}`;
    case "ROOM_FULL":
      return `That room is full. ${message}`;
    case "NOT_HOST":
      return `Only the host can do that. ${message}`;
    default:
      return message;
  }
}
