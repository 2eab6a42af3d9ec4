import { Command } from "commander";
import { intOption as int } from "./int-option";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { startGameProcess, type GameProcess } from "../../test/support/game-processes";
import { playRawSession, rawSession, type RawSession } from "../../test/support/wire-fuzz";
import { startRedis } from "./redis-process";

/**
 * `npm run bench:wire-fuzz`: the long run of the attacker's fuzzer (test/integration/wire-fuzz.test.ts runs
 * a bounded one). Generated sessions of raw Engine.IO / Socket.IO frames go to a real server process on
 * 127.0.0.1, several at a time; after each batch the process must be alive and /healthz must answer. Prints
 * sessions, frames, how the server answered, its RSS, and any internal error it logged.
 */

const program = new Command("bench:wire-fuzz")
  .description("Long fuzz run of raw socket.io frames against a real server process")
  .option("--sessions <n>", "generated sessions in all", int("--sessions", 1), 5_000)
  .option("--parallel <n>", "sessions in flight at once (one batch)", int("--parallel", 1), 8)
  .option("--minutes <m>", "stop after this long even if sessions remain", int("--minutes", 1), 10)
  .option("--seed <n>", "fast-check seed", int("--seed", 0), 2026)
  .option("--cluster", "run the server as a process of a cluster (a temporary redis-server): creating and joining rooms go through the room directory")
  .configureOutput({ outputError: (text, write) => write(text.split("\n")[0] + "\n") });

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function main(): Promise<void> {
  const options = program.parse().opts<{ sessions: number; parallel: number; minutes: number; seed: number; cluster?: boolean }>();
  const dir = mkdtempSync(join(tmpdir(), "sneak-wire-fuzz-"));
  const redis = options.cluster ? await startRedis() : null;
  const server: GameProcess = await startGameProcess({
    ...(redis ? { SNEAK_REDIS_URL: redis.url, SNEAK_PROCESS_ID: "fuzz" } : {}),
    SNEAK_DB: join(dir, "fuzz.db"),
    SNEAK_ADDRESS_MAX_CONNECTIONS: "100000",
    SNEAK_ADDRESS_HANDSHAKE_BURST: "100000",
    SNEAK_ADDRESS_HANDSHAKES_PER_MINUTE: "1000000",
    SNEAK_ADDRESS_ROOM_BURST: "100000",
    SNEAK_ADDRESS_ROOMS_PER_MINUTE: "1000000",
    SNEAK_ADDRESS_HTTP_BURST: "100000",
    SNEAK_ADDRESS_HTTP_PER_MINUTE: "1000000",
  });
  const pid = server.child.pid!;
  const rssStart = rssMiB(pid);
  const sessions: RawSession[] = fc.sample(rawSession, { numRuns: options.sessions, seed: options.seed });
  const deadline = Date.now() + options.minutes * 60_000;
  let done = 0;
  let frames = 0;
  let answered = 0;
  let closedByServer = 0;
  let rssPeak = rssStart;
  const started = Date.now();
  try {
    for (let i = 0; i < sessions.length && Date.now() < deadline; i += options.parallel) {
      const batch = sessions.slice(i, i + options.parallel);
      const outcomes = await Promise.all(batch.map((s) => playRawSession(server.url, s)));
      for (const [k, outcome] of outcomes.entries()) {
        frames += batch[k].frames.length;
        answered += outcome.received.filter((f) => /^4[3]\d*\[/.test(f)).length;
        if (outcome.closedByServer) closedByServer++;
      }
      done += batch.length;
      if (server.child.exitCode !== null) throw new Error(`the server exited after ${done} sessions: ${server.output.slice(-8).join(" | ")}`);
      const health = await fetch(`${server.url}/healthz`);
      if (health.status !== 200) throw new Error(`/healthz answered ${health.status} after ${done} sessions`);
      rssPeak = Math.max(rssPeak, rssMiB(pid));
      if (done % 1000 < options.parallel) process.stdout.write(`  ${done} sessions, RSS ${rssMiB(pid).toFixed(0)} MiB\n`);
    }
    const seconds = (Date.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 5_000));
    const internal = server.output.filter((line) => line.includes("internal error"));
    console.log(`bench:wire-fuzz (seed ${options.seed}${redis ? ", a cluster process on a temporary redis-server" : ""})`);
    console.log(`  sessions            ${done} in ${seconds.toFixed(1)} s (${options.parallel} at a time)`);
    console.log(`  frames sent         ${frames}`);
    console.log(`  acks received       ${answered}`);
    console.log(`  closed by server    ${closedByServer} sessions (a frame the parser refuses closes its connection)`);
    console.log(`  server RSS          start ${rssStart.toFixed(0)} MiB, peak ${rssPeak.toFixed(0)} MiB, 5 s after ${rssMiB(pid).toFixed(0)} MiB`);
    console.log(`  internal errors     ${internal.length}${internal.length ? `: ${internal.slice(0, 3).join(" | ")}` : ""}`);
    console.log(`  process             alive, /healthz 200 after every batch`);
    if (internal.length) process.exitCode = 1;
  } finally {
    await server.stop();
    await redis?.close();
  }
}

main().catch((error: unknown) => {
  console.error(`bench:wire-fuzz: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
