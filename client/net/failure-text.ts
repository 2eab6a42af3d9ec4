/** A refused command, from the server's ack or from the client's own timeout. */
export interface FailureLike {
  code: string;
  message: string;
  rule?: string;
}

/** Words a player reads for a refused command: the server's own message, as a sentence. */
export function describeFailure(f: FailureLike): string {
  const message = f.message?.trim() || "The server refused the action.";
  const sentence = message[0].toUpperCase() + message.slice(1);
  const ended = /[.!?…]$/.test(sentence) ? sentence : `${sentence}.`;
  return f.code === "RATE_LIMITED" ? `${ended} Wait a moment and try again.` : ended;
}
