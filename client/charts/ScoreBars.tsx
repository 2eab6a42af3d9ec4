import type { ClueScoreRow } from "../model/scores";

/** The three figures in a player's words, each with its exact research term for the tooltip and the key below. */
export const SCORE_WORDS = {
  utility: { label: "Spotted by a teammate", term: "utility (U)" },
  leakage: { label: "Gave the word away", term: "leakage (L)" },
  soft: { label: "Clue score", term: "SoftScore = U × (1 − L)" },
} as const;

/** The research term behind the clue score of the Chameleon's own clue. */
export const BLUFF_TERM = "utility U alone: the Chameleon's leakage means nothing (its SoftScore stays in the data)";

function Bar({ kind, label, term, value, note }: { kind: keyof typeof SCORE_WORDS; label: string; term: string; value: number | null; note?: string }) {
  const text = value === null ? "—" : value.toFixed(0);
  return (
    <div className="score-bar" title={`${label} — ${term}: ${value === null ? note ?? "not available" : value.toFixed(1)}`}>
      <span className="score-bar-key" aria-hidden="true">
        {label}
      </span>
      <span
        className="score-bar-track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        aria-valuetext={value === null ? note ?? "not available" : `${value.toFixed(1)} out of 100`}
      >
        <span className={`score-bar-fill ${kind === "soft" ? "soft" : kind}`} style={{ width: `${value ?? 0}%`, display: "block" }} />
      </span>
      <span className="score-bar-value">{text}</span>
    </div>
  );
}

/** Spotted, gave away, clue score: three labelled bars out of 100 (words, patterns and numbers, not hue alone). */
export function ScoreBars({ row }: { row: ClueScoreRow }) {
  if (!row.scored) return <span className="muted small">scoring…</span>;
  return (
    <div className="score-bars">
      <Bar kind="utility" {...SCORE_WORDS.utility} value={row.utility} note={row.utilityAvailable ? "the judge failed" : "custom card: nothing to compare with"} />
      <Bar
        kind="leakage"
        label={row.leakageMeaningless ? `${SCORE_WORDS.leakage.label} (means nothing here)` : SCORE_WORDS.leakage.label}
        term={SCORE_WORDS.leakage.term}
        value={row.leakage}
      />
      {row.leakageMeaningless ? (
        // The Chameleon did not know the word, so its clue scores on passing for a teammate's alone: U, not U × (1 − L).
        <Bar kind="soft" label={`${SCORE_WORDS.soft.label} (as a bluff)`} term={BLUFF_TERM} value={row.utility} />
      ) : (
        <Bar kind="soft" {...SCORE_WORDS.soft} value={row.softScore} />
      )}
    </div>
  );
}

/** What the bars mean, in plain words; the exact terms are one tap away (RoundReveal's "Exact terms"). */
export function ScoreLegend() {
  return (
    <p className="legend">
      <span>
        <span className="legend-swatch score-bar-fill utility" aria-hidden="true" />
        <strong>{SCORE_WORDS.utility.label}</strong>: could a teammate who knew the word pick this clue out from five other words?
      </span>
      <span>
        <span className="legend-swatch score-bar-fill leakage" aria-hidden="true" />
        <strong>{SCORE_WORDS.leakage.label}</strong>: could the Chameleon guess the word from it?
      </span>
      <span>
        <span className="legend-swatch score-bar-fill soft" aria-hidden="true" />
        <strong>{SCORE_WORDS.soft.label}</strong>: high when teammates spot it and the Chameleon can't guess.
      </span>
    </p>
  );
}
