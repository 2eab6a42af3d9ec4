import type { Estimate } from "../export/bootstrap";
import type { StudyResults } from "./results";

/** A study's results as Markdown, each table beside the paper's figures (`npm run study -- results`). */

const pct = (e: Estimate) => (e.mean === null ? "–" : `${(100 * e.mean).toFixed(1)}${e.low === null ? "" : ` [${(100 * e.low).toFixed(1)}, ${(100 * e.high!).toFixed(1)}]`}`);
const raw = (e: Estimate) => (e.mean === null ? "–" : `${e.mean.toFixed(2)}${e.low === null ? "" : ` [${e.low.toFixed(2)}, ${e.high!.toFixed(2)}]`}`);

export function resultsMarkdown(results: StudyResults): string {
  const out: string[] = [];
  const p = results.participants;
  out.push(`# Study ${results.study.id}: ${results.study.title}`, "");
  out.push(
    `${results.study.instances} instances; tasks: ${results.study.tasks.join(", ")}; ${p.joined} participants joined, ${p.answered} answered` +
      (p.withChecks > 0 ? `; attention checks: ${p.failedChecks} of ${p.withChecks} failed` : "") +
      `; too fast (median under ${p.minSecondsPerItem} s an item): ${p.tooFast}` +
      `; excluded from every table: ${p.excluded}` +
      `. Judges: ${results.evaluators.join(", ") || "none"}. Figures ×100 with 95% bootstrap intervals; κ and r as they are.`,
    "",
  );
  const g = results.generation;
  if (g) {
    const paper = results.paper.table5;
    out.push("## Table 5: people's messages scored by the judges", "");
    out.push(`${g.messages} messages on ${g.instances} instances (${g.unscored} unscored).`, "");
    out.push("| Source | Utility | Leakage | SoftScore | BinaryScore |", "|---|---|---|---|---|");
    out.push(`| Best of each instance's messages | ${pct(g.best.utility)} | ${pct(g.best.leakage)} | ${pct(g.best.softScore)} | ${pct(g.best.binaryScore)} |`);
    out.push(`| Mean of each instance's messages | ${pct(g.mean.utility)} | ${pct(g.mean.leakage)} | ${pct(g.mean.softScore)} | ${pct(g.mean.binaryScore)} |`);
    out.push(`| Paper, Table 5 (best of three, 3 LLM judges) | ${paper.utility} | ${paper.leakage} | ${paper.softScore} | ${paper.binaryScore} |`, "");
  }
  if (results.evaluation.length > 0) {
    out.push("## Table 6: people as ally and chameleon", "");
    out.push(
      "| Task | Items (complete) | Answers | Worker acc. | Plurality acc. | Chance | Free-marginal κ (Randolph) | Paper: worker / plurality / chance / κ | Pairwise agreement | Fleiss' κ (options by identity) |",
      "|---|---|---|---|---|---|---|---|---|---|",
    );
    for (const e of results.evaluation) {
      const paper = results.paper.table6[e.task];
      out.push(
        `| ${e.task} | ${e.items} (${e.complete}) | ${e.answers} | ${pct(e.workerAccuracy)} | ${pct(e.pluralityAccuracy)} | ${e.chance === null ? "–" : (100 * e.chance).toFixed(1)} | ${raw(e.freeKappa)} | ${paper.workerAccuracy} / ${paper.pluralityAccuracy} / ${paper.chance} / ${paper.kappa} | ${pct(e.observedAgreement)} | ${raw(e.fleissKappa)} |`,
      );
    }
    out.push(
      "",
      "Free-marginal κ = (P̄o − P̄e) / (1 − P̄e): P̄o the pairwise agreement above, P̄e the mean of 1/k with k the options each rater saw (docs/STUDIES.md).",
      "",
      "## Table 7: people and the judges",
      "",
    );
    out.push("| Task | Items judged | Top-1 agreement | Strict-majority agreement (items) | Pearson r | Paper: top-1 / strict majority / r |", "|---|---|---|---|---|---|");
    for (const e of results.evaluation) {
      const a = e.agreement;
      const paper = results.paper.table7[e.task];
      out.push(`| ${e.task} | ${a.items} | ${pct(a.top1)} | ${pct(a.strictMajority)} (${a.strictMajority.n}) | ${raw(a.r)} | ${paper.top1} / ${paper.strictMajority} / ${paper.r} |`);
    }
    out.push("");
  }
  return out.join("\n") + "\n";
}
