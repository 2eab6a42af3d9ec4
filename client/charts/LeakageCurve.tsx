import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ClueScoreRow } from "../model/scores";

/** How the secret drained away: the Chameleon's chance of finding it given all clues so far, clue by clue. */
export function LeakageCurve({ rows }: { rows: ClueScoreRow[] }) {
  const data = rows.map((r) => ({ step: r.index + 1, clue: r.clue, cumulative: r.cumulativeLeakage, single: r.byChameleon ? null : r.leakage }));
  const last = [...rows].reverse().find((r) => r.cumulativeLeakage !== null);
  const summary = last
    ? `Cumulative leakage after ${last.index + 1} clues: ${last.cumulativeLeakage!.toFixed(0)} out of 100.`
    : "Cumulative leakage is not available for this round.";
  return (
    <figure className="chart-box" style={{ margin: 0 }} aria-label={`Cumulative leakage curve. ${summary}`} data-testid="leakage-curve">
      <h3>Cumulative leakage</h3>
      <div style={{ width: "100%", height: 220 }} aria-hidden="true">
        <ResponsiveContainer>
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="step" stroke="var(--muted)" tick={{ fontSize: 12 }} label={{ value: "clue", position: "insideBottomRight", offset: -2, fontSize: 11, fill: "var(--muted)" }} />
            <YAxis domain={[0, 100]} stroke="var(--muted)" tick={{ fontSize: 12 }} />
            <Tooltip
              contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)", color: "var(--text)" }}
              labelFormatter={(step) => `Clue ${step}: “${data[Number(step) - 1]?.clue ?? ""}”`}
              formatter={(v) => (typeof v === "number" ? v.toFixed(1) : String(v))}
            />
            <Line type="linear" dataKey="cumulative" name="Cumulative leakage" stroke="var(--leakage)" strokeWidth={3} dot={{ r: 5 }} connectNulls isAnimationActive={false} />
            <Line type="linear" dataKey="single" name="This clue alone" stroke="var(--utility)" strokeWidth={2} strokeDasharray="5 4" dot={{ r: 3, strokeDasharray: "0" }} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="chart-note">
        Solid: all clues so far. Dashed: each informed clue alone. {summary}
      </figcaption>
    </figure>
  );
}
