import { Stryker } from "@stryker-mutator/core";
import type { PartialStrykerOptions } from "@stryker-mutator/api/core";

/**
 * `npm run bench:mutation -- [module …]`: mutation testing (StrykerJS) of the modules whose rules protect
 * players and researchers, each against only the example-based test files that cover it, so that a score says
 * what those tests notice (docs/TESTING.md). The model-based rules test (rules-model.test.ts) is left out: a
 * few seconds per mutant, times hundreds of mutants, is more than a two-core machine can give it.
 * Incremental: results are kept in .cache/mutation/ (gitignored), and a rerun tests again only the mutants
 * whose code or covering tests changed. Not part of `npm test`.
 */

interface Target {
  file: string;
  tests: string[];
}

const RULES_TESTS = [
  "test/unit/rules-round.test.ts",
  "test/unit/rules-table.test.ts",
  "test/unit/rules-authority.test.ts",
  "test/unit/rules-refusals.test.ts",
  "test/unit/rules-view.test.ts",
  "test/unit/rules-view-fields.test.ts",
  "test/unit/rules-view-json.test.ts",
  "test/unit/rules-names.test.ts",
];

export const TARGETS: Record<string, Target> = {
  rules: { file: "shared/game/rules.ts", tests: RULES_TESTS },
  table: { file: "shared/game/table.ts", tests: RULES_TESTS },
  view: { file: "shared/game/view.ts", tests: ["test/unit/rules-view.test.ts", "test/unit/rules-view-fields.test.ts", "test/unit/rules-view-json.test.ts"] },
  "clue-validation": { file: "shared/game/clue-validation.ts", tests: ["test/unit/rules-clue-validation.test.ts", "test/unit/rules-round.test.ts"] },
  metrics: { file: "shared/sneak/metrics.ts", tests: ["test/unit/metrics.test.ts"] },
  statistics: { file: "server/studies/statistics.ts", tests: ["test/unit/study-statistics.test.ts"] },
};

function options(name: string, target: Target, concurrency: number): PartialStrykerOptions {
  const out = `.cache/mutation/${name}`;
  return {
    testRunner: "vitest",
    plugins: ["@stryker-mutator/vitest-runner"],
    vitest: { configFile: "vite.config.ts", related: false },
    mutate: [target.file],
    testFiles: target.tests,
    coverageAnalysis: "perTest",
    // Static mutants (module-level constants: a regex, a message) are evaluated once, when vitest imports the
    // module, before Stryker activates the mutant: here they "survive" whatever the tests (a token regex that
    // matches no letter breaks every test, yet survived), so they are left out rather than counted.
    ignoreStatic: true,
    concurrency,
    incremental: true,
    incrementalFile: `${out}/incremental.json`,
    reporters: ["clear-text", "progress", "html", "json"],
    htmlReporter: { fileName: `${out}/report.html` },
    jsonReporter: { fileName: `${out}/report.json` },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    // Only what the tests read is copied to Stryker's sandbox.
    ignorePatterns: ["dist", "out", ".data", "test-output", "coverage", ".cache", "test/e2e", "test/integration"],
    tempDirName: ".cache/stryker-tmp",
    cleanTempDir: true,
    timeoutMS: 5_000,
    thresholds: { high: 90, low: 80, break: null },
  };
}

const args = process.argv.slice(2);
const concurrencyAt = args.indexOf("--concurrency");
const concurrency = concurrencyAt >= 0 ? Number(args.splice(concurrencyAt, 2)[1]) : 1;
const names = args.length > 0 ? args : Object.keys(TARGETS);
const unknown = names.filter((name) => !(name in TARGETS));
if (unknown.length > 0 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`usage: npm run bench:mutation -- [--concurrency N] [${Object.keys(TARGETS).join(" | ")} …]`);
  process.exit(2);
}

const scores: string[] = [];
for (const name of names) {
  const target = TARGETS[name];
  const results = await new Stryker(options(name, target, concurrency)).runMutationTest();
  const detected = results.filter((m) => m.status === "Killed" || m.status === "Timeout").length;
  const valid = results.filter((m) => m.status !== "CompileError" && m.status !== "RuntimeError" && m.status !== "Ignored").length;
  const survived = results.filter((m) => m.status === "Survived" || m.status === "NoCoverage").length;
  scores.push(`${target.file}: ${((100 * detected) / Math.max(1, valid)).toFixed(1)}% (${detected} of ${valid} killed, ${survived} survived)`);
}
console.log(`\nmutation scores:\n${scores.join("\n")}`);
