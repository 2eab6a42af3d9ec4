import { METRIC_KEYS, type MetricKey } from "../../shared/sneak/metrics";
import type { ResultsSummary } from "./summary";
import { modelOf, selfEvaluationNote, selfEvaluatorsOf } from "./self-evaluation";

/**
 * report.md: the paper's Table 2 layout (Method | Util. | Leak. | S.S. | B.S., ×100), the Table 10
 * layout (each metric per evaluator, then their average), and what was not scored.
 */
export interface ReportRow {
  /** The generator id: the method's name in the tables. */
  method: string;
  summary: ResultsSummary;
}

export interface ReportContext {
  /** Lines describing the run (dataset, seed, sizes), shown under the title. */
  description: string[];
  /** Rows per author of a file: input's lines (its `generator` field: human, bot:…), when there are several. */
  bySource?: ReportRow[];
}

const SHORT: Record<MetricKey, string> = { utility: "Util.", leakage: "Leak.", softScore: "S.S.", binaryScore: "B.S." };
const LONG: Record<MetricKey, string> = { utility: "Utility", leakage: "Leakage", softScore: "SoftScore", binaryScore: "BinaryScore" };

export function formatPercent(value: number | undefined | null, digits: number): string {
  return value === undefined || value === null || Number.isNaN(value) ? "—" : value.toFixed(digits);
}

/** `llm:qwen@http://…` → `qwen` when that is unambiguous among the run's evaluators. */
export function evaluatorLabels(ids: readonly string[]): Map<string, string> {
  const short = ids.map((id) => (modelOf(id) ?? id).replace(/^llm:/, ""));
  return new Map(ids.map((id, i) => [id, short.filter((s) => s === short[i]).length === 1 ? short[i] : id]));
}

/** Table cells hold ids and failure texts: a "|" would split the cell and "<message>" would vanish as HTML. */
function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function mainTable(rows: readonly ReportRow[], notes: Map<string, string>): string[] {
  const lines = ["| Method | Util. | Leak. | S.S. | B.S. |", "|---|---:|---:|---:|---:|"];
  for (const row of rows) {
    const note = notes.get(row.method);
    const method = `${escapeCell(row.method)}${note ? ` ${note}` : ""}`;
    lines.push(`| ${method} | ${METRIC_KEYS.map((k) => formatPercent(row.summary.means?.[k], 2)).join(" | ")} |`);
  }
  return lines;
}

function perEvaluatorTable(rows: readonly ReportRow[]): string[] {
  const ids = [...new Set(rows.flatMap((r) => r.summary.perEvaluator.map((e) => e.evaluator)))];
  const labels = evaluatorLabels(ids);
  const header = ["Method", ...METRIC_KEYS.flatMap((k) => [...ids.map((id) => `${SHORT[k]} ${escapeCell(labels.get(id)!)}`), `${SHORT[k]} Avg`])];
  const lines = [`| ${header.join(" | ")} |`, `|---|${header.slice(1).map(() => "---:").join("|")}|`];
  for (const row of rows) {
    const cells = METRIC_KEYS.flatMap((k) => [
      ...ids.map((id) => formatPercent(row.summary.perEvaluator.find((e) => e.evaluator === id)?.means?.[k], 1)),
      formatPercent(row.summary.means?.[k], 1),
    ]);
    lines.push(`| ${escapeCell(row.method)} | ${cells.join(" | ")} |`);
  }
  return lines;
}

function countsOf(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  return entries.length ? ` (${entries.map(([k, n]) => `${escapeCell(k)}: ${n}`).join(", ")})` : "";
}

function countsTable(rows: readonly ReportRow[]): string[] {
  const lines = ["| Method | Instances | Scored | Invalid messages | Generation failures | Unscored (all judges failed) | Judge failures | Decoys replaced |", "|---|---:|---:|---|---|---:|---|---:|"];
  for (const { method, summary: s } of rows) {
    const judges = s.perEvaluator.map((e) => `${escapeCell(e.evaluator)}: ${Object.values(e.failures).reduce((a, b) => a + b, 0)}${countsOf(e.failures)}`).join("; ");
    lines.push(`| ${escapeCell(method)} | ${s.n} | ${s.scored} | ${s.invalid}${countsOf(s.failures.invalid)} | ${s.generationFailures}${countsOf(s.failures.generation)} | ${s.evaluationFailures} | ${judges || "—"} | ${s.decoysReplaced ?? 0} |`);
  }
  return lines;
}

function flagsLines(rows: readonly ReportRow[]): string[] {
  const lines: string[] = [];
  for (const row of rows)
    for (const e of row.summary.perEvaluator) {
      const flags = Object.entries(e.flags);
      if (flags.length) lines.push(`- ${escapeCell(row.method)} / ${escapeCell(e.evaluator)}: ${flags.map(([f, n]) => `${f} on ${n} evaluations`).join(", ")}`);
    }
  return lines;
}

export function buildReport(rows: readonly ReportRow[], context: ReportContext): string {
  const notes = new Map<string, string>();
  const footnotes: string[] = [];
  for (const row of rows) {
    const self = selfEvaluatorsOf(row.method, row.summary.perEvaluator.map((e) => e.evaluator));
    if (self.length === 0) continue;
    const mark = "†".repeat(footnotes.length + 1);
    notes.set(row.method, `${mark} (self-evaluation)`);
    footnotes.push(`${mark} ${row.method}: ${selfEvaluationNote(row.method, self)}`);
  }
  const flags = flagsLines(rows);
  return [
    "# SNEAK benchmark report",
    "",
    ...context.description,
    "",
    "All values are ×100 (the paper's scale): means over the scored instances of each instance's mean over evaluators. Higher utility and lower leakage are better; SoftScore (S.S.) = Utility × (1 − Leakage), BinaryScore (B.S.) counts messages the ally ranks first and the chameleon does not.",
    "",
    "## Results (layout of the paper's Table 2)",
    "",
    ...mainTable(rows, notes),
    ...(footnotes.length ? ["", ...footnotes] : []),
    ...(context.bySource?.length
      ? ["", "## By source (the `generator` field of the file's lines)", "", ...mainTable(context.bySource, new Map()), "", ...countsTable(context.bySource)]
      : []),
    "",
    "## Per evaluator (layout of the paper's Table 10)",
    "",
    ...perEvaluatorTable(rows),
    "",
    `Per-evaluator columns average over the instances that judge scored; "Avg" is the main table's value. ${METRIC_KEYS.map((k) => `${SHORT[k]} = ${LONG[k]}`).join(", ")}.`,
    "",
    "## What was not scored",
    "",
    "Invalid messages (over 5 words, or containing a grid word) and generation failures are recorded in results.jsonl and left out of the means, as are judges that failed on an instance. A message equal to one of its decoys is scored against the next stored decoy instead (counted below).",
    "",
    ...countsTable(rows),
    ...(flags.length ? ["", "Flags raised by the judges:", "", ...flags] : []),
    "",
  ].join("\n");
}
