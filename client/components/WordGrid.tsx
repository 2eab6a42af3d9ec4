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

/** Longer than this, a word does not fit one column of a phone's grid at the smallest type: its cell spans two. */
const WIDE = 12;
/** Longer than the rules' longest custom word (30): only then may a word break anywhere. */
const OVERLONG = 30;

/** The longest run of letters in a word, which sets its type size. */
export function longestPart(word: string): number {
  return Math.max(1, ...word.split(/[\s\-/]+/).map((part) => [...part].length));
}

/**
 * The topic card's grid. A long word ("orthodontist", "paediatrician") is set smaller to fit its cell whole
 * (the type size follows the cell's width and the word's longest part: app.css, .word-cell), and one longer
 * than a column can hold at the smallest type ("otorhinolaryngology") gets a cell two columns wide: never
 * broken mid-word, never spilling past the card.
 */
export function WordGrid({ words, secret, onPick, picked, crossedOut = [], disabled, label }: Props) {
  return (
    <ul className="word-grid" aria-label={label} data-testid="word-grid" lang="en">
      {words.map((w) => {
        const longest = longestPart(w);
        const cls = [
          "word-cell",
          longest > OVERLONG ? "overlong" : "",
          w === secret ? "is-secret" : "",
          w === picked ? "is-picked" : "",
          crossedOut.includes(w) ? "is-guessed-wrong" : "",
        ]
          .filter(Boolean)
          .join(" ");
        return (
          <li key={w} className={longest > WIDE ? "word-slot wide" : "word-slot"} style={{ "--longest": longest } as React.CSSProperties}>
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
