/**
 * `npm run bench:evaluator`: how well the lexical judge reads hand-written clues
 * (test/fixtures/clues/): the chameleon's top-1 accuracy at naming the secret among the category's
 * words, and the ally's at picking the clue among the category's decoys, per clue set and split.
 * `--evaluator lexical:wordnet|lexical:vectors` measures one signal alone; `--clues FILE…` measures it on
 * other clue files in the same JSONL format instead (split optional). `--tune` refits the WordNet
 * relatedness knobs on the tuning split (prints them; the defaults live in
 * server/lexicon/relatedness-params.ts); the judge's own weights are fitted by `npm run bench:paper -- --fit`.
 */
import { Command, Option } from "commander";
import { basename, extname } from "node:path";
import { CLUE_SETS, readClueFile, readClueFixtures, SPLITS, tuningFixtures, type ClueFixture } from "../evaluators/lexical/clue-fixtures";
import { fixtureOutcomes, matchedToDataset, summarize, unknownFixtures, type AccuracySummary } from "../evaluators/lexical/fixture-accuracy";
import { createLexicalEvaluatorForSpec } from "../evaluators/lexical/index";
import { coordinateSearch } from "../evaluators/lexical/tuning";
import { loadDataset } from "../dataset/load-dataset";
import { getWordNet } from "../lexicon/wordnet";
import { getRelatedness } from "../lexicon/relatedness";
import type { Dataset } from "../../shared/sneak/types";
import { exitOnCommandError } from "./user-error";

interface Flags {
  evaluator: string;
  dataset?: string;
  seed: string;
  json?: boolean;
  tune?: boolean;
  passes: string;
  clues?: string[];
}

/** A share as a percentage; "—" when the rows had nothing to measure (an ally without decoys). */
const pct = (x: number) => (Number.isNaN(x) ? "    —" : (100 * x).toFixed(1).padStart(5));

/** The repository's clue sets, or the files given with --clues (each named by its file name). */
function clueSets(files: readonly string[] | undefined, dataset: Dataset): { set: string; fixtures: ClueFixture[] }[] {
  if (!files || files.length === 0) return CLUE_SETS.map((set) => ({ set, fixtures: readClueFixtures(set) }));
  return files.map((file) => ({ set: basename(file, extname(file)), fixtures: matchedToDataset(readClueFile(file), dataset) }));
}

async function report(dataset: Dataset, spec: string, seed: number, json: boolean, files: readonly string[] | undefined): Promise<void> {
  const evaluator = createLexicalEvaluatorForSpec(spec);
  const started = performance.now();
  const rows: ({ set: string; split: string } & AccuracySummary)[] = [];
  for (const { set, fixtures } of clueSets(files, dataset)) {
    const unknown = unknownFixtures(fixtures, dataset);
    for (const u of unknown) console.error(`warning: ${set}: skipped "${u.fixture.clue}": ${u.reason}`);
    const outcomes = await fixtureOutcomes(evaluator, fixtures, dataset, { seed });
    for (const split of [...SPLITS, "all"] as const) {
      const subset = split === "all" ? outcomes : outcomes.filter((o) => o.fixture.split === split);
      if (subset.length > 0) rows.push({ set, split, ...summarize(subset) });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (json) {
    console.log(JSON.stringify({ evaluator: evaluator.id, weights: evaluator.weights, seed, rows, seconds }, null, 2));
    return;
  }
  const w = evaluator.weights;
  console.log(`Judge ${evaluator.id} on hand-written clues (${w.wordNet}·WordNet + ${w.vectors}·vectors + ${w.senseVectors}·sense vectors + ${w.associations}·associations; chameleon floor ${w.chameleonFloor}, β ${w.chameleonBeta}; ally spread floor ${w.spreadFloor}, category ${w.category}, β ${w.allyBeta}; seed ${seed})`);
  console.log("set          split      n  cham top-1  chance  p(secret)  ally top-1  chance  p(clue)");
  for (const r of rows) {
    console.log(
      `${r.set.padEnd(12)} ${r.split.padEnd(8)} ${String(r.n).padStart(4)}  ${pct(r.chameleonTop1)}%     ${pct(r.chameleonChance)}%   ${pct(r.chameleonP)}%     ${pct(r.allyTop1)}%    ${pct(r.allyChance)}%  ${pct(r.allyP)}%`,
    );
  }
  for (const r of rows.filter((row) => row.split === "all" && row.allyN < row.n)) console.log(`(${r.set}: the ally columns are over ${r.allyN} of ${r.n} rows; the others bring a grid but no decoys)`);
  console.log(`(${seconds.toFixed(1)} s; top-1 counts a tie of k options as 1/k; report the held-out rows, the tune rows were fitted)`);
}

async function tune(dataset: Dataset, passes: number): Promise<void> {
  const tuneRows = tuningFixtures();
  const { params, objective } = await coordinateSearch(getWordNet(), tuneRows, dataset, { passes, log: (line) => console.error(line) });
  console.log(`objective (tune split): ${objective.toFixed(4)}`);
  console.log(JSON.stringify(params, null, 2));
  console.log("(the judge's weights and temperatures: npm run bench:paper -- --fit)");
}

async function main(argv: string[]): Promise<void> {
  const program = new Command()
    .name("npm run bench:evaluator --")
    .description("Accuracy of the lexical judge on the hand-written clue sets (test/fixtures/clues/)")
    .option("--evaluator <spec>", "lexical, lexical:wordnet or lexical:vectors", "lexical")
    .option("--dataset <path>", "dataset file (default: data/sneak-dataset.json)")
    .option("--seed <n>", "seed of the option orders", "0")
    .option("--json", "print the figures as JSON")
    .option("--clues <files...>", "clue files to measure instead of test/fixtures/clues (JSONL: category, secret, clue; optional split, words, decoys)")
    .option("--tune", "refit the knobs on the tuning split and print them (slow: minutes)")
    .addOption(new Option("--passes <n>", "coordinate-search passes with --tune").default("1"))
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  program.parse(argv, { from: "user" });
  const flags = program.opts<Flags>();
  const seed = Number(flags.seed);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got "${flags.seed}"`);
  const passes = Number(flags.passes);
  if (!Number.isInteger(passes) || passes < 1) throw new Error(`--passes must be a positive integer, got "${flags.passes}"`);
  const dataset = loadDataset(flags.dataset);
  getRelatedness();
  if (flags.tune) await tune(dataset, passes);
  else await report(dataset, flags.evaluator, seed, Boolean(flags.json), flags.clues);
}

main(process.argv.slice(2)).catch(exitOnCommandError);
