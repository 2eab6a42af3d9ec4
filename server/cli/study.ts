import { Command, InvalidArgumentError } from "commander";
import { readFileSync, writeFileSync } from "node:fs";
import { EVALUATOR_SPEC } from "../config";
import { loadDataset } from "../dataset/load-dataset";
import { evaluatorsFor } from "../server-deps";
import { storeConfigFromEnv } from "../store/store-config";
import { STUDY_ID, STUDY_TASKS } from "../../shared/studies/protocol";
import { StudySpecSchema, firstSpecIssue, type StudySpecInput } from "../../shared/studies/spec";
import { baseName, buildStudy } from "../studies/build-study";
import { isOffensiveMessage } from "../studies/clue-screen";
import { exportCsv, exportJsonl, exportRows, participantCsv, participantRows } from "../studies/export";
import { reviewEntries } from "../studies/review-router";
import { parseJsonLines } from "../studies/message-lines";
import { studyResults } from "../studies/results";
import { resultsMarkdown } from "../studies/results-table";
import { openStudyDb } from "../studies/study-db";
import { studyStatus } from "../studies/study-status";
import { StudyStore } from "../studies/study-store";

/**
 * `npm run study -- …`: the paper's human studies (Appendix B) on the game server's log (docs/STUDIES.md).
 * create, list, status, open/close, results (Tables 5–7 beside the paper's figures) and export, straight on
 * the database (a SQLite file, also while the server runs, or the cluster's Postgres).
 */

const program = new Command("study").description("Human studies run from a link: create them, follow them, read their results").configureOutput({ outputError: (text, write) => write(text.split("\n")[0] + "\n") });
const dbOption = "--db <path|url>";
const dbHelp = "the game log: a SQLite file or a postgres:// URL (default: $SNEAK_DATABASE_URL, else $SNEAK_DB or .data/sneak.db)";

const int = (name: string, min = 0) => (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < min) throw new InvalidArgumentError(`${name} must be an integer of at least ${min}`);
  return Number(value);
};

async function openStore(db?: string): Promise<StudyStore> {
  const config = storeConfigFromEnv();
  const location = db ?? config.databaseUrl ?? config.path;
  if (!location) throw new Error("SNEAK_DB=off: give --db PATH or --db postgres://…");
  return new StudyStore(await openStudyDb(location));
}

async function withStudy<T>(id: string, db: string | undefined, fn: (store: StudyStore, study: NonNullable<Awaited<ReturnType<StudyStore["study"]>>>) => Promise<T>): Promise<T> {
  if (!STUDY_ID.test(id)) throw new Error(`"${id}" is not a study id (10 lower-case letters and digits)`);
  const store = await openStore(db);
  try {
    const study = await store.study(id);
    if (!study) throw new Error(`no study ${id} in ${store.db.where}`);
    return await fn(store, study);
  } finally {
    await store.close();
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as { code?: string }).code ?? String(error)}`);
  }
}

program
  .command("create")
  .description("create a study and print its participant link and its key (shown once)")
  .requiredOption("--title <text>", "what participants see at the top")
  .option("--consent <file>", "a text file with the consent text (default: a short text that asks for no personal data)")
  .option("--tasks <list>", `comma-separated: ${STUDY_TASKS.join(", ")}`, "generation,ally,chameleon")
  .option("--messages <file|generation>", "messages for ally and chameleon: a benchmark run's results.jsonl, a game export (npm run export), or 'generation' (the study's own generation answers)")
  .option("--dataset <file>", "instances from another dataset file in the benchmark's format (default data/sneak-dataset.json)")
  .option("--seed <n>", "seed of the instances' draw and the option orders", int("--seed"), 0)
  .option("--categories <n>", "how many categories, one instance each (default: all)", int("--categories", 1))
  .option("--words <k>", "candidate words per instance (default: all)", int("--words", 2))
  .option("--decoys <d>", "decoy messages per ally item (default 5)", int("--decoys", 1))
  .option("--quota-generation <n>", "different people per generation item", int("--quota-generation", 1), 3)
  .option("--quota-ally <n>", "different people per ally item", int("--quota-ally", 1), 5)
  .option("--quota-chameleon <n>", "different people per chameleon item", int("--quota-chameleon", 1), 5)
  .option("--items <n>", "items per participant, attention checks aside", int("--items", 1), 10)
  .option("--attention-checks <n>", "attention checks per participant (evaluation tasks only)", int("--attention-checks"), 0)
  .option("--checks <file>", "the attention checks' messages: {category, secret, message} lines with a plain answer (default: common WordNet synonyms of secrets)")
  .option("--reservation-minutes <n>", "the longest an opened item stays reserved while its page is open", int("--reservation-minutes", 1), 30)
  .option("--hold-seconds <n>", "how long an opened item stays reserved once its page stops renewing it", int("--hold-seconds", 2), 120)
  .option("--min-seconds <n>", "seconds per item under which an answer is too fast; a participant whose median is under it is excluded (0: never)", int("--min-seconds"), 2)
  .option("--platform-id-params <list>", "query parameters of the link that carry a crowd platform's participant id", "PROLIFIC_PID,workerId")
  .option("--completion-code <code>", "the code shown at the end, to paste back into Prolific or MTurk")
  .option("--completion-url <url>", "where the end page sends participants (Prolific's completion link)")
  .option("--review <mode>", "the study's own messages (--messages generation): filter (the offensive-word filter) or manual (filter, then your approval: npm run study -- review)", "filter")
  .option("--url <origin>", "the public address participants open (default: $SNEAK_STUDY_URL, else $SNEAK_PUBLIC_URL, else http://127.0.0.1:3000)")
  .option(dbOption, dbHelp)
  .action(async (opts) => {
    const dataset = opts.dataset ? JSON.parse(readText(opts.dataset)) : undefined;
    const input: StudySpecInput = {
      title: opts.title,
      ...(opts.consent ? { consent: readText(opts.consent) } : {}),
      tasks: String(opts.tasks).split(",").map((t) => t.trim()).filter(Boolean) as StudySpecInput["tasks"],
      seed: opts.seed,
      categories: opts.categories,
      words: opts.words,
      decoys: opts.decoys,
      quotas: { generation: opts.quotaGeneration, ally: opts.quotaAlly, chameleon: opts.quotaChameleon },
      itemsPerParticipant: opts.items,
      attentionChecks: opts.attentionChecks,
      reservationMinutes: opts.reservationMinutes,
      holdSeconds: opts.holdSeconds,
      minSecondsPerItem: opts.minSeconds,
      platformIdParams: String(opts.platformIdParams).split(",").map((p) => p.trim()).filter(Boolean),
      ...(opts.completionCode ? { completionCode: opts.completionCode } : {}),
      ...(opts.completionUrl ? { completionUrl: opts.completionUrl } : {}),
      review: opts.review,
      ...(opts.checks ? { checks: { name: baseName(opts.checks), lines: parseJsonLines(readText(opts.checks), baseName(opts.checks)) } } : {}),
      // The file's base name only: the researcher's directories are nobody's business (the export's messageSource).
      messages: !opts.messages ? { kind: "none" } : opts.messages === "generation" ? { kind: "generation" } : { kind: "file", name: baseName(opts.messages), lines: parseJsonLines(readText(opts.messages), baseName(opts.messages)) },
      ...(dataset ? { dataset } : {}),
    };
    const spec = StudySpecSchema.safeParse(input);
    if (!spec.success) throw new Error(firstSpecIssue(spec.error));
    const built = buildStudy(spec.data, loadDataset(), "cli", Date.now(), isOffensiveMessage);
    const store = await openStore(opts.db);
    try {
      await store.create(built.study, built.items);
    } finally {
      await store.close();
    }
    const origin = String(opts.url ?? process.env.SNEAK_STUDY_URL ?? process.env.SNEAK_PUBLIC_URL ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
    for (const note of built.notes) console.error(`note: ${note}`);
    const checks = built.items.filter((i) => i.gold).length;
    console.log(`Study ${built.study.id}: ${built.study.config.instances} instances, ${built.items.length - checks} items (${built.study.config.tasks.join(", ")})${checks ? ` and ${checks} attention-check items` : ""}; ${built.study.config.perParticipant} items per participant.`);
    console.log(`Participants: ${origin}/s/${built.study.id}`);
    console.log(`Results:      ${origin}/studies/${built.study.id}#key=${built.key}`);
    console.log(`Study key:    ${built.key}`);
    console.log("Keep the key: it is shown only now, and it opens the study's results and export.");
  });

program
  .command("list")
  .description("the studies in the log")
  .option(dbOption, dbHelp)
  .action(async (opts) => {
    const store = await openStore(opts.db);
    try {
      for (const study of await store.studies()) {
        const status = studyStatus(await store.data(study));
        const tasks = status.tasks.map((t) => `${t.task} ${t.complete}/${t.items}`).join(", ");
        console.log(`${study.id}  ${study.open ? "open  " : "closed"}  ${new Date(study.createdAt).toISOString().slice(0, 10)}  ${status.participants.joined} participants  ${tasks}  ${study.config.title}`);
      }
    } finally {
      await store.close();
    }
  });

program
  .command("status <id>")
  .description("how far a study has got, as JSON")
  .option(dbOption, dbHelp)
  .action(async (id: string, opts) => {
    await withStudy(id, opts.db, async (store, study) => console.log(JSON.stringify(studyStatus(await store.data(study)), null, 2)));
  });

for (const [name, open] of [["open", true], ["close", false]] as const) {
  program
    .command(`${name} <id>`)
    .description(open ? "let participants join and take items again" : "stop giving items (answers already in are kept)")
    .option(dbOption, dbHelp)
    .action(async (id: string, opts) => {
      await withStudy(id, opts.db, async (store) => {
        await store.setOpen(id, open);
        console.log(`study ${id} is ${open ? "open" : "closed"}`);
      });
    });
}

program
  .command("results <id>")
  .description("Tables 5–7 beside the paper's figures, with 95% bootstrap intervals")
  .option("--evaluator <spec>", "a judge for Table 5 and Table 7, repeatable: lexical or llm:MODEL[@URL] (default lexical)", (v: string, list: string[] = []) => {
    if (!EVALUATOR_SPEC.test(v)) throw new InvalidArgumentError(`"${v}" is neither lexical (or lexical:wordnet, lexical:vectors) nor llm:MODEL[@URL]`);
    return [...list, v];
  })
  .option("--keep-excluded", "keep the answers of excluded participants (a failed attention check, too fast)")
  .option("--json", "print JSON instead of Markdown")
  .option(dbOption, dbHelp)
  .action(async (id: string, opts) => {
    await withStudy(id, opts.db, async (store, study) => {
      const evaluators = await evaluatorsFor(opts.evaluator ?? ["lexical"], (line) => console.error(line));
      const results = await studyResults(await store.data(study), { evaluators, keepExcluded: Boolean(opts.keepExcluded) });
      process.stdout.write(opts.json ? JSON.stringify(results, null, 2) + "\n" : resultsMarkdown(results));
    });
  });

program
  .command("export <id>")
  .description("every answer, one row each, as JSONL or CSV (docs/schema/sneak-study-export.schema.json)")
  .requiredOption("--out <file>", "where to write (- for stdout)")
  .option("--format <format>", "jsonl or csv (default: from --out's extension, else jsonl)", (v: string) => {
    if (v !== "jsonl" && v !== "csv") throw new InvalidArgumentError("must be jsonl or csv");
    return v;
  })
  .option("--table <table>", "answers (one row per answer) or participants (one row per participant)", (v: string) => {
    if (v !== "answers" && v !== "participants") throw new InvalidArgumentError("must be answers or participants");
    return v;
  }, "answers")
  .option(dbOption, dbHelp)
  .action(async (id: string, opts) => {
    await withStudy(id, opts.db, async (store, study) => {
      const data = await store.data(study);
      const format = opts.format ?? (String(opts.out).toLowerCase().endsWith(".csv") ? "csv" : "jsonl");
      const participants = opts.table === "participants";
      const rows = participants ? participantRows(data) : exportRows(data);
      const text = format === "jsonl" ? exportJsonl(rows) : participants ? participantCsv(rows) : exportCsv(exportRows(data));
      if (opts.out === "-") process.stdout.write(text);
      else {
        writeFileSync(opts.out, text);
        console.error(`wrote ${rows.length} ${opts.table === "participants" ? "participants" : "answers"} to ${opts.out}`);
      }
    });
  });

program
  .command("review <id>")
  .description("the study's own messages awaiting your decision before others judge them (--review manual); approve or reject them by number")
  .option("--approve <numbers>", "answer numbers to approve, comma-separated, or all")
  .option("--reject <numbers>", "answer numbers to reject, comma-separated")
  .option(dbOption, dbHelp)
  .action(async (id: string, opts) => {
    await withStudy(id, opts.db, async (store, study) => {
      const entries = reviewEntries(await store.data(study));
      const pending = entries.filter((e) => e.decision === null);
      const numbers = (list: string | undefined) => (list === "all" ? pending.map((e) => e.answerId) : (list ?? "").split(",").filter(Boolean).map(Number));
      for (const [decision, list] of [["approved", numbers(opts.approve)], ["rejected", numbers(opts.reject)]] as const) {
        for (const n of list) {
          await store.review(study, n, decision, Date.now());
          console.log(`answer ${n}: ${decision}`);
        }
      }
      if (opts.approve || opts.reject) return;
      for (const e of entries) console.log(`${String(e.answerId).padStart(6)}  ${(e.decision ?? "pending").padEnd(8)}  ${e.category} / ${e.secret}: ${JSON.stringify(e.message)}${e.reason ? `  (${e.reason})` : ""}`);
      console.log(`${pending.length} pending of ${entries.length}`);
    });
  });

program.parseAsync().catch((error: unknown) => {
  console.error(`study: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  if (process.env.SNEAK_DEBUG) console.error(error);
  process.exit(1);
});
