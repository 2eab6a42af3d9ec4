import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ClueScoreRow } from "../model/scores";

/** The sentence under the chart: what the solid line is, and why it stays level at the Chameleon's clue. */
export const CUMULATIVE_NOTE =
  "The solid line is the Chameleon's belief in the secret after each informed player's clue (0: no better than a blind guess, 100: certain); the Chameleon's own clue is not evidence, so the line stays level there (▲).";

/** The spoken summary: where the belief ended, and where the Chameleon's clue fell. */
export function leakageCurveSummary(rows: readonly ClueScoreRow[]): string {
  const last = [...rows].reverse().find((r) => !r.byChameleon && r.cumulativeLeakage !== null);
  const own = rows.filter((r) => r.byChameleon).map((r) => r.index + 1);
  const belief = last
    ? `After ${last.index + 1} clues the Chameleon's belief in the secret was ${last.cumulativeLeakage!.toFixed(0)} out of 100.`
    : "Cumulative leakage is not available for this round.";
  return own.length > 0 ? `${belief} The Chameleon's own clue was clue ${own.join(" and ")}.` : belief;
}

/** A triangle for the Chameleon's clue, as in the scatter: the point where nothing was learned. */
function ChameleonDot(props: { cx?: number; cy?: number; payload?: { byChameleon: boolean }; index?: number }) {
  const { cx, cy, payload, index } = props;
  if (cx === undefined || cy === undefined) return <g key={index} />;
  if (!payload?.byChameleon) return <circle key={index} cx={cx} cy={cy} r={5} fill="var(--leakage)" stroke="var(--surface)" />;
  return <path key={index} d={`M${cx},${cy - 7} L${cx + 7},${cy + 5} L${cx - 7},${cy + 5} Z`} fill="var(--surface)" stroke="var(--leakage)" strokeWidth={2} />;
}

/** How much of the secret the informed clues gave away, clue by clue; the Chameleon's clue marked where it fell. */
export function LeakageCurve({ rows }: { rows: ClueScoreRow[] }) {
  const data = rows.map((r) => ({ step: r.index + 1, clue: r.clue, byChameleon: r.byChameleon, cumulative: r.cumulativeLeakage, single: r.byChameleon ? null : r.leakage }));
  const summary = leakageCurveSummary(rows);
  return (
    <figure className="chart-box" style={{ margin: 0 }} aria-label={`Cumulative leakage curve. ${summary}`} data-testid="leakage-curve">
      <h3>Cumulative leakage</h3>
      <div style={{ width: "100%", height: 220 }} aria-hidden="true">
        <ResponsiveContainer>
          <LineChart data={data} margin={{ top: 16, right: 12, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="step" stroke="var(--muted)" tick={{ fontSize: 12 }} label={{ value: "clue", position: "insideBottomRight", offset: -2, fontSize: 11, fill: "var(--muted)" }} />
            <YAxis domain={[0, 100]} stroke="var(--muted)" tick={{ fontSize: 12 }} />
            {data
              .filter((d) => d.byChameleon)
              .map((d) => (
                <ReferenceLine key={d.step} x={d.step} stroke="var(--muted)" strokeDasharray="2 3" label={{ value: "▲ Chameleon", position: "top", fontSize: 11, fill: "var(--muted)" }} />
              ))}
            <Tooltip
              contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)", color: "var(--text)" }}
              labelFormatter={(step) => {
                const point = data[Number(step) - 1];
                return `Clue ${step}: “${point?.clue ?? ""}”${point?.byChameleon ? " (the Chameleon's: not evidence)" : ""}`;
              }}
              formatter={(v) => (typeof v === "number" ? v.toFixed(1) : String(v))}
            />
            <Line type="linear" dataKey="cumulative" name="Cumulative leakage" stroke="var(--leakage)" strokeWidth={3} dot={ChameleonDot} connectNulls isAnimationActive={false} />
            <Line type="linear" dataKey="single" name="This clue alone" stroke="var(--utility)" strokeWidth={2} strokeDasharray="5 4" dot={{ r: 3, strokeDasharray: "0" }} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="chart-note" data-testid="leakage-note">
        {CUMULATIVE_NOTE} Dashed: each informed clue alone. {summary}
      </figcaption>
    </figure>
  );
}
