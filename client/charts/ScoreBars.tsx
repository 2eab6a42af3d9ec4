import type { ClueScoreRow } from "../model/scores";

function Bar({ kind, short, label, value, note }: { kind: string; short: string; label: string; value: number | null; note?: string }) {
  const text = value === null ? "—" : value.toFixed(0);
  return (
    <div className="score-bar" title={`${label}: ${value === null ? note ?? "not available" : value.toFixed(1)}`}>
      <span className="score-bar-key" aria-hidden="true">
        {short}
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
        <span className={`score-bar-fill ${kind}`} style={{ width: `${value ?? 0}%`, display: "block" }} />
      </span>
      <span className="score-bar-value">{text}</span>
    </div>
  );
}

/** Utility, leakage and SoftScore of one clue as three labelled bars (letters, patterns and numbers, not hue alone). */
export function ScoreBars({ row }: { row: ClueScoreRow }) {
  if (!row.scored) return <span className="muted small">scoring…</span>;
  return (
    <div className="score-bars">
      <Bar kind="utility" short="U" label="Utility" value={row.utility} note={row.utilityAvailable ? "evaluation failed" : "custom card: no decoys"} />
      <Bar kind="leakage" short="L" label={row.leakageMeaningless ? "Leakage (meaningless for the Chameleon)" : "Leakage"} value={row.leakage} />
      <Bar kind="soft" short="S" label="SoftScore" value={row.softScore} />
    </div>
  );
}

export function ScoreLegend() {
  return (
    <p className="legend" aria-hidden="true">
      <span>
        <span className="legend-swatch score-bar-fill utility" />U = utility: an ally picks this clue out of decoys
      </span>
      <span>
        <span className="legend-swatch score-bar-fill leakage" />L = leakage: the Chameleon finds the secret from it
      </span>
      <span>
        <span className="legend-swatch score-bar-fill soft" />S = SoftScore = U × (1 − L)
      </span>
    </p>
  );
}
