import Ajv from "ajv";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { studyResults, type StudyResults } from "../../server/studies/results";
import { fleissKappa, freeMarginalKappa } from "../../server/studies/statistics";
import type { StudyRecord } from "../../server/studies/study-types";
import type { AllyQuery, ChameleonQuery, Evaluator, Judgement } from "../../shared/sneak/types";
import type { ItemView } from "../../shared/studies/protocol";
import { runScript } from "../support/run-script";
import { startStudyServer } from "../support/study-server";
import { runParticipant, type Answerer } from "../support/study-participants";

/**
 * The results on a synthetic study whose answers are planted: a study created with `npm run study -- create`
 * while the server runs on the same SQLite file, 30 participants over HTTP answering by plan, then
 * `npm run study -- results` and `export`. The plan fixes, for every item, how many of its five people pick
 * the right option and where the others go, so Table 6 is known exactly; a planted judge fixes Table 5 and
 * Table 7 too.
 */

const dataset = loadDataset();
const CATEGORIES = 40;
const PARTICIPANTS = 30;
const dir = mkdtempSync(join(tmpdir(), "sneak-study-results-"));
const db = join(dir, "log.db");
let server: Awaited<ReturnType<typeof startStudyServer>>;
let study: StudyRecord;
let index: Map<string, number>;
let secrets: Map<string, string>;

/** The i-th category (in sorted order): right ally votes 5, 4, 3, 2, … and right chameleon votes 0, 1, 2, 3, … */
const rightAlly = (category: string) => 5 - (index.get(category)! % 4);
const rightChameleon = (category: string) => index.get(category)! % 4;
const GENERATED = ["zqxa", "zqxb", "zqxc"];

function plantedAnswerer(): Answerer {
  const arrivals = new Map<string, number>();
  const arrival = (key: string) => {
    const n = arrivals.get(key) ?? 0;
    arrivals.set(key, n + 1);
    return n;
  };
  return {
    write: (item) => GENERATED[arrival(`g|${item.category}`)],
    choose: (item: Extract<ItemView, { task: "ally" | "chameleon" }>) => {
      const k = arrival(`${item.task}|${item.id}`);
      if (item.task === "ally") {
        const gold = item.messages.findIndex((m) => m.startsWith("zqf"));
        if (k < rightAlly(item.category)) return gold;
        // Wrong votes on different decoys: the plurality stays the right message.
        const decoys = item.messages.filter((_, i) => i !== gold).sort();
        return item.messages.indexOf(decoys[k - rightAlly(item.category)]);
      }
      const secret = secrets.get(item.category)!;
      if (k < rightChameleon(item.category)) return item.words.indexOf(secret);
      // Wrong votes all on one word: the plurality is that word unless three of five were right.
      return item.words.indexOf([...item.words].sort().find((w) => w !== secret)!);
    },
  };
}

/** A judge with planted answers: generation messages by their letter, file messages by their category's plan. */
const plantedJudge: Evaluator = {
  id: "planted",
  async ally(query: AllyQuery): Promise<Judgement> {
    const message = query.options.find((o) => o.startsWith("zq"))!;
    const p = message === "zqxa" ? 1 : message === "zqxb" ? 0.6 : message === "zqxc" ? 1 / 6 : 0.2 + 0.15 * rightAlly(query.category);
    return judgement(query.options, (o) => (o === message ? p : (1 - p) / (query.options.length - 1)));
  },
  async chameleon(query: ChameleonQuery): Promise<Judgement> {
    const secret = secrets.get(query.category)!;
    const clue = query.clues[0];
    const other = query.options.find((w) => w !== secret)!;
    const n = query.options.length;
    if (clue === "zqxa") return judgement(query.options, (w) => (w === other ? 0.5 : 0.5 / (n - 1)));
    if (clue === "zqxb") return judgement(query.options, (w) => (w === secret ? 1 : 0));
    if (clue === "zqxc") return judgement(query.options, () => 1 / n);
    const p = 0.2 + 0.16 * rightChameleon(query.category);
    return judgement(query.options, (w) => (w === secret ? p : (1 - p) / (n - 1)));
  },
};

function judgement(options: string[], p: (option: string) => number): Judgement {
  return { options, probabilities: options.map(p), coverage: 1, flags: [] };
}

beforeAll(async () => {
  server = await startStudyServer({ path: db, sync: "normal", databaseUrl: null }, dataset);
  const lines = dataset.categories.map((c) => JSON.stringify({ category: c.category, secret: c.words[3], message: `zqf${c.category.replace(/[^a-z]/g, "")}` }));
  writeFileSync(join(dir, "messages.jsonl"), lines.join("\n") + "\n");
  // The CLI writes the study into the file the running server holds.
  const created = await runScript("server/cli/study.ts", ["create", "--title", "Planted", "--messages", join(dir, "messages.jsonl"), "--categories", String(CATEGORIES), "--items", "40", "--seed", "3", "--min-seconds", "0", "--db", db]);
  expect(created.code, created.stderr).toBe(0);
  const id = /^Study ([a-z0-9]{10}):/m.exec(created.stdout)![1];
  study = (await server.studies.study(id))!;
  const data = await server.studies.data(study);
  const categories = [...new Set(data.items.map((i) => i.payload.category))].sort();
  expect(categories).toHaveLength(CATEGORIES);
  index = new Map(categories.map((c, i) => [c, i]));
  secrets = new Map(data.items.map((i) => [i.payload.category, i.payload.secret]));
  const answerer = plantedAnswerer();
  await Promise.all(Array.from({ length: PARTICIPANTS }, (_, i) => runParticipant(server.url, id, i, answerer, [])));
}, 180_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Loads the JSONL and the CSV with pandas and says what it found. */
const PANDAS_CHECK = `
import json, sys
import pandas as pd
j = pd.read_json(sys.argv[1], lines=True)
c = pd.read_csv(sys.argv[2])
assert j["correct"].isin([True, False]).sum() == (j["task"] != "generation").sum()
assert json.loads(c["words"][0]) == j["words"][0]
print(json.dumps({"jsonl": len(j), "csv": len(c), "columns": len(j.columns), "csvColumns": len(c.columns), "words": type(j["words"][0]).__name__, "tasks": sorted(j["task"].unique().tolist()), "same": list(j.columns) == list(c.columns)}))
`;

/** The planted figures, from the plan and the items alone (never from the answers). */
async function planted() {
  const items = (await server.studies.data(study)).items.filter((i) => !i.gold);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const categories = [...index.keys()];
  const allyRight = categories.map(rightAlly);
  const chamRight = categories.map(rightChameleon);
  // Vote tables in canonical order (ally: the message, then the decoys; chameleon: the words), as planted.
  const allyTable = items
    .filter((i) => i.task === "ally")
    .map((i) => {
      const c = rightAlly(i.payload.category);
      const wrong = [...i.payload.decoys].sort().slice(0, 5 - c);
      return [c, ...i.payload.decoys.map((d) => (wrong.includes(d) ? 1 : 0))];
    });
  const chamTable = items
    .filter((i) => i.task === "chameleon")
    .map((i) => {
      const c = rightChameleon(i.payload.category);
      const other = [...i.payload.words].sort().find((w) => w !== i.payload.secret);
      return i.payload.words.map((w) => (w === i.payload.secret ? c : w === other ? 5 - c : 0));
    });
  return {
    ally: { worker: mean(allyRight) / 5, plurality: 1, kappa: fleissKappa(allyTable).kappa!, free: freeMarginalKappa(allyTable).kappa!, majorityItems: allyRight.filter((c) => c >= 3).length },
    chameleon: {
      chance: mean(items.filter((i) => i.task === "chameleon").map((i) => 1 / i.payload.words.length)),
      worker: mean(chamRight) / 5,
      plurality: chamRight.filter((c) => c === 3).length / categories.length,
      kappa: fleissKappa(chamTable).kappa!,
      free: freeMarginalKappa(chamTable).kappa!,
      majorityItems: categories.length,
    },
  };
}

describe("results of a planted study", () => {
  it("recover the planted accuracies, κ and the planted judge's agreement (Tables 5, 6, 7)", async () => {
    const results: StudyResults = await studyResults(await server.studies.data(study), { evaluators: [plantedJudge] });
    const plan = await planted();
    const [ally, cham] = results.evaluation;
    expect(ally.task).toBe("ally");
    expect(ally).toMatchObject({ items: CATEGORIES, complete: CATEGORIES, answers: CATEGORIES * 5 });
    expect(ally.workerAccuracy.mean!).toBeCloseTo(plan.ally.worker, 12);
    expect(ally.pluralityAccuracy.mean).toBe(1);
    expect(ally.fleissKappa.mean!).toBeCloseTo(plan.ally.kappa, 12);
    expect(ally.freeKappa.mean!).toBeCloseTo(plan.ally.free, 12);
    expect(ally.chance!).toBeCloseTo(1 / 6, 12);
    expect(cham.workerAccuracy.mean!).toBeCloseTo(plan.chameleon.worker, 12);
    expect(cham.pluralityAccuracy.mean!).toBeCloseTo(plan.chameleon.plurality, 12);
    expect(cham.fleissKappa.mean!).toBeCloseTo(plan.chameleon.kappa, 12);
    expect(cham.freeKappa.mean!).toBeCloseTo(plan.chameleon.free, 12);
    // Some categories have fewer than 12 words: chance is 1/|W| averaged over the items.
    expect(cham.chance!).toBeCloseTo(plan.chameleon.chance, 12);
    for (const e of [ally, cham]) {
      expect(e.workerAccuracy.low!).toBeLessThanOrEqual(e.workerAccuracy.mean!);
      expect(e.workerAccuracy.high!).toBeGreaterThanOrEqual(e.workerAccuracy.mean!);
    }
    // Table 7: the judge's top pick is the right option; people's plurality is always right for the ally, right on c = 3 for the chameleon.
    expect(ally.agreement).toMatchObject({ items: CATEGORIES, top1: { mean: 1 }, strictMajority: { mean: 1, n: plan.ally.majorityItems } });
    expect(cham.agreement.top1.mean!).toBeCloseTo(plan.chameleon.plurality, 12);
    expect(cham.agreement.strictMajority.n).toBe(plan.chameleon.majorityItems);
    expect(cham.agreement.strictMajority.mean!).toBeCloseTo(plan.chameleon.plurality, 12);
    expect(ally.agreement.r.mean!).toBeCloseTo(1, 9);
    expect(cham.agreement.r.mean!).toBeCloseTo(1, 9);
    // Table 5: three messages per instance: zqxa (U 1, L 0, SS 1, BS 1), zqxb (U 0.52, L 1), zqxc (U 0, L 0).
    const g = results.generation!;
    expect(g).toMatchObject({ instances: CATEGORIES, messages: CATEGORIES * 3, unscored: 0 });
    expect([g.best.utility.mean, g.best.leakage.mean, g.best.softScore.mean, g.best.binaryScore.mean]).toEqual([1, 0, 1, 1]);
    expect(g.mean.utility.mean!).toBeCloseTo((1 + 0.52 + 0) / 3, 12);
    expect(g.mean.leakage.mean!).toBeCloseTo(1 / 3, 12);
    expect(g.mean.softScore.mean!).toBeCloseTo(1 / 3, 12);
  });

  it("npm run study -- results prints the same Table 6 beside the paper's figures", async () => {
    // Table 6 does not depend on the judges: the cheapest lexical signal keeps this run short.
    const markdown = await runScript("server/cli/study.ts", ["results", study.id, "--db", db, "--evaluator", "lexical:wordnet"]);
    expect(markdown.code, markdown.stderr).toBe(0);
    const plan = await planted();
    const pct = (x: number) => (100 * x).toFixed(1);
    const row = (task: string) => markdown.stdout.split("\n").find((line) => line.startsWith(`| ${task} | ${CATEGORIES} (${CATEGORIES}) |`))!;
    expect(row("ally")).toContain(`| ${CATEGORIES * 5} | ${pct(plan.ally.worker)} [`);
    expect(row("ally")).toContain(`| ${pct(plan.ally.plurality)} [`);
    expect(row("ally")).toContain(`| ${plan.ally.free.toFixed(2)} [`);
    expect(row("ally")).toContain(`| ${plan.ally.kappa.toFixed(2)} [`);
    expect(row("chameleon")).toContain(`| ${pct(plan.chameleon.worker)} [`);
    expect(row("chameleon")).toContain(`| ${pct(plan.chameleon.plurality)} [`);
    expect(row("chameleon")).toContain(`| ${plan.chameleon.free.toFixed(2)} [`);
    expect(row("chameleon")).toContain(`| ${plan.chameleon.kappa.toFixed(2)} [`);
    // Printed for the record (docs/STUDIES.md quotes them).
    console.log(`planted: ally worker ${plan.ally.worker} free κ ${plan.ally.free.toFixed(3)} Fleiss κ ${plan.ally.kappa.toFixed(3)}; chameleon worker ${plan.chameleon.worker} plurality ${plan.chameleon.plurality} free κ ${plan.chameleon.free.toFixed(3)} Fleiss κ ${plan.chameleon.kappa.toFixed(3)}`);
    expect(markdown.stdout).toContain("## Table 5");
    expect(markdown.stdout).toContain("Judges: lexical:wordnet.");
    expect(markdown.stdout).toContain("77.3 / 88.9 / 16.7 / 0.73");
    expect(markdown.stdout).toContain("66.7 / 74.2 / 0.39");
  }, 120_000);

  it("npm run study -- export writes every answer as schema-valid JSONL with one type per column, and as CSV", async () => {
    const out = join(dir, "answers.jsonl");
    const jsonl = await runScript("server/cli/study.ts", ["export", study.id, "--out", out, "--db", db]);
    expect(jsonl.code, jsonl.stderr).toBe(0);
    const rows = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(CATEGORIES * 13);
    const schema = JSON.parse(readFileSync("docs/schema/sneak-study-export.schema.json", "utf8"));
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    for (const row of rows) expect(validate(row), JSON.stringify(validate.errors)).toBe(true);
    // What the datasets library's JSON loader (Arrow) needs: the same keys on every line, one type per key besides null.
    const keys = Object.keys(rows[0]);
    const types = new Map<string, Set<string>>();
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(keys);
      for (const [k, v] of Object.entries(row)) if (v !== null) types.set(k, new Set([...(types.get(k) ?? []), Array.isArray(v) ? `array:${typeof v[0]}` : typeof v]));
    }
    for (const [k, t] of types) expect([...t], k).toHaveLength(1);
    const csv = await runScript("server/cli/study.ts", ["export", study.id, "--out", join(dir, "answers.csv"), "--db", db]);
    expect(csv.code, csv.stderr).toBe(0);
    const csvLines = readFileSync(join(dir, "answers.csv"), "utf8").trim().split("\r\n");
    expect(csvLines).toHaveLength(CATEGORIES * 13 + 1);
    // pandas reads both files as they are (Debian's python3-pandas; .ci/run installs it).
    const pandas = spawnSync("/usr/bin/python3", ["-c", PANDAS_CHECK, out, join(dir, "answers.csv")], { encoding: "utf8" });
    if (pandas.error || /No module named/.test(pandas.stderr)) console.warn(`SKIPPED (pandas check): /usr/bin/python3 with pandas not found; install Debian's python3-pandas`);
    else {
      expect(pandas.status, pandas.stderr).toBe(0);
      expect(JSON.parse(pandas.stdout)).toEqual({ jsonl: CATEGORIES * 13, csv: CATEGORIES * 13, columns: 24, csvColumns: 24, words: "list", tasks: ["ally", "chameleon", "generation"], same: true });
    }
    // One shape: the CSV's header is the JSONL's keys, in the same order; booleans as true/false.
    expect(csvLines[0]).toBe(keys.join(","));
    expect(csvLines[1]).toMatch(/,(true|false),/);
    expect(rows.every((r) => typeof r.messageSource !== "string" || /^file:messages\.jsonl:\d+$/.test(r.messageSource))).toBe(true);
  });
});
