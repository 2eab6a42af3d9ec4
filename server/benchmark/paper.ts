/**
 * `npm run bench:paper`: our figures beside the paper's Table 2 (the three reference baselines on
 * the whole dataset, seed 0) and Table 9 (its six example messages, on our grids), with the gaps.
 *   --evaluator lexical|lexical:wordnet|lexical:vectors   which lexical judge (default lexical)
 *   --fit   refits the judge's weights on the tuning data (server/evaluators/lexical/fit-judge.ts)
 *           for all three judges and prints them for server/evaluators/lexical/signals.ts
 *   --json  the figures as JSON
 */
import { Command } from "commander";
import { loadDataset } from "../dataset/load-dataset";
import { createLexicalEvaluatorForSpec } from "../evaluators/lexical/index";
import { tuningFixtures } from "../evaluators/lexical/clue-fixtures";
import { baselineSignals, fitJudge, fixtureSignals } from "../evaluators/lexical/fit-judge";
import { FITTED_WEIGHTS, JUDGE_SIGNALS } from "../evaluators/lexical/signals";
import type { Dataset } from "../../shared/sneak/types";
import { BASELINES, PAPER_TABLE2, baselineFigures, table9Figures } from "./paper-figures";
import { exitOnCommandError } from "./user-error";

const f2 = (x: number) => x.toFixed(2).padStart(6);
const gap = (ours: number, paper: number) => `${ours - paper >= 0 ? "+" : "−"}${Math.abs(ours - paper).toFixed(2)}`.padStart(7);

async function report(dataset: Dataset, spec: string, json: boolean): Promise<void> {
  const evaluator = createLexicalEvaluatorForSpec(spec);
  const started = performance.now();
  const table2: Awaited<ReturnType<typeof baselineFigures>>[] = [];
  for (const baseline of BASELINES) table2.push(await baselineFigures(baseline, evaluator, dataset, 0));
  const table9 = await table9Figures(evaluator, dataset, 0);
  const seconds = (performance.now() - started) / 1000;
  const scored9 = table9.filter((e) => e.ours);
  const meanGap = (key: "utility" | "leakage") => scored9.reduce((s, e) => s + Math.abs(100 * e.ours![key] - e[key]), 0) / scored9.length;
  const softOrder = (b: (typeof BASELINES)[number]) => table2.find((t) => t.baseline === b)!.all.softScore;
  const orderHolds = softOrder("category-synonym") > softOrder("secret-synonym") && softOrder("secret-synonym") > softOrder("random");
  if (json) {
    console.log(JSON.stringify({ evaluator: evaluator.id, weights: evaluator.weights, table2, table9, meanGapTable9: { utility: meanGap("utility"), leakage: meanGap("leakage") }, softScoreOrderHolds: orderHolds, seconds }, null, 2));
    return;
  }
  const w = evaluator.weights;
  console.log(`Judge ${evaluator.id}: sim = ${w.wordNet}·WordNet + ${w.vectors}·vectors + ${w.senseVectors}·sense vectors + ${w.associations}·associations; chameleon floor ${w.chameleonFloor}, β ${w.chameleonBeta}; ally spread floor ${w.spreadFloor}, category ${w.category}, β ${w.allyBeta}`);
  console.log(`\nTable 2, reference baselines: whole dataset (${table2[0].n} instances), seed 0; paper: three LLM judges on its 1,394 instances`);
  console.log("method              Util.  paper    gap   Leak.  paper    gap   S.S.   paper   B.S.   paper | tune cats U / L | held-out cats U / L");
  for (const t of table2) {
    const p = PAPER_TABLE2[t.baseline];
    console.log(
      `${t.baseline.padEnd(17)} ${f2(t.all.utility)} ${f2(p.utility)} ${gap(t.all.utility, p.utility)} ${f2(t.all.leakage)} ${f2(p.leakage)} ${gap(t.all.leakage, p.leakage)} ${f2(t.all.softScore)} ${f2(p.softScore)} ${f2(t.all.binaryScore)} ${f2(p.binaryScore)} | ${f2(t.tune.utility)} / ${f2(t.tune.leakage)} | ${f2(t.heldout.utility)} / ${f2(t.heldout.leakage)}`,
    );
  }
  console.log(`SoftScore order category-synonym > secret-synonym > random: ${orderHolds ? "holds" : "does NOT hold"}`);
  console.log("\nTable 9, the paper's example messages on our grids (our words, our first five decoys), seed 0");
  console.log("category / secret            message     Util.  paper    gap   Leak.  paper    gap");
  for (const e of table9) {
    const head = `${`${e.category} / ${e.secret}`.padEnd(28)} ${e.message.padEnd(9)}`;
    if (!e.ours) console.log(`${head}  not scored: ${e.problem}`);
    else console.log(`${head} ${f2(100 * e.ours.utility)} ${f2(e.utility)} ${gap(100 * e.ours.utility, e.utility)} ${f2(100 * e.ours.leakage)} ${f2(e.leakage)} ${gap(100 * e.ours.leakage, e.leakage)}`);
  }
  console.log(`mean |gap| over ${scored9.length} examples: Utility ${meanGap("utility").toFixed(1)}, Leakage ${meanGap("leakage").toFixed(1)}`);
  console.log(`(${seconds.toFixed(1)} s)`);
}

async function fit(dataset: Dataset): Promise<void> {
  const tuneRows = tuningFixtures();
  const fixtures = fixtureSignals(tuneRows, dataset);
  const baselines = await baselineSignals(dataset);
  const lines: string[] = [];
  const differing: string[] = [];
  for (const signals of JUDGE_SIGNALS) {
    const w = fitJudge(signals, fixtures, baselines, (line) => console.error(line));
    lines.push(`  ${signals}: { wordNet: ${w.wordNet}, vectors: ${w.vectors}, senseVectors: ${w.senseVectors}, associations: ${w.associations}, spreadFloor: ${w.spreadFloor}, category: ${w.category}, chameleonFloor: ${w.chameleonFloor}, chameleonBeta: ${w.chameleonBeta}, allyBeta: ${w.allyBeta} },`);
    if (JSON.stringify(w) !== JSON.stringify(FITTED_WEIGHTS[signals])) differing.push(signals);
  }
  console.log(`FITTED_WEIGHTS (server/evaluators/lexical/signals.ts), from ${fixtures.length} tuning fixtures and ${baselines.random.length} instances of the tuning categories:`);
  console.log(lines.join("\n"));
  if (differing.length === 0) console.log("signals.ts holds exactly these weights.");
  else {
    console.log(`signals.ts differs for ${differing.join(", ")}: copy the lines above into it.`);
    process.exitCode = 1;
  }
}

async function main(argv: string[]): Promise<void> {
  const program = new Command()
    .name("npm run bench:paper --")
    .description("Our figures beside the paper's Table 2 baselines and Table 9 examples, with the gaps")
    .option("--evaluator <spec>", "lexical, lexical:wordnet or lexical:vectors", "lexical")
    .option("--dataset <path>", "dataset file (default: data/sneak-dataset.json)")
    .option("--fit", "refit the judges' weights on the tuning data and print them")
    .option("--json", "print the figures as JSON")
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  program.parse(argv, { from: "user" });
  const flags = program.opts<{ evaluator: string; dataset?: string; fit?: boolean; json?: boolean }>();
  const dataset = loadDataset(flags.dataset);
  if (flags.fit) await fit(dataset);
  else await report(dataset, flags.evaluator, Boolean(flags.json));
}

main(process.argv.slice(2)).catch(exitOnCommandError);
