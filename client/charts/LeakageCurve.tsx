import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ClueScoreRow } from "../model/scores";

/** The sentence under the chart: what the solid line is, and why it stays level at the Chameleon's clue. */
export const CUMULATIVE_NOTE =
  "The solid line is how sure someone who didn't know the word (the Chameleon) would be of the secret after each clue from the players who knew it (0: no better than a blind guess, 100: certain); the Chameleon's own clue is not evidence, so the line stays level there (▲).";

/** The chart's title: what it shows, in a player's words (the exact term, cumulative leakage, is in its description). */
export const CURVE_TITLE = "How sure the Chameleon became, clue by clue";

/** The spoken summary: where the belief ended, and where the Chameleon's clue fell. */
export function leakageCurveSummary(rows: readonly ClueScoreRow[]): string {
  const last = [...rows].reverse().find((r) => !r.byChameleon && r.cumulativeLeakage !== null);
  const own = rows.filter((r) => r.byChameleon).map((r) => r.index + 1);
  const belief = last
    ? `After ${last.index + 1} clues the Chameleon's belief in the secret was ${last.cumulativeLeakage!.toFixed(0)} out of 100.`
    : "The Chameleon's belief, clue by clue, is not available for this round.";
  return own.length > 0 ? `${belief} The Chameleon's own clue was clue ${own.join(" and ")}.` : belief;
}

/** A triangle for the Chameleon's clue, as in the scatter: the point where nothing was learned. */
function ChameleonDot(props: { cx?: number; cy?: number; payload?: { byChameleon: boolean }; index?: number }) {
  const { cx, cy, payload, index } = props;
  if (cx === undefined || cy === undefined) return <g key={index} />;
  if (!payload?.byChameleon) return <circle key={index} cx={cx} cy={cy} r={5} fill="var(--leakage)" stroke="var(--surface)" />;
  return <path key={index} d={`M${cx},${cy - 7} L${cx + 7},${cy + 5} L${cx - 7},${cy + 5} Z`} fill="var(--surface)" stroke="var(--leakage)" strokeWidth={2} />;
}

/**
 * The "▲ Chameleon" mark above the dotted line: anchored to stay inside the plot when the Chameleon clued first
 * or last (a centred label at the edge is cut to "▲ Chame").
 */
function chameleonLabel(anchor: "start" | "middle" | "end") {
  return function ChameleonLabel(props: { viewBox?: { x?: number; y?: number } }) {
    const x = props.viewBox?.x ?? 0;
    const y = props.viewBox?.y ?? 0;
    return (
      <text x={x + (anchor === "start" ? -4 : anchor === "end" ? 4 : 0)} y={y - 5} textAnchor={anchor} fontSize={11} fill="var(--muted)">
        ▲ Chameleon
      </text>
    );
  };
}

/** How much of the secret the informed clues gave away, clue by clue; the Chameleon's clue marked where it fell. */
export function LeakageCurve({ rows }: { rows: ClueScoreRow[] }) {
  const data = rows.map((r) => ({ step: r.index + 1, clue: r.clue, byChameleon: r.byChameleon, cumulative: r.cumulativeLeakage, single: r.byChameleon ? null : r.leakage }));
  const summary = leakageCurveSummary(rows);
  return (
    <figure className="chart-box" style={{ margin: 0 }} aria-label={`${CURVE_TITLE} (cumulative leakage). ${summary}`} data-testid="leakage-curve">
      <h3>{CURVE_TITLE}</h3>
      <div style={{ width: "100%", height: 220 }} aria-hidden="true">
        <ResponsiveContainer>
          <LineChart data={data} margin={{ top: 16, right: 12, bottom: 4, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="step" stroke="var(--muted)" tick={{ fontSize: 12 }} label={{ value: "clue", position: "insideBottomRight", offset: -2, fontSize: 11, fill: "var(--muted)" }} />
            <YAxis domain={[0, 100]} stroke="var(--muted)" tick={{ fontSize: 12 }} />
            {data
              .filter((d) => d.byChameleon)
              .map((d) => (
                <ReferenceLine
                  key={d.step}
                  x={d.step}
                  stroke="var(--muted)"
                  strokeDasharray="2 3"
                  label={chameleonLabel(data.length > 1 && d.step === data.length ? "end" : d.step === 1 && data.length > 1 ? "start" : "middle")}
                />
              ))}
            <Tooltip
              contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)", color: "var(--text)" }}
              labelFormatter={(step) => {
                const point = data[Number(step) - 1];
                return `Clue ${step}: “${point?.clue ?? ""}”${point?.byChameleon ? " (the Chameleon's: not evidence)" : ""}`;
              }}
              formatter={(v) => (typeof v === "number" ? v.toFixed(1) : String(v))}
            />
            <Line type="linear" dataKey="cumulative" name="Belief after the clues so far" stroke="var(--leakage)" strokeWidth={3} dot={ChameleonDot} connectNulls isAnimationActive={false} />
            <Line type="linear" dataKey="single" name="This clue alone" stroke="var(--utility)" strokeWidth={2} strokeDasharray="5 4" dot={{ r: 3, strokeDasharray: "0" }} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="chart-note" data-testid="leakage-note">
        {CUMULATIVE_NOTE} Dashed: each of those clues alone. {summary}
      </figcaption>
    </figure>
  );
}
