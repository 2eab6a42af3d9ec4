import type { ClueScoreRow } from "../model/scores";

export type LabelSide = "right" | "left" | "above" | "below";

/** One mark of the clue scatter: the clues that fall at (about) the same place, named by their numbers. */
export interface TradeoffMark {
  x: number;
  y: number;
  /** "1", or "2, 4" for clues that share the mark. */
  label: string;
  /** Where the label goes, so that it covers no other label or mark. */
  side: LabelSide;
  chameleon: boolean;
  /** The Chameleon's clue and another share the mark (drawn as both shapes): only when no label had room apart. */
  mixed?: boolean;
  /** For the tooltip: each clue's number, text and author. */
  clues: { number: number; clue: string; who: string }[];
}

/**
 * The label's size in chart units (both axes 0–100), for the smallest plot the reveal draws (a 360 px phone:
 * about 2.8 px a unit across and 1.9 up): 12 px bold digits, 10 px from the mark.
 */
const CHAR = 2.7;
const OFFSET = 3.8;
const HALF_HEIGHT = 3.6;
const MARK_X = 2.4;
const MARK_Y = 3.6;
/** Clues closer than this on both axes share a mark from the start. */
const SAME_PLACE = 2;

interface Box {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
export const markBox = (m: { x: number; y: number }): Box => ({ x1: m.x - MARK_X, x2: m.x + MARK_X, y1: m.y - MARK_Y, y2: m.y + MARK_Y });

export function labelBox(m: { x: number; y: number; label: string }, side: LabelSide): Box {
  const w = m.label.length * CHAR;
  switch (side) {
    case "right":
      return { x1: m.x + OFFSET, x2: m.x + OFFSET + w, y1: m.y - HALF_HEIGHT, y2: m.y + HALF_HEIGHT };
    case "left":
      return { x1: m.x - OFFSET - w, x2: m.x - OFFSET, y1: m.y - HALF_HEIGHT, y2: m.y + HALF_HEIGHT };
    case "above":
      return { x1: m.x - w / 2, x2: m.x + w / 2, y1: m.y + MARK_Y, y2: m.y + MARK_Y + 2 * HALF_HEIGHT };
    case "below":
      return { x1: m.x - w / 2, x2: m.x + w / 2, y1: m.y - MARK_Y - 2 * HALF_HEIGHT, y2: m.y - MARK_Y };
  }
}

const SIDES: LabelSide[] = ["right", "left", "above", "below"];
/** Within the plot and its margins (a label may sit just under the x axis's 0 or past 100). */
const inPlot = (b: Box) => b.x1 >= -3 && b.x2 <= 103 && b.y1 >= -5 && b.y2 <= 108;

/** Places every label on a free side; null when some mark has none (it must then share a neighbour's mark). */
function place(marks: TradeoffMark[]): number | null {
  const taken: Box[] = marks.map(markBox);
  for (const [i, m] of marks.entries()) {
    const side = SIDES.find((s) => {
      const box = labelBox(m, s);
      // Every other mark, and the labels placed so far (after the marks in `taken`).
      return inPlot(box) && !taken.some((t, j) => j !== i && overlaps(box, t));
    });
    if (!side) return i;
    m.side = side;
    taken.push(labelBox(m, side));
  }
  return null;
}

function merge(into: TradeoffMark, from: TradeoffMark): void {
  const n = into.clues.length + from.clues.length;
  if (into.chameleon !== from.chameleon) into.mixed = true;
  into.chameleon ||= from.chameleon;
  into.x = (into.x * into.clues.length + from.x * from.clues.length) / n;
  into.y = (into.y * into.clues.length + from.y * from.clues.length) / n;
  into.clues = [...into.clues, ...from.clues].sort((a, b) => a.number - b.number);
  into.label = into.clues.map((c) => c.number).join(", ");
}

/**
 * The clues with both figures as marks, each labelled with its clue number on a side where the label covers no
 * other label or mark. A clue whose label finds no free side shares its nearest neighbour's mark ("2, 4"), so no
 * two labels ever overprint: a mark of its own kind if there is one (the Chameleon's clues are triangles).
 */
export function tradeoffMarks(rows: readonly ClueScoreRow[], nameOf: (id: string) => string): TradeoffMark[] {
  let marks: TradeoffMark[] = [];
  for (const r of rows) {
    if (r.utility === null || r.leakage === null) continue;
    const mark: TradeoffMark = { x: r.utility, y: r.leakage, label: String(r.index + 1), side: "right", chameleon: r.byChameleon, clues: [{ number: r.index + 1, clue: r.clue, who: nameOf(r.playerId) }] };
    const same = marks.find((m) => m.chameleon === mark.chameleon && Math.abs(m.x - mark.x) < SAME_PLACE && Math.abs(m.y - mark.y) < SAME_PLACE);
    if (same) merge(same, mark);
    else marks.push(mark);
  }
  for (let guard = marks.length; guard > 0; guard--) {
    const stuck = place(marks);
    if (stuck === null) break;
    const m = marks[stuck];
    // The nearest mark of the same kind, else (as a last resort) of the other.
    const same = marks.filter((o, i) => i !== stuck && o.chameleon === m.chameleon);
    const others = same.length > 0 ? same : marks.filter((_, i) => i !== stuck);
    if (others.length === 0) break;
    const nearest = others.reduce((a, b) => (Math.hypot(a.x - m.x, a.y - m.y) <= Math.hypot(b.x - m.x, b.y - m.y) ? a : b));
    merge(nearest, m);
    marks = marks.filter((_, i) => i !== stuck);
  }
  return marks;
}
