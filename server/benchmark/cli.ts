import { parseBenchArgs, type BenchOptions } from "./options";
import { pluginModule } from "./plugin-modules";
import { createProgress } from "./progress";
import { closePlugins, RunStopped, runBenchmark } from "./runner";
import { formatPercent } from "./report";
import { UserError, messageOf } from "./user-error";

/**
 * `npm run bench -- …`: every error a user can cause ends as one line on stderr and a non-zero exit;
 * a stack trace only with SNEAK_DEBUG=1.
 */
async function showPrompts(): Promise<void> {
  process.stdout.write(`${(await pluginModule("llm")).renderPromptCatalogue().trimEnd()}\n`);
}

async function main(argv: readonly string[]): Promise<number> {
  const options: BenchOptions | null = parseBenchArgs(argv);
  if (options === null) return 0;
  if (options.showPrompts) {
    await showPrompts();
    return 0;
  }
  const progress = createProgress();
  const stopSignal: { stopped: boolean; reason?: string } = { stopped: false };
  const onSigint = () => {
    if (stopSignal.stopped) process.exit(130);
    stopSignal.stopped = true;
    stopSignal.reason = "interrupted";
    progress.log("stopping after the instances in flight (Ctrl-C again to quit at once)…");
  };
  process.on("SIGINT", onSigint);
  try {
    const summary = await runBenchmark(
      options,
      { concurrency: options.concurrency, requestTimeoutMs: options.timeoutMs, cacheDir: options.cacheDir, noLogprobs: options.noLogprobs, log: (line) => progress.log(line) },
      { progress, stopSignal },
    );
    const m = summary.means;
    process.stdout.write(
      `${summary.generator}: utility ${formatPercent(m?.utility, 2)}, leakage ${formatPercent(m?.leakage, 2)}, SoftScore ${formatPercent(m?.softScore, 2)}, BinaryScore ${formatPercent(m?.binaryScore, 2)} (×100) on ${summary.scored} of ${summary.n} instances; ${options.outDir}/report.md\n`,
    );
    return 0;
  } finally {
    progress.stop();
    process.off("SIGINT", onSigint);
    await closePlugins();
  }
}

function exitCodeOf(error: unknown): number {
  if (error instanceof RunStopped) return error.exitCode;
  return error instanceof UserError ? 2 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof UserError || error instanceof RunStopped;
    process.stderr.write(`sneak bench: ${known ? "" : "internal error: "}${messageOf(error)}\n`);
    if (process.env.SNEAK_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    process.exitCode = exitCodeOf(error);
  },
);
