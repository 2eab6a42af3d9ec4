import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameStore } from "../../server/store/game-store";
import { logFixtureGame } from "../support/store-game-fixture";
import { storeBackends, useBackend } from "../support/store-backends";

/**
 * `npm run export` and `npm run leaderboard` as processes: their output, their files, their one-line errors.
 * On SQLite and on Postgres, where the log holds the games of every game process: here two stores (two
 * processes' writers) each log a room, and the tools read both. Runs that do not read each other's output
 * go together: each is a process of its own, mostly start-up (tsx), which the two cores share out.
 */

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "sneak-cli-"));
const db = join(dir, "sneak.db");
const cli = (script: string, args: string[]) =>
  run(process.execPath, ["--import", "tsx", `server/cli/${script}.ts`, ...args]).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(storeBackends())("store CLIs on $name", (backend) => {
  if (!useBackend(backend)) return;
  let log = "";
  beforeAll(async () => {
    const location = await backend.fresh();
    log = location.cliArgument;
    for (const code of ["CLIA", "CLIB"]) {
      const store = await location.open();
      await logFixtureGame(store, { code, close: true });
      await store.close();
    }
  });

  it("npm run export writes JSONL or CSV, for all games or one", { timeout: 60_000 }, async () => {
    const out = join(dir, backend.name);
    const [all, csv, one] = await Promise.all([
      cli("export", ["--db", log, "--out", `${out}-all.jsonl`]),
      cli("export", ["--db", log, "--out", `${out}-all.csv`]),
      cli("export", ["--db", log, "--game", "CLIB/1", "--out", "-"]),
    ]);
    expect(all.code).toBe(0);
    const lines = readFileSync(`${out}-all.jsonl`, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(20);
    expect(new Set(lines.map((l) => l.game.slice(0, 4)))).toEqual(new Set(["CLIA", "CLIB"]));
    expect(csv.stderr).toMatch(/wrote 16 clue rows/);
    const oneLines = one.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(oneLines.map((l) => l.gameNumber)).toEqual(Array(10).fill(1));
    expect(oneLines.every((l) => l.game.startsWith("CLIB-"))).toBe(true);
  });

  it("npm run leaderboard prints the tables of every game", { timeout: 60_000 }, async () => {
    const text = await cli("leaderboard", ["--db", log]);
    expect(text.stdout).toMatch(/^# Humans versus models \(2 games, 4 revealed rounds\)/);
    expect(text.stdout).toMatch(/\| human \| 6 \|/);
  });
});

describe("store CLIs", () => {
  beforeAll(async () => {
    const store = new GameStore({ path: db });
    await logFixtureGame(store, { code: "CLIA", close: true });
    await store.close();
  });

  it("npm run export writes JSONL or CSV, for all games or one", { timeout: 60_000 }, async () => {
    const [all, csv, one] = await Promise.all([
      cli("export", ["--db", db, "--out", join(dir, "all.jsonl")]),
      cli("export", ["--db", db, "--out", join(dir, "all.csv")]),
      cli("export", ["--db", db, "--game", "CLIA/1", "--out", "-"]),
    ]);
    expect(all.code).toBe(0);
    expect(readFileSync(join(dir, "all.jsonl"), "utf8").trim().split("\n")).toHaveLength(10);
    expect(csv.stderr).toMatch(/wrote 8 clue rows/);
    expect(one.stdout.trim().split("\n").map((l) => JSON.parse(l).gameNumber)).toEqual(Array(10).fill(1));
  });

  it("npm run leaderboard prints the tables, or JSON", { timeout: 60_000 }, async () => {
    // The JSON is read from the export of the test above.
    const [text, asJson] = await Promise.all([cli("leaderboard", ["--db", db]), cli("leaderboard", ["--in", join(dir, "all.jsonl"), "--json"])]);
    expect(text.stdout).toMatch(/^# Humans versus models \(1 game, 2 revealed rounds\)/);
    expect(text.stdout).toMatch(/\| human \| 3 \|/);
    const json = JSON.parse(asJson.stdout);
    expect(json.games).toBe(1);
    expect(json.generators.map((g: { generator: string }) => g.generator)).toContain("bot:lexical");
  });

  it("answers mistakes with one line and a non-zero exit", { timeout: 60_000 }, async () => {
    const cases: [string, string[], RegExp][] = [
      ["export", ["--db", join(dir, "nope.db"), "--out", "-"], /^export: no game log at .*nope\.db/],
      ["export", ["--db", db, "--out", "-", "--since", "yesterday"], /--since.*must be a date/],
      ["export", ["--db", db, "--out", "-", "--game", "NOPE"], /^export: no game log for NOPE/],
      ["export", ["--db", db, "--out", "-", "--format", "xlsx"], /must be jsonl or csv/],
      ["export", ["--db", db], /required option '--out <file>'/],
      ["leaderboard", ["--in", join(dir, "missing.jsonl")], /^leaderboard: cannot read .*missing\.jsonl: ENOENT/],
      ["export", ["--db", "postgres://sneak:secret@127.0.0.1:1/none", "--out", "-"], /^export: game log on postgres:\/\/sneak:\*\*\*@127\.0\.0\.1:1\/none: .*ECONNREFUSED/],
    ];
    const results = await Promise.all(cases.map(([script, args]) => cli(script, args)));
    for (const [i, [, args, message]] of cases.entries()) {
      const result = results[i];
      expect(result.code, args.join(" ")).not.toBe(0);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
  });
});
