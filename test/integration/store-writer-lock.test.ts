import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GameStore } from "../../server/store/game-store";
import { logFixtureGame } from "../support/store-game-fixture";
import { availableDrivers } from "../support/store-drivers";

/**
 * One writer per log file, across real processes: a second `server/index.ts` on the same SNEAK_DB refuses to
 * start, naming the file and the first server; `npm run export` and `npm run leaderboard` read the file while
 * the server runs; a server killed with SIGKILL leaves no lock behind. And a writer killed while its
 * checkpoint worker checkpoints and restarts the WAL loses no acknowledged write.
 */

const dir = mkdtempSync(join(tmpdir(), "sneak-writer-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function spawnTsx(args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return child;
}

/** Resolves when `child` prints a line matching `pattern` (stdout or stderr), rejects if it exits first. */
function lineFrom(child: ChildProcess, pattern: RegExp | ((line: string) => boolean)): Promise<string> {
  const matches = typeof pattern === "function" ? pattern : (line: string) => pattern.test(line);
  let seen = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split("\n").find(matches);
      if (line !== undefined) resolve(line);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited (${code}) before printing ${pattern}: ${seen}`)));
  });
}

/** Runs a process to its end: exit code and everything it printed. */
function outcome(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    // "close": after the pipes are drained, so every line it printed has been read.
    child.once("close", () => resolve());
    child.kill("SIGKILL");
  });

describe("one server per game log", () => {
  it("refuses a second server, lets the read-only tools in, and leaves no lock after kill -9", async () => {
    const db = join(dir, "game.db");
    // A finished game in the log, so that the tools have something to read.
    const seed = new GameStore({ path: db, checkpoint: "auto" });
    await logFixtureGame(seed, { close: true });
    await seed.close();

    const env = { PORT: "0", HOST: "127.0.0.1", SNEAK_DB: db, SNEAK_STATIC_DIR: join(dir, "no-client") };
    const first = spawnTsx(["server/index.ts"], env);
    await lineFrom(first, /^Game log:/);

    // A second server, and the read-only tools, all while the first runs (they go together).
    const [refused, exported, board] = await Promise.all([
      outcome(spawnTsx(["server/index.ts"], env)),
      outcome(spawnTsx(["server/cli/export.ts", "--db", db, "--out", "-"])),
      outcome(spawnTsx(["server/cli/leaderboard.ts", "--db", db, "--json"])),
    ]);
    expect(refused.code).toBe(1);
    // One line says why (Node's own warnings, if any, are not ours).
    const lines = refused.stderr.split("\n").filter((line) => line && !line.startsWith("(node:") && !line.includes("--trace-warnings"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^sneak: could not start: ${db.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is already being written by another SNEAK server \\(pid ${first.pid}, since 20\\d\\d-[^)]+\\); stop it first, or set SNEAK_DB to another file$`));
    expect(refused.stdout).not.toMatch(/running at/);

    expect(exported.code).toBe(0);
    expect(exported.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l).type)).toContain("clue");
    expect(board.code).toBe(0);
    expect(JSON.parse(board.stdout).games).toBe(1);

    await killed(first);
    const restarted = spawnTsx(["server/index.ts"], env);
    await lineFrom(restarted, /^Game log:/);
    await killed(restarted);
  });

  for (const driver of availableDrivers()) {
    it(`loses no acknowledged write when killed while the WAL is checkpointed and restarted (${driver})`, async () => {
      const db = join(dir, `writer-${driver.replace(":", "-")}.db`);
      const writer = spawnTsx(["test/support/store-writer-child.ts", db, driver]);
      let acked = -1;
      let out = "";
      writer.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const lines = out.split("\n");
        out = lines.pop() ?? "";
        for (const line of lines) if (line.startsWith("acked ")) acked = Number(line.slice(6));
      });
      // Kill it after 3,000 writes, once the worker has restarted the WAL a few times under its feet.
      await lineFrom(writer, (line) => {
        const [, passive, forced] = /^checkpoints (\d+) (\d+)$/.exec(line) ?? [];
        return acked >= 3000 && Number(passive) >= 10 && Number(forced) >= 3;
      });
      await killed(writer);
      expect(acked).toBeGreaterThanOrEqual(3000);
      // The lock died with the process: a new writer opens the file, and every acknowledged write is there.
      const store = new GameStore({ path: db, driver });
      const written = store.query<{ n: number }>("SELECT payload ->> '$.action.n' AS n FROM events ORDER BY n");
      const numbers = new Set(written.map((row) => row.n));
      for (let n = 0; n <= acked; n++) if (!numbers.has(n)) throw new Error(`acknowledged write ${n} is missing (${numbers.size} rows)`);
      expect(store.append("room0", [{ kind: "log-close", reason: "after the kill" }])).toHaveLength(1);
      await store.close();
    });
  }
});
