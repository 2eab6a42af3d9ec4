import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

/**
 * A real `redis-server` on 127.0.0.1 for the cluster tests and `npm run bench:load -- --processes N`: a
 * free port (redis-server cannot listen on port 0), no persistence, a temp folder. `stop()` kills it (its data is gone, as after a crash of a Redis without
 * persistence); `start()` brings it back on the same port, empty.
 */
export const REDIS_BINARY = process.env.SNEAK_TEST_REDIS_SERVER ?? "redis-server";

/** Why the Redis tests cannot run here, or null when they can. */
export function redisUnavailable(): string | null {
  const probe = spawnSync(REDIS_BINARY, ["--version"], { encoding: "utf8" });
  return probe.error || probe.status !== 0 ? `${REDIS_BINARY} is not installed (Debian: apt-get install redis-server); the cluster tests are skipped` : null;
}

export interface TestRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL): every client sees it vanish. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty). */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), "sneak-redis-"));
  const port = await freePort();
  let child: ChildProcess | null = null;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const process_ = spawn(REDIS_BINARY, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, "--protected-mode", "yes"], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = process_;
      let output = "";
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
      process_.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolve();
        }
      });
      process_.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${output}`));
      });
    });

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
