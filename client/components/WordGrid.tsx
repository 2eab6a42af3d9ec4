interface Props {
  words: string[];
  /** Highlighted with colour, a border and a star; null when the viewer must not know it. */
  secret: string | null;
  /** When set, the cells are buttons (the caught chameleon's guess). */
  onPick?(word: string): void;
  picked?: string | null;
  /** Words already guessed wrong (two-guess variant). */
  crossedOut?: string[];
  disabled?: boolean;
  label: string;
}

/** The topic card's grid. */
export function WordGrid({ words, secret, onPick, picked, crossedOut = [], disabled, label }: Props) {
  return (
    <ul className="word-grid" aria-label={label} data-testid="word-grid">
      {words.map((w) => {
        const cls = [
          "word-cell",
          w === secret ? "is-secret" : "",
          w === picked ? "is-picked" : "",
          crossedOut.includes(w) ? "is-guessed-wrong" : "",
        ]
          .filter(Boolean)
          .join(" ");
        return (
          <li key={w} className="word-slot">
            {onPick ? (
              <button
                type="button"
                className={cls}
                onClick={() => onPick(w)}
                disabled={disabled || crossedOut.includes(w)}
                aria-pressed={w === picked}
              >
                {w}
              </button>
            ) : (
              <span className={cls} data-secret={w === secret ? "true" : undefined}>
                {w}
                {w === secret && <span className="visually-hidden"> (the secret word)</span>}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
