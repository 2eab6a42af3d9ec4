import type { RevealedClueScores } from "../../shared/protocol";
import type { RoundView } from "../../shared/game/types";

/** One clue's scores as the reveal draws them, in percent (the paper reports ×100). */
export interface ClueScoreRow {
  index: number;
  playerId: string;
  clue: string;
  byChameleon: boolean;
  fallback: boolean;
  /** Null: not computed (custom card) or every evaluator failed. */
  utility: number | null;
  leakage: number | null;
  softScore: number | null;
  cumulativeLeakage: number | null;
  leakageMeaningless: boolean;
  utilityAvailable: boolean;
  /** Why a figure is missing, from the evaluators. */
  failures: string[];
  /** False until the server has finished scoring this clue (a later snapshot brings it). */
  scored: boolean;
  /** Each evaluator's own figures (percent), and what it weighed (null in records that predate it or when that judgement failed). */
  byEvaluator: {
    evaluator: string;
    utility: number | null;
    leakage: number | null;
    softScore: number | null;
    cumulativeLeakage: number | null;
    /** The messages the ally chose among, likeliest first, in percent; the clue is one of them. */
    allyOptions: { message: string; percent: number }[] | null;
    /** The chameleon's likeliest words from this clue alone, in percent, and where the secret ranked. */
    guesses: { top: { word: string; percent: number }[]; secretRank: number; wordCount: number } | null;
  }[];
}

const pct = (v: number | null | undefined): number | null => (typeof v === "number" && Number.isFinite(v) ? Math.round(v * 1000) / 10 : null);

/**
 * A score in [0, 1] as the screens print it, a whole number out of 100, rounded once from the tenth the bars
 * carry: the reveal and the leaderboard must print the same clue's score alike (0.045 is 5 on both, not 5 and 4).
 */
export function wholeOutOf100(v: number): string {
  return (pct(v) ?? 0).toFixed(0);
}

/** The server attaches `[RevealedClueScores]` to each clue of a revealed round; anything else means "not yet". */
export function revealedScoresOf(scores: unknown[] | undefined): RevealedClueScores | null {
  const first = scores?.[0];
  if (first && typeof first === "object" && "clueIndex" in first && "perEvaluator" in first) return first as RevealedClueScores;
  return null;
}

/** Rows for the reveal's table and charts, one per clue in the order given. */
export function clueScoreRows(round: RoundView): ClueScoreRow[] {
  return round.clues.map((clue, index) => {
    const s = revealedScoresOf(clue.scores);
    return {
      index,
      playerId: clue.playerId,
      clue: clue.text,
      byChameleon: s?.byChameleon ?? clue.playerId === round.chameleonId,
      fallback: clue.fallback,
      utility: pct(s?.mean?.utility),
      leakage: pct(s?.mean?.leakage),
      softScore: pct(s?.mean?.softScore),
      cumulativeLeakage: pct(s?.cumulativeLeakage),
      leakageMeaningless: s?.leakageMeaningless ?? false,
      utilityAvailable: s?.utilityAvailable ?? true,
      failures: s ? s.perEvaluator.flatMap((e) => (e.failure ? [`${e.evaluator}: ${e.failure}`] : [])) : [],
      scored: s !== null,
      byEvaluator: (s?.perEvaluator ?? []).map((e) => ({
        evaluator: e.evaluator,
        utility: pct(e.scores?.utility),
        leakage: pct(e.leakage),
        softScore: pct(e.scores?.softScore),
        cumulativeLeakage: pct(e.cumulativeLeakage),
        allyOptions: e.allyOptions ? [...e.allyOptions].sort((a, b) => b.probability - a.probability).map((o) => ({ message: o.message, percent: pct(o.probability) ?? 0 })) : null,
        guesses: e.chameleonGuesses
          ? { top: e.chameleonGuesses.top.map((g) => ({ word: g.word, percent: pct(g.probability) ?? 0 })), secretRank: e.chameleonGuesses.secretRank, wordCount: e.chameleonGuesses.wordCount }
          : null,
      })),
    };
  });
}

/** Mean of the informed players' SoftScores: how well the table hid the secret while proving they knew it. */
export function meanInformedSoftScore(rows: ClueScoreRow[]): number | null {
  const values = rows.filter((r) => !r.byChameleon && r.softScore !== null).map((r) => r.softScore as number);
  return values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
}
