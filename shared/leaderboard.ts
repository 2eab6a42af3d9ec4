/**
 * The leaderboard as GET /api/leaderboard sends it (docs/DATA.md): what the server computes
 * (server/export/leaderboard.ts, server/export/bootstrap.ts) and the browser shows (client/model/leaderboard.ts).
 */

/** A mean with its 95% percentile-bootstrap interval. */
export interface Estimate {
  n: number;
  /** null when n = 0: no data is never shown as 0. */
  mean: number | null;
  /** 95% interval; null when n < 2. */
  low: number | null;
  high: number | null;
}

export interface GeneratorRow {
  generator: string;
  /** Informed clues with scores (the denominator of the means). */
  clues: number;
  fallbacks: number;
  utility: Estimate;
  leakage: Estimate;
  softScore: Estimate;
  binaryScore: Estimate;
  /** The chameleon's clues: how well its bluff passed as informed. */
  bluffUtility: Estimate;
}

export interface JudgmentRow {
  task: "vote" | "chameleon-guess";
  /** Each human judgment on its own (the paper's worker accuracy). */
  worker: Estimate;
  /** One judgment per round: informed humans' plurality (votes), or the one guess (the chameleon). */
  plurality: Estimate;
  /** Chance level, averaged over the items. */
  chance: number | null;
  /** The evaluators' own accuracy on the same items. */
  evaluators: Estimate;
}

export interface AgreementRow {
  task: "vote" | "chameleon-guess";
  /** Human plurality choice equals the evaluators' top choice. */
  top1: Estimate;
  /** Same, on rounds where one choice had a strict majority of the human judgments. */
  strictMajority: Estimate;
  /** Pearson r between human vote shares and the evaluators' suspicion shares (votes only). */
  correlation: { r: number | null; n: number };
}

export interface Leaderboard {
  generators: GeneratorRow[];
  judgments: JudgmentRow[];
  agreement: AgreementRow[];
  games: number;
  rounds: number;
  method: string;
}
