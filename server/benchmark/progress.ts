import cliProgress from "cli-progress";

/** Progress on a terminal (stderr), silence otherwise; log lines never tear the bar. */
export interface Progress {
  start(total: number, done: number): void;
  tick(status: string): void;
  log(line: string): void;
  stop(): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) {
    return { start() {}, tick() {}, log: (line) => void stream.write(`${line}\n`), stop() {} };
  }
  const multi = new cliProgress.MultiBar(
    {
      stream,
      format: " {bar} {value}/{total} instances | {percentage}% | ETA {eta_formatted} | {status}",
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let bar: cliProgress.SingleBar | null = null;
  return {
    start(total, done) {
      bar = multi.create(total, done, { status: "" });
    },
    tick(status) {
      bar?.increment(1, { status });
    },
    log(line) {
      multi.log(`${line}\n`);
    },
    stop() {
      multi.stop();
    },
  };
}
