import { useId, useState, type FormEvent } from "react";
import { clueViolation, countClueWords, MAX_CLUE_CHARS } from "../../shared/game/clue-validation";
import { Countdown } from "./Countdown";

interface Props {
  words: string[];
  maxWords: number;
  /** Sends the clue; resolves with the server's rejection message, or null when accepted. */
  onSubmit(text: string): Promise<string | null>;
  /** The turn's deadline: the time left shows in the box, where a phone scrolled to it can see it. */
  deadline?: number | null;
}

/**
 * The clue input with live feedback from the shared validator (the same function the server's rules use),
 * and the server's own rejection reason when it still refuses.
 */
export function ClueBox({ words, maxWords, onSubmit, deadline }: Props) {
  const [text, setText] = useState("");
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const violation = text.trim() === "" ? undefined : clueViolation(text, words, maxWords);
  const count = text.trim() === "" ? 0 : countClueWords(text);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || text.trim() === "" || violation) return;
    setBusy(true);
    const rejection = await onSubmit(text.trim());
    setBusy(false);
    if (rejection) setServerError(rejection);
    else setText("");
  }

  const message = violation?.message ?? serverError;
  return (
    <form className="clue-form your-turn" onSubmit={submit} aria-label="Your clue">
      <label className="field">
        <span className="clue-form-title">
          Your turn: give a clue ({maxWords === 1 ? "one word" : `up to ${maxWords} words`}) <span data-inline-timer>
            <Countdown deadline={deadline ?? null} label="Clue turn, your move" compact />
          </span>
        </span>
        <div className="row" style={{ flexWrap: "nowrap" }}>
          <input
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setServerError(null);
            }}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_CLUE_CHARS}
            aria-invalid={message ? true : undefined}
            aria-describedby={hintId}
            data-testid="clue-input"
          />
          <button type="submit" disabled={busy || text.trim() === "" || violation !== undefined}>
            {busy ? "Sending…" : "Give clue"}
          </button>
        </div>
      </label>
      <p id={hintId} className={`hint ${message ? "error" : "ok"}`} role={message ? "alert" : undefined} data-testid="clue-hint">
        {message ? (
          <>
            <span aria-hidden="true">✗ </span>
            {message}
          </>
        ) : count > 0 ? (
          <>
            <span aria-hidden="true">✓ </span>
            {count} of {maxWords} {maxWords === 1 ? "word" : "words"}
          </>
        ) : (
          "\u00a0"
        )}
      </p>
    </form>
  );
}
