import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import type { ClueScoreRow } from "../model/scores";
import { tradeoffMarks, type TradeoffMark } from "./tradeoff-points";

/** A mark and its clue numbers on the side `tradeoffMarks` chose: a circle for informed players, a triangle for the Chameleon. */
function Mark(props: { cx?: number; cy?: number; payload?: TradeoffMark }) {
  const { cx, cy, payload } = props;
  if (cx === undefined || cy === undefined || !payload) return <g />;
  const at = (
    {
      right: { x: cx + 10, y: cy + 4, anchor: "start" },
      left: { x: cx - 10, y: cy + 4, anchor: "end" },
      above: { x: cx, y: cy - 10, anchor: "middle" },
      below: { x: cx, y: cy + 19, anchor: "middle" },
    } as const
  )[payload.side];
  return (
    <g>
      {(!payload.chameleon || payload.mixed) && <circle cx={cx} cy={cy} r={6} fill="var(--utility)" stroke="var(--surface)" />}
      {payload.chameleon && <path d={`M${cx},${cy - 7} L${cx + 7},${cy + 5} L${cx - 7},${cy + 5} Z`} fill={payload.mixed ? "none" : "var(--leakage)"} stroke={payload.mixed ? "var(--leakage)" : "var(--surface)"} strokeWidth={payload.mixed ? 2 : 1} />}
      <text className="tradeoff-mark-label" x={at.x} y={at.y} textAnchor={at.anchor} fontSize={12} fontWeight={700} fill="var(--text)" stroke="var(--surface-2)" strokeWidth={3} paintOrder="stroke">
        {payload.label}
      </text>
    </g>
  );
}

function MarkTooltip({ active, payload }: { active?: boolean; payload?: { payload?: TradeoffMark }[] }) {
  const mark = payload?.[0]?.payload;
  if (!active || !mark) return null;
  return (
    <div className="chart-tooltip">
      {mark.clues.map((c) => (
        <div key={c.number}>
          {c.number}. “{c.clue}” ({c.who})
        </div>
      ))}
      <div className="muted">
        spotted {mark.x.toFixed(0)} · gave away {mark.y.toFixed(0)}
      </div>
    </div>
  );
}

/**
 * Each clue as a numbered mark: spotted by a teammate (utility) across, gave the word away (leakage) up. The
 * best clues sit bottom right. Clues that would overlap share one mark with all their numbers; hover or tap
 * a mark for its clues.
 */
export function TradeoffScatter({ rows, nameOf }: { rows: ClueScoreRow[]; nameOf(id: string): string }) {
  const marks = tradeoffMarks(rows, nameOf);
  const informed = marks.filter((m) => !m.chameleon);
  const chameleon = marks.filter((m) => m.chameleon);
  const count = marks.reduce((n, m) => n + m.clues.length, 0);
  const described = marks.flatMap((m) => m.clues.map((c) => `clue ${c.number} “${c.clue}”: spotted ${m.x.toFixed(0)}, gave away ${m.y.toFixed(0)}`)).join("; ");
  return (
    <figure className="chart-box" style={{ margin: 0 }} aria-label={`Each clue: spotted by a teammate against gave the word away, ${count} clues. ${described}`} data-testid="tradeoff-scatter">
      <h3>Spotted by teammates vs. gave the word away</h3>
      {marks.length === 0 ? (
        <p className="chart-note">No clue has both figures (a custom card has nothing to compare a clue with).</p>
      ) : (
        <div style={{ width: "100%", height: 240 }} aria-hidden="true">
          <ResponsiveContainer>
            <ScatterChart margin={{ top: 10, right: 14, bottom: 14, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis type="number" dataKey="x" name="Spotted" domain={[0, 100]} stroke="var(--muted)" tick={{ fontSize: 12 }} label={{ value: "spotted by a teammate →", position: "insideBottom", offset: -8, fontSize: 11, fill: "var(--muted)" }} />
              <YAxis type="number" dataKey="y" name="Gave away" domain={[0, 100]} stroke="var(--muted)" tick={{ fontSize: 12 }} />
              <ZAxis range={[90, 90]} />
              <Tooltip content={<MarkTooltip />} cursor={false} />
              <Scatter name="Players who knew the word" data={informed} shape={Mark} isAnimationActive={false} />
              <Scatter name="Chameleon" data={chameleon} shape={Mark} isAnimationActive={false} />
            </ScatterChart>
          </ResponsiveContainer>
        </div>
      )}
      <figcaption className="chart-note">
        Numbers are the clues' numbers above; ● players who knew the word · ▲ the Chameleon; up is "gave the word away". Bottom right is best: teammates spot it, the Chameleon learns nothing. Hover or tap a mark for its clues.
      </figcaption>
    </figure>
  );
}
