import { useId } from "react";
import { cleanName, MAX_NAME_CHARS } from "../../shared/game/names";

/** Show the count once a name is this close to the limit. */
const COUNT_FROM = MAX_NAME_CHARS - 4;

/**
 * The player's display name, with its error announced to screen readers. A name longer than the rules allow is
 * kept as typed (a long paste is not cut silently) and the field says how long it is and what the limit is.
 */
export function NameField({ value, onChange, error }: { value: string; onChange(v: string): void; error: string | null }) {
  const hintId = useId();
  const length = [...cleanName(value)].length;
  const tooLong = length > MAX_NAME_CHARS;
  const message = tooLong ? `Names are at most ${MAX_NAME_CHARS} characters: this one has ${length}. Shorten it.` : error;
  const count = !message && length >= COUNT_FROM ? `${length} of ${MAX_NAME_CHARS} characters` : null;
  return (
    <label className="field">
      <span>Your name</span>
      <input
        id="player-name"
        value={value}
        onChange={(e) => onChange(e.target.value.slice(0, 200))}
        autoComplete="nickname"
        placeholder="e.g. Alex"
        aria-invalid={message ? true : undefined}
        aria-describedby={message || count ? hintId : undefined}
        data-testid="name-input"
      />
      {message && (
        <span id={hintId} role="alert" className="hint error" data-testid="name-error">
          {message}
        </span>
      )}
      {count && (
        <span id={hintId} className="hint" data-testid="name-count">
          {count}
        </span>
      )}
    </label>
  );
}
