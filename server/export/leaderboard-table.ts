import type { Estimate } from "./bootstrap";
import type { Leaderboard } from "./leaderboard";

/** The leaderboard as Markdown tables in the paper's layout (Tables 5–7); values ×100 like the paper. */
export function leaderboardMarkdown(board: Leaderboard): string {
  const out: string[] = [];
  out.push(`# Humans versus models (${board.games} game${board.games === 1 ? "" : "s"}, ${board.rounds} revealed round${board.rounds === 1 ? "" : "s"})`, "");
  out.push("## Clues (cf. the paper's Table 5)", "");
  out.push("| Generator | Clues | Utility | Leakage | SoftScore | BinaryScore | Bluff utility (as chameleon) | Fallbacks |");
  out.push("|---|---:|---|---|---|---|---|---:|");
  for (const row of board.generators) {
    out.push(`| ${row.generator} | ${row.clues} | ${pct(row.utility)} | ${pct(row.leakage)} | ${pct(row.softScore)} | ${pct(row.binaryScore)} | ${pct(row.bluffUtility)} (n=${row.bluffUtility.n}) | ${row.fallbacks} |`);
  }
  if (board.generators.length === 0) out.push("| (no scored clues yet) | 0 | – | – | – | – | – | 0 |");
  out.push("", "## Human judgments in play (cf. Table 6)", "");
  out.push("| Task | Worker acc. | Plurality acc. | Chance | Evaluators on the same items |");
  out.push("|---|---|---|---:|---|");
  for (const row of board.judgments) {
    out.push(`| ${label(row.task)} | ${pct(row.worker)} (n=${row.worker.n}) | ${pct(row.plurality)} (n=${row.plurality.n}) | ${row.chance === null ? "–" : (100 * row.chance).toFixed(1)} | ${pct(row.evaluators)} (n=${row.evaluators.n}) |`);
  }
  out.push("", "## Agreement between humans and evaluators (cf. Table 7)", "");
  out.push("| Task | Top-1 agreement | Strict-majority agreement | r (vote shares vs evaluator suspicion) |");
  out.push("|---|---|---|---|");
  for (const row of board.agreement) {
    const r = row.correlation.r === null ? "–" : `${row.correlation.r.toFixed(2)} (n=${row.correlation.n})`;
    out.push(`| ${label(row.task)} | ${pct(row.top1)} (n=${row.top1.n}) | ${pct(row.strictMajority)} (n=${row.strictMajority.n}) | ${r} |`);
  }
  out.push("", `Method: ${board.method}`, "");
  return out.join("\n");
}

function label(task: string): string {
  return task === "vote" ? "Vote (find the chameleon)" : "Chameleon's guess (find the secret)";
}

/** "61.2 [55.0, 67.1]"; "–" when there is no data. */
export function pct(e: Estimate): string {
  if (e.mean === null) return "–";
  const mean = (100 * e.mean).toFixed(1);
  return e.low === null || e.high === null ? mean : `${mean} [${(100 * e.low).toFixed(1)}, ${(100 * e.high).toFixed(1)}]`;
}
