import Ajv from "ajv";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import type { ClueLine } from "../../server/export/export-types";
import { GameStore } from "../../server/store/game-store";
import { logFixtureGame } from "../support/store-game-fixture";

/**
 * The round trip a researcher makes: export logged games with `npm run export`, then re-score the exported
 * clues with `npm run bench -- --generator file:EXPORT.jsonl --evaluator lexical` (the real CLIs, as processes).
 */

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "sneak-rescore-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const schema = JSON.parse(readFileSync(new URL("../../docs/schema/sneak-export.schema.json", import.meta.url), "utf8"));
const validate = new Ajv({ strict: true }).compile(schema);

describe("store: export, then re-score with the benchmark runner", () => {
  it("re-scores every exported informed clue with the lexical judge", { timeout: 120_000 }, async () => {
    const db = join(dir, "sneak.db");
    const store = new GameStore({ path: db });
    await logFixtureGame(store, { close: true });
    store.close();

    const out = join(dir, "export.jsonl");
    const exported = await run(process.execPath, ["--import", "tsx", "server/cli/export.ts", "--db", db, "--out", out]);
    expect(exported.stderr).toMatch(/wrote 10 lines/);
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    for (const line of lines) expect(validate(line)).toBe(true);
    const informed = lines.filter((l): l is ClueLine => l.type === "clue" && !l.byChameleon);

    const runDir = join(dir, "run");
    const bench = await run(process.execPath, ["--import", "tsx", "server/benchmark/cli.ts", "--generator", `file:${out}`, "--evaluator", "lexical", "--out", runDir]);
    expect(bench.stderr + bench.stdout).toMatch(/skipped 2 round lines and 2 clues given by the chameleon/);
    const results = readFileSync(join(runDir, "results.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(results.map((r) => r.message)).toEqual(informed.map((c) => c.message));
    expect(results.map((r) => r.instance.secret)).toEqual(informed.map((c) => c.secret));
    expect(results.map((r) => r.generatorDetail.generator)).toEqual(informed.map((c) => c.generator));
    expect(results.every((r) => r.status === "scored" && r.evaluations[0].evaluator === "lexical")).toBe(true);
    const summary = JSON.parse(readFileSync(join(runDir, "summary.json"), "utf8"));
    expect(summary.n).toBe(informed.length);
  });
});
