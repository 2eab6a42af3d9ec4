import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { buildStudy } from "../../server/studies/build-study";
import { StudySpecSchema } from "../../shared/studies/spec";
import type { ParticipantState } from "../../shared/studies/protocol";
import type { Dataset } from "../../shared/sneak/types";
import type { StudyRecord } from "../../server/studies/study-types";
import { storeBackends, useBackend } from "../support/store-backends";
import { startStudyServer } from "../support/study-server";
import { api, legalFiller, randomAnswerer, runParticipant, type Acknowledged } from "../support/study-participants";

/**
 * The check: a real server and 32 simulated participants over HTTP, all at once, fill a study of
 * the paper's 117 instances (one per category of data/sneak-dataset.json) in all three tasks. Every item
 * ends with exactly its quota of answers from different people, nobody answers an instance twice (in any
 * task), and every answer the server acknowledged is in the database, on SQLite and on Postgres.
 */

const PARTICIPANTS = 32;
const dataset: Dataset = loadDataset();

/** A benchmark run's results.jsonl, one line per category: the messages the ally and chameleon items judge. */
function resultsLines(): unknown[] {
  return dataset.categories.map((c, i) => ({
    id: `${c.category}/${c.words[i % c.words.length]}`,
    instance: { category: c.category, words: c.words, secret: c.words[i % c.words.length], decoys: c.decoys.slice(0, 5) },
    message: legalFiller(c.words, i),
    status: "scored",
  }));
}

describe.each(storeBackends())("a 117-instance study filled by 32 participants on $name", (backend) => {
  if (!useBackend(backend)) return;
  let server: Awaited<ReturnType<typeof startStudyServer>>;
  let study: StudyRecord;
  const acknowledged: Acknowledged[] = [];

  beforeAll(async () => {
    const location = await backend.fresh();
    server = await startStudyServer(location.config, dataset);
    const spec = StudySpecSchema.parse({
      title: "Fill test",
      tasks: ["generation", "ally", "chameleon"],
      seed: 7,
      itemsPerParticipant: 117,
      messages: { kind: "file", name: "results.jsonl", lines: resultsLines() },
    });
    const built = buildStudy(spec, dataset, "cli");
    study = built.study;
    await server.studies.create(built.study, built.items);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("fills every item to exactly its quota, with no duplicate and no lost answer", async () => {
    const started = performance.now();
    const runs = await Promise.all(Array.from({ length: PARTICIPANTS }, (_, i) => runParticipant(server.url, study.id, i, randomAnswerer, acknowledged)));
    const seconds = (performance.now() - started) / 1000;
    console.log(`${backend.name}: ${PARTICIPANTS} participants, ${acknowledged.length} answers in ${seconds.toFixed(1)} s`);
    for (const run of runs) expect(run.finished.state).toBe("finished");

    const data = await server.studies.data(study);
    expect(data.study.config.instances).toBe(117);
    const items = data.items.filter((i) => !i.gold);
    expect(items).toHaveLength(117 * 3);
    const perItem = new Map<string, Set<string>>();
    for (const a of data.answers) perItem.set(a.itemId, new Set([...(perItem.get(a.itemId) ?? []), a.participantId]));
    // Exactly the quota, each from a different person.
    for (const item of items) expect(perItem.get(item.itemId)?.size ?? 0, `${item.task} ${item.payload.category}`).toBe(item.quota);
    expect(data.answers).toHaveLength(117 * (3 + 5 + 5));
    // No duplicate: one answer per (participant, item), and one item per (participant, instance) across tasks.
    const seen = new Set<string>();
    const byInstance = new Set<string>();
    const itemsById = new Map(data.items.map((i) => [i.itemId, i]));
    for (const a of data.answers) {
      const key = `${a.participantId}|${a.itemId}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      const instance = `${a.participantId}|${itemsById.get(a.itemId)!.instanceKey}`;
      expect(byInstance.has(instance), `${instance} twice`).toBe(false);
      byInstance.add(instance);
    }
    // No lost answer: everything acknowledged is stored, as it was acknowledged.
    expect(acknowledged).toHaveLength(data.answers.length);
    const stored = new Map(data.answers.map((a) => [`${a.participantId}|${a.itemId}`, "message" in a.answer ? a.answer.message : a.answer.choice]));
    for (const ack of acknowledged) expect(stored.get(`${ack.participantId}|${ack.item}`)).toBe(ack.answer);
  }, 240_000);

  it("turns away a newcomer once the study is full", async () => {
    const late = await runParticipant(server.url, study.id, 99, randomAnswerer, []);
    expect(late.finished).toMatchObject({ state: "finished", reason: "exhausted", progress: { done: 0 } });
  });
});

describe("one participant's requests", () => {
  const backend = storeBackends()[0];
  useBackend(backend);
  let server: Awaited<ReturnType<typeof startStudyServer>>;
  let study: StudyRecord;
  beforeAll(async () => {
    server = await startStudyServer((await backend.fresh()).config, dataset);
    const built = buildStudy(StudySpecSchema.parse({ title: "Small", tasks: ["generation"], categories: 3, itemsPerParticipant: 2 }), dataset, "cli");
    study = built.study;
    await server.studies.create(built.study, built.items);
  });
  afterAll(async () => server?.close());

  it("resumes the same item with the same options, records a retried answer once, and refuses bad input with a reason", async () => {
    const base = `${server.url}/api/studies/${study.id}`;
    const { body: joined } = await api<{ credential: string }>(`${base}/participants`, { body: { consent: true } });
    const credential = joined.credential;
    const first = (await api<ParticipantState>(`${base}/next`, { credential })).body;
    const again = (await api<ParticipantState>(`${base}/next`, { credential })).body;
    expect(again).toEqual(first);
    if (first.state !== "item" || first.item.task !== "generation") throw new Error("expected a generation item");
    expect(first.progress).toEqual({ done: 0, total: 2 });
    // A grid word is refused with the rules' reason; nothing is recorded.
    const grid = await api<{ error: string }>(`${base}/answers`, { credential, body: { item: first.item.id, message: first.item.words[0] } });
    expect(grid.status).toBe(400);
    expect(grid.body.error).toMatch(/^message: /);
    for (const bad of [{ item: first.item.id }, { item: first.item.id, choice: 1 }, { item: "nope", message: "x" }, { item: first.item.id, message: "ok", extra: 1 }, "text", null]) {
      const refused = await api<{ error: string }>(`${base}/answers`, { credential, body: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(typeof refused.body.error).toBe("string");
    }
    const message = legalFiller(first.item.words);
    const recorded = await api<{ recorded: string; progress: { done: number } }>(`${base}/answers`, { credential, body: { item: first.item.id, message } });
    expect(recorded.body).toMatchObject({ recorded: "recorded", progress: { done: 1 } });
    const retried = await api<{ recorded: string }>(`${base}/answers`, { credential, body: { item: first.item.id, message } });
    expect(retried.body.recorded).toBe("duplicate");
    // A different legal message for the same item (a second filler: a fixed word such as "two" can be on the grid).
    const other = `${message} ${legalFiller([...first.item.words, message])}`;
    const changed = await api<{ error: string }>(`${base}/answers`, { credential, body: { item: first.item.id, message: other } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(409);
    expect((await server.studies.data(study)).answers).toHaveLength(1);
    // Without or with someone else's credential: refused.
    expect((await api(`${base}/next`)).status).toBe(401);
    expect((await api(`${base}/next`, { credential: credential.replace(/.$/, (c) => (c === "A" ? "B" : "A")) })).status).toBe(401);
    expect((await api(`${server.url}/api/studies/zzzzzzzzzz/next`, { credential })).status).toBe(404);
  });
});

describe("a study whose ally and chameleon items are its own generation answers", () => {
  const backend = storeBackends()[0];
  useBackend(backend);
  let server: Awaited<ReturnType<typeof startStudyServer>>;
  afterAll(async () => server?.close());

  it("turns each message into an item of each evaluation task, never judged by its author, and fills them as people come", async () => {
    server = await startStudyServer((await backend.fresh()).config, dataset);
    const spec = StudySpecSchema.parse({ title: "Own messages", tasks: ["generation", "ally", "chameleon"], categories: 6, quotas: { ally: 2, chameleon: 2 }, itemsPerParticipant: 6, messages: { kind: "generation" } });
    const built = buildStudy(spec, dataset, "cli");
    await server.studies.create(built.study, built.items);
    // People arrive in waves, as they do: the first ones find only generation items, later ones judge their messages.
    let waves = 0;
    for (let joined = 0; waves < 6; waves++) {
      await Promise.all(Array.from({ length: 8 }, () => runParticipant(server.url, built.study.id, joined++, randomAnswerer, [])));
      const data = await server.studies.data(built.study);
      if (data.items.length === 6 * 7 && data.items.every((i) => data.answers.filter((a) => a.itemId === i.itemId).length === i.quota)) break;
    }
    const data = await server.studies.data(built.study);
    // 6 generation items, 3 messages each, each an ally and a chameleon item.
    expect(data.items).toHaveLength(6 + 6 * 3 * 2);
    const items = new Map(data.items.map((i) => [i.itemId, i]));
    for (const item of data.items) expect(data.answers.filter((a) => a.itemId === item.itemId)).toHaveLength(item.quota);
    for (const answer of data.answers) {
      const item = items.get(answer.itemId)!;
      if (item.task === "generation") continue;
      const written = data.answers.find((a) => a.itemId === item.payload.source!.item && a.participantId === item.payload.source!.participant)!;
      expect("message" in written.answer && written.answer.message).toBe(item.payload.message);
      expect(answer.participantId).not.toBe(item.payload.source!.participant);
    }
    expect(waves).toBeLessThan(6);
  }, 120_000);
});
