import { spawn, type ChildProcess } from "node:child_process";

/**
 * A game server as `npm start` runs it (`node --import tsx server/index.ts`), in a child process configured
 * by environment, on 127.0.0.1 and a port of its own choosing. Resolves once it printed its URL.
 */
export interface GameProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed (stdout and stderr lines). */
  output: string[];
  /** kill -9. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

export function startGameProcess(env: Record<string, string>): Promise<GameProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", SNEAK_BOT_DELAY_MS: "0", SNEAK_STATIC_DIR: "test/support/no-client", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output.join(" | ")}`)), 60_000);
    let url: string | undefined;
    const onData = (chunk: Buffer) => {
      const lines = chunk.toString().split("\n").filter(Boolean);
      output.push(...lines);
      url ??= lines.map((line) => /running at (http:\/\/\S+)/.exec(line)?.[1]).find(Boolean);
      if (url && output.some((line) => line.startsWith("Game log:"))) {
        clearTimeout(timer);
        resolve({
          child,
          url,
          output,
          kill: async () => {
            if (child.exitCode === null) child.kill("SIGKILL");
            await exited;
          },
          stop: async () => {
            if (child.exitCode !== null) return;
            const force = setTimeout(() => child.kill("SIGKILL"), 5000);
            child.kill("SIGTERM");
            await exited;
            clearTimeout(force);
          },
        });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)));
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${output.join(" | ")}`)));
  });
}

/** Kills every game process still running (afterAll). */
export function killGameProcesses(): void {
  for (const child of running) if (child.exitCode === null) child.kill("SIGKILL");
}
