import { CartesianGrid, ErrorBar, LabelList, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import type { TradeoffPoint } from "../model/leaderboard";

/**
 * Each generator's mean utility (across) against mean leakage (up), with 95%-interval whiskers both ways.
 * Humans are a diamond, bots circles, and every point is labelled with its name: shape and text, not hue alone.
 */
export function GeneratorTradeoff({ points }: { points: TradeoffPoint[] }) {
  const humans = points.filter((p) => p.human);
  const bots = points.filter((p) => !p.human);
  const summary = points.map((p) => `${p.name}: utility ${p.x.toFixed(1)}, leakage ${p.y.toFixed(1)}`).join("; ");
  return (
    <figure className="chart-box" style={{ margin: 0 }} aria-label={`Who hides the secret best? ${summary}`} data-testid="generator-tradeoff">
      <h3>Who hides the secret best?</h3>
      <p className="muted small">Across: how well allies recognize the clues (utility); up: how much they give away to the Chameleon (leakage).</p>
      {/* The table above carries the same figures for screen readers; the chart is described in one line. */}
      <p className="visually-hidden">{summary}</p>
      <div style={{ width: "100%", height: 300 }} aria-hidden="true">
        <ResponsiveContainer>
          <ScatterChart margin={{ top: 14, right: 18, bottom: 14, left: 6 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis
              type="number"
              dataKey="x"
              name="Utility"
              domain={[0, 100]}
              stroke="var(--muted)"
              tick={{ fontSize: 12 }}
              label={{ value: "utility (higher is better)", position: "insideBottom", offset: -8, fontSize: 11, fill: "var(--muted)" }}
            />
            <YAxis
              type="number"
              dataKey="y"
              name="Leakage"
              domain={[0, 100]}
              stroke="var(--muted)"
              tick={{ fontSize: 12 }}
              label={{ value: "leakage (lower is better)", angle: -90, position: "insideLeft", offset: 18, fontSize: 11, fill: "var(--muted)", style: { textAnchor: "middle" } }}
            />
            <ZAxis range={[110, 110]} />
            <Tooltip
              contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)", color: "var(--text)" }}
              formatter={(v) => (typeof v === "number" ? v.toFixed(1) : String(v))}
              labelFormatter={() => ""}
            />
            <Scatter name="Humans" data={humans} fill="var(--soft)" shape="diamond" isAnimationActive={false}>
              <ErrorBar dataKey="xError" direction="x" stroke="var(--soft)" width={6} isAnimationActive={false} />
              <ErrorBar dataKey="yError" direction="y" stroke="var(--soft)" width={6} isAnimationActive={false} />
              <LabelList dataKey="name" position="right" offset={8} dy={-10} fill="var(--text)" fontSize={12} />
            </Scatter>
            <Scatter name="Bots" data={bots} fill="var(--utility)" shape="circle" isAnimationActive={false}>
              <ErrorBar dataKey="xError" direction="x" stroke="var(--utility)" width={6} isAnimationActive={false} />
              <ErrorBar dataKey="yError" direction="y" stroke="var(--utility)" width={6} isAnimationActive={false} />
              <LabelList dataKey="name" position="right" offset={8} dy={-10} fill="var(--text)" fontSize={12} />
            </Scatter>
          </ScatterChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="chart-note">◆ humans · ● bots. Whiskers: 95% intervals. Bottom right is best: clues an ally recognizes that tell the Chameleon little.</figcaption>
    </figure>
  );
}
