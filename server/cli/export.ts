import { Command, InvalidArgumentError } from "commander";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { exportChunks } from "../export/export-writer";
import { EXPORT_FORMATS, GAME_SELECTOR, SinceSchema, firstIssue, type ExportFormat } from "../export/export-query";
import { selectedLogs } from "../export/export-lines";
import { openLogForReading } from "../export/open-log";

/**
 * `npm run export -- --out FILE [--game ID] [--since DATE] [--format jsonl|csv] [--db PATH]`: the game log
 * as SNEAK JSONL (or CSV). Only revealed rounds are written. The JSONL feeds
 * `npm run bench -- --generator file:FILE` directly.
 */

const program = new Command("export")
  .description("Export logged games as SNEAK JSONL (one line per clue, one per round outcome) or CSV")
  .requiredOption("--out <file>", "where to write (use - for stdout)")
  .option("--game <id>", "one room log (its id, or a room code for its latest log); LOG/N for one game of it", (v) =>
    check(v, GAME_SELECTOR.test(v), "must be a log id or room code, optionally /N (e.g. ABCD-lq3x9k2/1)"),
  )
  .option("--since <date>", "games started on or after this date (2026-01-31 or an ISO timestamp)", (v) => {
    const parsed = SinceSchema.safeParse(v);
    if (!parsed.success) throw new InvalidArgumentError(firstIssue(parsed.error).replace(/^input: /, ""));
    return parsed.data;
  })
  .option("--format <format>", "jsonl or csv (default: from --out's extension, else jsonl)", (v) => check(v, (EXPORT_FORMATS as readonly string[]).includes(v), "must be jsonl or csv"))
  .option("--db <path|url>", "the game log: a SQLite file or a postgres:// URL (default: $SNEAK_DATABASE_URL, else $SNEAK_DB or .data/sneak.db)")
  .showHelpAfterError(false)
  .configureOutput({ outputError: (text, write) => write(text.split("\n")[0] + "\n") });

function check(value: string, ok: boolean, message: string): string {
  if (!ok) throw new InvalidArgumentError(message);
  return value;
}

async function main(): Promise<void> {
  program.parse();
  const opts = program.opts<{ out: string; game?: string; since?: number; format?: ExportFormat; db?: string }>();
  const format: ExportFormat = opts.format ?? (opts.out.toLowerCase().endsWith(".csv") ? "csv" : "jsonl");
  const store = await openLogForReading(opts.db);
  try {
    const [, selector, number] = opts.game ? GAME_SELECTOR.exec(opts.game)! : [];
    const logId = selector === undefined ? undefined : (await selectedLogs(store, { logId: selector }))[0];
    if (selector !== undefined && logId === undefined) throw new Error(`no game log for ${selector} in ${store.where}`);
    const filter = { logId, gameNumber: number === undefined ? undefined : Number(number), since: opts.since };
    const out = opts.out === "-" ? process.stdout : createWriteStream(opts.out);
    let count = 0;
    for await (const chunk of exportChunks(store, filter, format)) {
      count++;
      if (!out.write(chunk)) await once(out, "drain");
    }
    if (out !== process.stdout) {
      out.end();
      await once(out, "finish");
      const what = format === "csv" ? `${Math.max(0, count - 1)} clue rows` : `${count} lines`;
      console.error(`wrote ${what} to ${opts.out}`);
    }
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(`export: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  process.exit(1);
});
