/**
 * `npm run dataset [-- --csv PATH] [--out PATH] [--check] [--report]`: derives
 * data/sneak-dataset.json from the category production norms CSV.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { Command } from "commander";
import { getWordNet } from "../lexicon/wordnet";
import { MIN_DECOYS } from "./decoys";
import { datasetJson, deriveDataset, type Derivation } from "./derive-dataset";
import { overlapReport, paperOverlap } from "./paper-lists";
import { DEFAULT_CSV_PATH, DEFAULT_DATASET_PATH, IN_CLONE_CSV_PATH, REPO_ROOT } from "./paths";

interface Options {
  csv: string;
  out: string;
  check: boolean;
  report: boolean;
}

function histogram(derivation: Derivation): string {
  const counts = new Map<number, number>();
  for (const c of derivation.dataset.categories) counts.set(c.words.length, (counts.get(c.words.length) ?? 0) + 1);
  return [...counts].sort((a, b) => b[0] - a[0]).map(([words, n]) => `${words} words: ${n}`).join(", ");
}

function printReport(derivation: Derivation): void {
  for (const c of derivation.categories) {
    const merges = c.ranked.filter((m) => m.variants.length > 1).map((m) => `${m.variants.join(" + ")} (${m.frequency})`);
    console.log(`\n${c.category}`);
    console.log(`  words:  ${c.ranked.slice(0, 12).map((m) => `${m.word} ${m.frequency}`).join(", ")}`);
    if (merges.length > 0) console.log(`  merged: ${merges.join("; ")}`);
    const notes = [c.decoys.relaxed ? `${c.decoys.relaxed} less common` : "", c.decoys.categoryLevel ? `${c.decoys.categoryLevel} category-level` : ""].filter(Boolean);
    console.log(`  decoys: ${c.decoys.decoys.join(", ")}${notes.length ? `  [${notes.join(", ")}]` : ""}`);
  }
  const variantsOf = (category: string, word: string) =>
    derivation.categories.find((c) => c.category === category)?.ranked.find((m) => m.word === word)?.variants ?? [word];
  console.log(`\nwords per category: ${histogram(derivation)}`);
  console.log(overlapReport(paperOverlap(derivation.dataset, variantsOf)));
}

function main(argv: string[]): void {
  const program = new Command()
    .name("npm run dataset --")
    .description("Derive data/sneak-dataset.json from the category production norms (see data/README.md).")
    .option("--csv <path>", "the norms CSV", DEFAULT_CSV_PATH)
    .option("--out <path>", "where to write the dataset", DEFAULT_DATASET_PATH)
    .option("--check", "write nothing; exit 1 if --out differs from a fresh derivation", false)
    .option("--report", "print every category's words, merges and decoys, and the overlap with the paper's printed lists", false)
    .showHelpAfterError(false)
    .exitOverride((error) => process.exit(error.exitCode));
  program.parse(argv);
  const options = program.opts<Options>();

  if (!existsSync(options.csv)) {
    throw new Error(`norms CSV not found at ${options.csv}: it is not shipped with the project; pass --csv PATH or put it at ${relative(REPO_ROOT, IN_CLONE_CSV_PATH)} (see data/README.md)`);
  }
  const started = performance.now();
  const derivation = deriveDataset(readFileSync(options.csv), getWordNet());
  const json = datasetJson(derivation.dataset);
  const { categories } = derivation.dataset;
  const instances = categories.reduce((n, c) => n + c.words.length, 0);
  const weak = categories.filter((c) => c.decoys.length < MIN_DECOYS).map((c) => c.category);
  if (weak.length > 0) throw new Error(`fewer than ${MIN_DECOYS} decoys for: ${weak.join(", ")}`);

  if (options.report) printReport(derivation);
  const target = relative(REPO_ROOT, options.out) || options.out;
  if (options.check) {
    const current = existsSync(options.out) ? readFileSync(options.out, "utf8") : undefined;
    if (current !== json) {
      console.error(`${target} is out of date: run npm run dataset`);
      process.exit(1);
    }
    console.log(`${target} matches a fresh derivation`);
    return;
  }
  writeFileSync(options.out, json);
  console.log(
    `wrote ${target}: ${categories.length} categories, ${instances} instances (${histogram(derivation)}); ` +
      `CSV sha256 ${derivation.csvSha256}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

try {
  main(process.argv);
} catch (error) {
  console.error(`dataset: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
