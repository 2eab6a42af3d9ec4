/** The player's display name, with its error announced to screen readers. */
export function NameField({ value, onChange, error }: { value: string; onChange(v: string): void; error: string | null }) {
  return (
    <label className="field">
      <span>Your name</span>
      <input
        id="player-name"
        value={value}
        onChange={(e) => onChange(e.target.value.slice(0, 24))}
        maxLength={24}
        autoComplete="nickname"
        placeholder="e.g. Alex"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "player-name-error" : undefined}
      />
      {error && (
        <span id="player-name-error" role="alert" className="hint error" style={{ color: "var(--danger)", fontWeight: 600 }}>
          {error}
        </span>
      )}
    </label>
  );
}
