import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildReport } from "./report";
import type { RunSummaryFile } from "./run-outputs";
import { UserError, messageOf } from "./user-error";

/**
 * `npm run bench:table -- DIR…`: one report with a row per run folder (the paper's Table 2 and
 * Table 10 over several generators), built from each folder's summary.json.
 */
function summaryIn(dir: string): RunSummaryFile {
  let text: string;
  try {
    text = readFileSync(join(dir, "summary.json"), "utf8");
  } catch {
    throw new UserError(`${dir} holds no summary.json (is it a run folder of npm run bench?)`);
  }
  try {
    return JSON.parse(text) as RunSummaryFile;
  } catch {
    throw new UserError(`${join(dir, "summary.json")} is not valid JSON`);
  }
}

function main(dirs: string[]): void {
  if (dirs.length === 0 || dirs.includes("--help") || dirs.includes("-h")) {
    process.stdout.write("usage: npm run bench:table -- DIR [DIR…]   (run folders written by npm run bench)\n");
    if (dirs.length === 0) process.exitCode = 2;
    return;
  }
  const summaries = dirs.map(summaryIn);
  const incomplete = summaries.flatMap((s, i) => (s.complete ? [] : [dirs[i]]));
  const description = [
    `Runs: ${dirs.map((d) => `\`${d}\``).join(", ")}.`,
    ...summaries.map((s) => `- \`${s.generator}\`: ${s.n} instances, seed ${String(s.config.seed)}, evaluators ${(s.config.evaluatorIds as string[] | undefined)?.join(", ") ?? ""}`),
    ...(incomplete.length ? [`- Incomplete runs (resume them first): ${incomplete.join(", ")}`] : []),
  ];
  process.stdout.write(buildReport(summaries.map((s) => ({ method: s.generator, summary: s })), { description }));
}

try {
  main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`sneak bench:table: ${messageOf(error)}\n`);
  process.exitCode = error instanceof UserError ? 2 : 1;
}
