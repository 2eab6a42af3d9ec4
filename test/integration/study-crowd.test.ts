import Ajv from "ajv";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { invalidReasonOf } from "../../server/benchmark/message-validity";
import { loadDataset } from "../../server/dataset/load-dataset";
import type { StudyResults } from "../../shared/studies/results-types";
import type { ParticipantState } from "../../shared/studies/protocol";
import { storeBackends, useBackend } from "../support/store-backends";
import { startStudyServer } from "../support/study-server";
import { api, legalFiller } from "../support/study-participants";

/**
 * A study run as a lab runs one on Prolific, from outside over HTTP, on both backends: participants arrive
 * with PROLIFIC_PID in the link, meet one attention check each (items that look like the others, with a
 * plain answer), and are shown the study's completion code and link at the end; the results leave out who
 * failed the check and who answered too fast, and the export has a row per participant. Opening the link
 * again with the same platform id, on another device, is the same participant.
 */

const RESEARCH_KEY = "research-key-for-tests-0123456789";
const dataset = loadDataset();
const CODE = "C0DE-1234";
const URL_BACK = "https://app.prolific.com/submissions/complete?cc=C0DE1234";
const PACE_MS = 1100;

type Item = Extract<ParticipantState, { state: "item" }>["item"];

describe.each(storeBackends())("a crowd-platform study on $name", (backend) => {
  if (!useBackend(backend)) return;

  it("keeps platform ids, shows the completion code, gives everyone a plain check and excludes failed checks and the too fast", async () => {
    const server = await startStudyServer((await backend.fresh()).config, dataset, { researchKey: RESEARCH_KEY });
    try {
      const lines = dataset.categories.map((c) => ({ category: c.category, secret: c.words[0], message: legalFiller(c.words) }));
      const spec = {
        title: "Crowd",
        tasks: ["ally", "chameleon"],
        categories: 6,
        itemsPerParticipant: 2,
        attentionChecks: 1,
        minSecondsPerItem: 1,
        completionCode: CODE,
        completionUrl: URL_BACK,
        messages: { kind: "file", name: "m.jsonl", lines },
      };
      const made = await api<{ id: string; key: string }>(`${server.url}/api/studies`, { body: spec, credential: RESEARCH_KEY });
      expect(made.status).toBe(201);
      const base = `${server.url}/api/studies/${made.body.id}`;
      const data = await server.studies.data((await server.studies.study(made.body.id))!);
      const gold = new Map(data.items.filter((i) => i.gold).map((i) => [i.itemId, i]));
      expect(gold.size).toBeGreaterThan(0);
      // Checks look like real items: a legal clue, never the secret, and a plain answer (a variant of the secret).
      for (const check of gold.values()) {
        expect(check.payload.message).not.toBe(check.payload.secret);
        expect(invalidReasonOf(check.payload.message!, check.payload.words)).toBeFalsy();
        expect(check.payload.message!.slice(0, 3)).toBe(check.payload.secret.toLowerCase().slice(0, 3));
      }

      const bodies = new Map<string, string[]>();
      const take = async (pid: string, pace: number, failCheck: boolean) => {
        const seen: string[] = [];
        bodies.set(pid, seen);
        const joined = await api<{ participantId: string; credential: string }>(`${base}/participants`, { body: { consent: true, platformId: pid } });
        expect(joined.status).toBe(201);
        seen.push(JSON.stringify(joined.body));
        const credential = joined.body.credential;
        let state = (await api<ParticipantState>(`${base}/next`, { credential })).body;
        let checks = 0;
        while (state.state === "item") {
          seen.push(JSON.stringify(state));
          const item: Item = state.item;
          const check = gold.get(item.id);
          if (check) checks++;
          const right = check ? (item.task === "ally" ? item.messages.indexOf(check.payload.message!) : item.words.indexOf(check.payload.secret)) : 0;
          const choice = check && failCheck ? (right + 1) % (item.task === "ally" ? item.messages.length : item.words.length) : right;
          await new Promise((resolve) => setTimeout(resolve, pace));
          const answered = await api<ParticipantState>(`${base}/answers`, { body: { item: item.id, choice }, credential });
          expect(answered.status).toBe(200);
          state = answered.body;
        }
        seen.push(JSON.stringify(state));
        return { participantId: joined.body.participantId, state, checks };
      };
      const [careful, fast, careless] = await Promise.all([take("pid-careful", PACE_MS, false), take("pid-fast", 0, false), take("pid-careless", PACE_MS, true)]);
      for (const run of [careful, fast, careless]) {
        expect(run.checks).toBe(1);
        expect(run.state).toMatchObject({ state: "finished", reason: "complete", progress: { done: 3, total: 3 }, completion: { code: CODE, url: URL_BACK } });
      }
      // Nobody is shown another participant's platform id.
      for (const [pid, seen] of bodies) for (const other of bodies.keys()) if (other !== pid) expect(seen.join("\n")).not.toContain(other);

      // The same platform id on another device: the same participant, already finished.
      const again = await api<{ participantId: string; credential: string }>(`${base}/participants`, { body: { consent: true, platformId: "pid-careful" } });
      expect(again.body.participantId).toBe(careful.participantId);
      expect((await api<ParticipantState>(`${base}/next`, { credential: again.body.credential })).body).toMatchObject({ state: "finished", reason: "complete" });
      const badJoin = await api<{ error: string }>(`${base}/participants`, { body: { consent: true, platformId: "has space" } });
      expect(badJoin.status).toBe(400);
      expect(badJoin.body.error).toMatch(/^platformId: /);

      const results = (await api<StudyResults>(`${base}/admin/results`, { credential: made.body.key })).body;
      expect(results.participants).toMatchObject({ joined: 3, answered: 3, failedChecks: 1, tooFast: 1, excluded: 2, minSecondsPerItem: 1 });
      // Only the careful participant's two real answers are counted.
      expect(results.evaluation.reduce((s, e) => s + e.answers, 0)).toBe(2);
      const status = (await api<{ participants: Record<string, number> }>(`${base}/admin`, { credential: made.body.key })).body;
      expect(status.participants).toMatchObject({ joined: 3, answered: 3, complete: 3, finished: 3, excluded: 2 });

      const exported = await fetch(`${base}/admin/export?table=participants`, { headers: { authorization: `Bearer ${made.body.key}` } });
      const people = (await exported.text()).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
      const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync("docs/schema/sneak-study-participants.schema.json", "utf8")));
      for (const row of people) expect(validate(row), JSON.stringify(validate.errors)).toBe(true);
      const byPid = new Map(people.map((p) => [p.platformId, p]));
      expect(byPid.get("pid-careful")).toMatchObject({ answers: 3, checks: 1, checksPassed: 1, excluded: null, finished: "complete", fastAnswers: 0 });
      expect(byPid.get("pid-fast")).toMatchObject({ excluded: "too-fast", fastAnswers: 3 });
      expect(byPid.get("pid-careless")).toMatchObject({ checks: 1, checksPassed: 0, excluded: "failed-check" });
      const answers = await fetch(`${base}/admin/export`, { headers: { authorization: `Bearer ${made.body.key}` } });
      const rows = (await answers.text()).trim().split("\n").map((l) => JSON.parse(l) as { platformId: string; excluded: string | null; tooFast: boolean });
      expect(rows).toHaveLength(9);
      expect(rows.filter((r) => r.platformId === "pid-fast").every((r) => r.tooFast && r.excluded === "too-fast")).toBe(true);
    } finally {
      await server.close();
    }
  }, 60_000);
});
