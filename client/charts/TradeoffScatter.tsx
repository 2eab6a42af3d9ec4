import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import type { ClueScoreRow } from "../model/scores";

/**
 * Each clue as a point: utility across, leakage up. The best clues sit bottom right (informative, not revealing).
 * Informed players' clues are circles, the Chameleon's a triangle: shape, not colour alone.
 */
export function TradeoffScatter({ rows, nameOf }: { rows: ClueScoreRow[]; nameOf(id: string): string }) {
  const points = rows
    .filter((r) => r.utility !== null && r.leakage !== null)
    .map((r) => ({ x: r.utility as number, y: r.leakage as number, clue: r.clue, who: nameOf(r.playerId), chameleon: r.byChameleon }));
  const informed = points.filter((p) => !p.chameleon);
  const chameleon = points.filter((p) => p.chameleon);
  return (
    <figure className="chart-box" style={{ margin: 0 }} aria-label={`Utility against leakage for ${points.length} clues.`} data-testid="tradeoff-scatter">
      <h3>Utility vs leakage</h3>
      {points.length === 0 ? (
        <p className="chart-note">No clue has both figures (custom cards have no utility).</p>
      ) : (
        <div style={{ width: "100%", height: 220 }} aria-hidden="true">
          <ResponsiveContainer>
            <ScatterChart margin={{ top: 8, right: 12, bottom: 4, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis type="number" dataKey="x" name="Utility" domain={[0, 100]} stroke="var(--muted)" tick={{ fontSize: 12 }} label={{ value: "utility", position: "insideBottomRight", offset: -2, fontSize: 11, fill: "var(--muted)" }} />
              <YAxis type="number" dataKey="y" name="Leakage" domain={[0, 100]} stroke="var(--muted)" tick={{ fontSize: 12 }} />
              <ZAxis range={[90, 90]} />
              <Tooltip
                contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)", color: "var(--text)" }}
                formatter={(v) => (typeof v === "number" ? v.toFixed(1) : String(v))}
                labelFormatter={() => ""}
              />
              <Scatter name="Informed players" data={informed} fill="var(--utility)" shape="circle" isAnimationActive={false} />
              <Scatter name="Chameleon" data={chameleon} fill="var(--leakage)" shape="triangle" isAnimationActive={false} />
            </ScatterChart>
          </ResponsiveContainer>
        </div>
      )}
      <figcaption className="chart-note">● informed players · ▲ the Chameleon. Bottom right is best: informative and safe.</figcaption>
    </figure>
  );
}
