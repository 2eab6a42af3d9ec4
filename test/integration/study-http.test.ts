import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ParticipantState } from "../../shared/studies/protocol";
import { TEST_DATASET } from "../support/socket-server";
import { startStudyServer } from "../support/study-server";
import { api, legalFiller } from "../support/study-participants";

/**
 * The studies' HTTP surface as an outsider meets it: creating a study needs the research key, its results
 * need the study's key, a participant receives neither key, no secret in a chameleon item, no mark of an
 * attention check and nobody's answers; attention checks flag who fails them; the per-address limit holds.
 */

const RESEARCH_KEY = "research-key-for-tests-0123456789";
const dir = mkdtempSync(join(tmpdir(), "sneak-study-http-"));
let server: Awaited<ReturnType<typeof startStudyServer>>;

beforeAll(async () => {
  server = await startStudyServer({ path: join(dir, "log.db"), sync: "normal", databaseUrl: null }, TEST_DATASET, { researchKey: RESEARCH_KEY });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const lines = TEST_DATASET.categories.map((c) => ({ category: c.category, secret: c.words[2], message: legalFiller(c.words) }));
// Attention checks from the researcher's file: a message whose answer is plain (here a marked word).
const checkLines = TEST_DATASET.categories.map((c) => ({ category: c.category, secret: c.words[2], message: "zzcheck" }));
const spec = { title: "HTTP", tasks: ["ally", "chameleon"], itemsPerParticipant: 2, attentionChecks: 1, checks: { name: "checks.jsonl", lines: checkLines }, messages: { kind: "file", name: "m.jsonl", lines } };

async function create(body: unknown, key = RESEARCH_KEY) {
  return api<{ id: string; key: string; error?: string; participantPath: string }>(`${server.url}/api/studies`, { body, credential: key });
}

const checkSecret = (category: string) => TEST_DATASET.categories.find((c) => c.category === category)!.words[2];
const wrongChoice = (item: Extract<ParticipantState, { state: "item" }>["item"]) =>
  item.task === "ally" ? item.messages.findIndex((m) => m !== "zzcheck" && m !== legalFiller(item.words)) : item.words.findIndex((w) => w !== checkSecret(item.category));

describe("studies over HTTP", () => {
  it("are created only with the research key, from a checked spec", async () => {
    expect((await create(spec, "wrong-key-wrong-key-wrong")).status).toBe(401);
    expect((await api(`${server.url}/api/studies`, { body: spec })).status).toBe(401);
    const bad = await create({ ...spec, tasks: ["ally"], messages: { kind: "none" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^messages: /);
    expect((await create({ ...spec, quotas: { ally: 0 } })).status).toBe(400);
    const made = await create(spec);
    expect(made.status).toBe(201);
    expect(made.body.participantPath).toBe(`/s/${made.body.id}`);
    expect(made.body.key).toMatch(/^sk-/);
  });

  it("never send a participant a key, a chameleon item's secret, an attention-check mark or the right answer", async () => {
    const { body: made } = await create(spec);
    const base = `${server.url}/api/studies/${made.id}`;
    const seen: string[] = [];
    const info = await api<Record<string, unknown>>(base);
    seen.push(JSON.stringify(info.body));
    expect(Object.keys(info.body).sort()).toEqual(["consent", "id", "itemsPerParticipant", "open", "platformIdParams", "renewSeconds", "tasks", "title"]);
    expect(info.body.itemsPerParticipant).toBe(3);
    const joined = await api<{ credential: string }>(`${base}/participants`, { body: { consent: true } });
    seen.push(JSON.stringify(joined.body));
    const credential = joined.body.credential;
    let state = (await api<ParticipantState>(`${base}/next`, { credential })).body;
    let checks = 0;
    while (state.state === "item") {
      seen.push(JSON.stringify(state));
      const item = state.item;
      if (item.task === "generation") throw new Error("this study has no generation task");
      const keys = Object.keys(item).sort();
      if (item.task === "chameleon") {
        expect(keys).toEqual(["category", "id", "message", "task", "words"]);
        // The secret is one of the words, and nothing says which.
        if (item.message === "zzcheck") checks++;
      } else {
        expect(keys).toEqual(["category", "id", "messages", "secret", "task", "words"]);
        if (item.messages.includes("zzcheck")) checks++;
      }
      // A wrong answer to everything: the first option that is not the right one.
      const answered = await api<ParticipantState & { recorded: string }>(`${base}/answers`, { credential, body: { item: item.id, choice: wrongChoice(item) } });
      seen.push(JSON.stringify(answered.body));
      expect(Object.keys(answered.body)).not.toContain("correct");
      state = answered.body;
    }
    expect(checks).toBe(1);
    const everything = seen.join("\n");
    expect(everything).not.toContain(made.key);
    expect(everything).not.toMatch(/gold|attention|quota|correct|keyHash|key_hash/i);
    // The participant's credential opens nothing of the researcher's.
    for (const path of ["/admin", "/admin/results", "/admin/export"]) expect((await api(`${base}${path}`, { credential })).status).toBe(401);
    // The researcher sees that this participant failed the check.
    const status = await api<{ attentionChecks: { failedParticipants: number } }>(`${base}/admin`, { credential: made.key });
    expect(status.status).toBe(200);
    expect(status.body.attentionChecks.failedParticipants).toBe(1);
    const exported = await fetch(`${base}/admin/export`, { headers: { authorization: `Bearer ${made.key}` } });
    const rows = (await exported.text()).trim().split("\n").map((l) => JSON.parse(l) as { attentionCheck: boolean; passedChecks: boolean });
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.attentionCheck)).toHaveLength(1);
    expect(rows.every((r) => r.passedChecks === false)).toBe(true);
  });

  it("close to newcomers and to new items when the researcher closes the study", async () => {
    const { body: made } = await create(spec);
    const base = `${server.url}/api/studies/${made.id}`;
    const { body: joined } = await api<{ credential: string }>(`${base}/participants`, { body: { consent: true } });
    for (const bad of [{ open: "no" }, {}, [1]]) {
      const refused = await api<{ error: string }>(`${base}/admin/state`, { body: bad, credential: made.key });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error).toBe("open: must be true or false");
    }
    expect((await api(`${base}/admin/state`, { body: { open: false }, credential: made.key })).status).toBe(200);
    expect((await api(`${base}/participants`, { body: { consent: true } })).status).toBe(409);
    expect((await api<ParticipantState>(`${base}/next`, { credential: joined.credential })).body).toMatchObject({ state: "finished", reason: "closed" });
    expect((await api(`${base}/participants`, { body: {} })).status).toBe(400);
  });

  it("refuse a body that is not JSON as a bad body, and a malformed address as a bad address", async () => {
    const { body: made } = await create(spec);
    const notJson = await fetch(`${server.url}/api/studies/${made.id}/participants`, { method: "POST", headers: { "content-type": "application/json" }, body: "{consent" });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toBe("body: must be a JSON object");
    for (const path of ["/api/studies/%E0%A4%A", "/api/studies/%E0%A4%A/next"]) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).error, path).toMatch(/^bad address: a malformed percent-encoding/);
    }
  });
});

describe("the per-address limit of the studies", () => {
  it("answers 429 with Retry-After past the burst, and does not count against the game's API limit", async () => {
    const limited = await startStudyServer({ path: join(dir, "limited.db"), sync: "normal", databaseUrl: null }, TEST_DATASET, { limits: { burst: 5, perMinute: 1 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await fetch(`${limited.url}/api/studies/aaaaaaaaaa`)).status);
      expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
      const refused = await fetch(`${limited.url}/api/studies/aaaaaaaaaa`);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await fetch(`${limited.url}/api/leaderboard`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
