import type { ClueScoreRow } from "../model/scores";

/** One mark of the clue scatter: the clues that fall at (about) the same place, named by their numbers. */
export interface TradeoffMark {
  x: number;
  y: number;
  /** "1", or "2, 4" for clues that would sit on top of each other. */
  label: string;
  chameleon: boolean;
  /** For the tooltip: each clue's number, text and author. */
  clues: { number: number; clue: string; who: string }[];
}

/**
 * The clues with both figures as marks, the informed players' and the Chameleon's apart. Clues closer than
 * `near` points on both axes share one mark labelled with all their numbers, so no two labels overprint.
 */
export function tradeoffMarks(rows: readonly ClueScoreRow[], nameOf: (id: string) => string, near = 6): TradeoffMark[] {
  const marks: TradeoffMark[] = [];
  for (const r of rows) {
    if (r.utility === null || r.leakage === null) continue;
    const clue = { number: r.index + 1, clue: r.clue, who: nameOf(r.playerId) };
    const mark = marks.find((m) => m.chameleon === r.byChameleon && Math.abs(m.x - r.utility!) < near && Math.abs(m.y - r.leakage!) < near);
    if (mark) {
      mark.clues.push(clue);
      mark.x = (mark.x * (mark.clues.length - 1) + r.utility) / mark.clues.length;
      mark.y = (mark.y * (mark.clues.length - 1) + r.leakage) / mark.clues.length;
      mark.label = mark.clues.map((c) => c.number).join(", ");
    } else {
      marks.push({ x: r.utility, y: r.leakage, label: String(clue.number), chameleon: r.byChameleon, clues: [clue] });
    }
  }
  return marks;
}
