import { Command } from "commander";
import { readFileSync } from "node:fs";
import { exportLinesOf } from "../export/export-lines";
import type { ExportLine } from "../export/export-types";
import { leaderboardFrom } from "../export/leaderboard";
import { leaderboardMarkdown } from "../export/leaderboard-table";
import { openLogForReading } from "../export/open-log";

/**
 * `npm run leaderboard [-- --db PATH | --in EXPORT.jsonl] [--json]`: humans versus models from the game log
 * (or from an export file), as the paper's Tables 5–7.
 */

const program = new Command("leaderboard")
  .description("Humans versus models: per-generator SNEAK scores and human–evaluator agreement (Tables 5–7)")
  .option("--db <path|url>", "the game log: a SQLite file or a postgres:// URL (default: $SNEAK_DATABASE_URL, else $SNEAK_DB or .data/sneak.db)")
  .option("--in <file>", "read an export (JSONL) instead of the game log")
  .option("--json", "print JSON instead of Markdown tables")
  .configureOutput({ outputError: (text, write) => write(text.split("\n")[0] + "\n") });

function linesOfFile(path: string): ExportLine[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as { code?: string }).code ?? String(error)}`);
  }
  return text
    .split("\n")
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line !== "")
    .map(([line, n]) => {
      try {
        return JSON.parse(line) as ExportLine;
      } catch {
        throw new Error(`${path}:${n}: malformed JSON`);
      }
    });
}

async function main(): Promise<void> {
  program.parse();
  const opts = program.opts<{ db?: string; in?: string; json?: boolean }>();
  let lines: ExportLine[];
  if (opts.in) lines = linesOfFile(opts.in);
  else {
    const store = await openLogForReading(opts.db);
    try {
      lines = await exportLinesOf(store);
    } finally {
      await store.close();
    }
  }
  const board = leaderboardFrom(lines);
  process.stdout.write(opts.json ? JSON.stringify(board, null, 2) + "\n" : leaderboardMarkdown(board));
}

main().catch((error: unknown) => {
  console.error(`leaderboard: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  process.exit(1);
});
