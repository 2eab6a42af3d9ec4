import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { openStudyDb } from "../../server/studies/study-db";
import { StudyStore } from "../../server/studies/study-store";
import { killGameProcesses, startGameProcess, type GameProcess } from "../support/game-processes";
import { postgresMissing, reportPostgresSkip, startPostgres, type PostgresServer } from "../support/postgres-server";
import { redisUnavailable, startRedis, type TestRedis } from "../support/redis-server";
import { runScript } from "../support/run-script";
import { api, legalFiller, randomAnswerer, runParticipant, type Acknowledged } from "../support/study-participants";
import { startStudyProxy, type StudyProxy } from "../support/study-proxy";

/**
 * A study on a cluster, as docs/DEPLOY.md runs one: two game processes (`node --import tsx server/index.ts`)
 * on one Redis and one Postgres log, behind a round-robin proxy whose address is their SNEAK_STUDY_URL. The
 * study is created with the CLI on the shared log and its link names the public address; 30 participants
 * send every request through it, so to either process in turn; one process is killed with SIGKILL a third
 * of the way through, and the participants carry on through the other. Every item ends with exactly its
 * quota and every acknowledged answer is in the log.
 */

const missing = redisUnavailable() ?? postgresMissing;
if (redisUnavailable()) console.warn(`SKIPPED (study on a cluster): ${redisUnavailable()}`);
reportPostgresSkip("study on a cluster");

const CATEGORIES = 30;
const PARTICIPANTS = 30;
let redis: TestRedis;
let postgres: PostgresServer;
let databaseUrl: string;
const processes: GameProcess[] = [];
const targets: string[] = [];
let proxy: StudyProxy;
const dir = mkdtempSync(join(tmpdir(), "sneak-study-cluster-"));

describe.skipIf(missing !== null)("a study on two processes sharing Postgres and Redis", () => {
  beforeAll(async () => {
    redis = await startRedis();
    postgres = await startPostgres();
    databaseUrl = await postgres.createDatabase();
    proxy = await startStudyProxy(targets);
    const raised = { SNEAK_STUDY_BURST: "100000", SNEAK_STUDY_PER_MINUTE: "100000", SNEAK_STUDY_JOIN_BURST: "100000", SNEAK_STUDY_JOINS_PER_MINUTE: "100000", SNEAK_STUDY_HOLDS_PER_ADDRESS: "100000" };
    for (const name of ["g1", "g2"]) {
      const game = await startGameProcess({ SNEAK_REDIS_URL: redis.url, SNEAK_REDIS_PREFIX: "st", SNEAK_PROCESS_ID: name, SNEAK_DATABASE_URL: databaseUrl, SNEAK_STUDY_URL: proxy.url, ...raised });
      processes.push(game);
      targets.push(game.url);
    }
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    killGameProcesses();
    postgres?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("loses no answer and fills every quota exactly when a process dies mid-study", async () => {
    const dataset = loadDataset();
    const file = join(dir, "results.jsonl");
    writeFileSync(file, dataset.categories.map((c) => JSON.stringify({ category: c.category, secret: c.words[0], message: legalFiller(c.words) })).join("\n"));
    // The CLI prints links on the study address (SNEAK_STUDY_URL), which reaches any process.
    process.env.SNEAK_STUDY_URL = proxy.url;
    const created = await runScript("server/cli/study.ts", ["create", "--title", "Cluster", "--messages", file, "--categories", String(CATEGORIES), "--items", String(CATEGORIES), "--db", databaseUrl]).finally(() => delete process.env.SNEAK_STUDY_URL);
    expect(created.code, created.stderr).toBe(0);
    const id = /^Study ([a-z0-9]{10}):/m.exec(created.stdout)![1];
    expect(created.stdout).toContain(`Participants: ${proxy.url}/s/${id}`);
    const key = /^Study key: +(\S+)/m.exec(created.stdout)![1];
    const status = await api<{ participantUrl: string }>(`${processes[1].url}/api/studies/${id}/admin`, { credential: key });
    expect(status.body.participantUrl).toBe(`${proxy.url}/s/${id}`);
    const pick = () => proxy.url;
    const acknowledged: Acknowledged[] = [];
    const total = CATEGORIES * (3 + 5 + 5);
    const killer = (async () => {
      while (acknowledged.length < total / 3) await new Promise((resolve) => setTimeout(resolve, 20));
      await processes[0].kill();
    })();
    const runs = await Promise.all(Array.from({ length: PARTICIPANTS }, (_, i) => runParticipant(pick, id, i, randomAnswerer, acknowledged)));
    await killer;
    for (const run of runs) expect(run.finished.state).toBe("finished");
    expect(processes[0].child.signalCode).toBe("SIGKILL");

    const store = new StudyStore(await openStudyDb(databaseUrl));
    try {
      const data = await store.data((await store.study(id))!);
      const answers = new Map<string, number>();
      for (const a of data.answers) answers.set(a.itemId, (answers.get(a.itemId) ?? 0) + 1);
      for (const item of data.items) expect(answers.get(item.itemId) ?? 0, `${item.task} ${item.payload.category}`).toBe(item.quota);
      expect(data.answers).toHaveLength(total);
      expect(new Set(data.answers.map((a) => `${a.participantId}|${a.itemId}`)).size).toBe(total);
      const stored = new Set(data.answers.map((a) => `${a.participantId}|${a.itemId}`));
      for (const ack of acknowledged) expect(stored.has(`${ack.participantId}|${ack.item}`)).toBe(true);
    } finally {
      await store.close();
    }
  }, 240_000);
});
