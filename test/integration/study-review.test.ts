import { describe, expect, it } from "vitest";
import type { ParticipantState, ReviewEntry } from "../../shared/studies/protocol";
import { storeBackends, useBackend } from "../support/store-backends";
import { TEST_DATASET } from "../support/socket-server";
import { startStudyServer } from "../support/study-server";
import { api, legalFiller } from "../support/study-participants";

/**
 * What a researcher meets besides the main path, from outside over HTTP, on both backends: generated clues
 * reviewed before others judge them (the offensive-word filter, then the researcher's approval); an answer
 * to an item handed out before the study closed is not kept; a `choice` sent as text is refused with the
 * field named; a study promising more items than a person can meet says so and promises what it gives; the
 * message file's name keeps no directory; generation answers are scored against the dataset's decoys.
 */

const RESEARCH_KEY = "research-key-for-tests-0123456789";

type Joined = { participantId: string; credential: string };

describe.each(storeBackends())("review, closing and the small print on $name", (backend) => {
  if (!useBackend(backend)) return;

  it("hold generated clues for review, refuse late answers, and say plainly what is wrong", async () => {
    const server = await startStudyServer((await backend.fresh()).config, TEST_DATASET, { researchKey: RESEARCH_KEY });
    try {
      const create = async (spec: object) => {
        const made = await api<{ id: string; key: string; notes: string[]; participantUrl: string; error?: string }>(`${server.url}/api/studies`, { body: spec, credential: RESEARCH_KEY });
        expect(made.status, made.body.error).toBe(201);
        return made.body;
      };
      const join = async (id: string) => (await api<Joined>(`${server.url}/api/studies/${id}/participants`, { body: { consent: true } })).body;
      const next = async (id: string, who: Joined) => (await api<ParticipantState>(`${server.url}/api/studies/${id}/next`, { credential: who.credential })).body;
      const answer = (id: string, who: Joined, body: object) => api<ParticipantState & { recorded?: string; notice?: string; error?: string }>(`${server.url}/api/studies/${id}/answers`, { body, credential: who.credential });

      // ─── Review of the study's own messages ───
      const gen = await create({ title: "Review", tasks: ["generation", "ally"], itemsPerParticipant: 1, quotas: { generation: 2 }, review: "manual", messages: { kind: "generation" } });
      const genBase = `${server.url}/api/studies/${gen.id}`;
      const writers = [await join(gen.id), await join(gen.id)];
      const written = ["shit", null];
      for (const [i, who] of writers.entries()) {
        const state = await next(gen.id, who);
        if (state.state !== "item" || state.item.task !== "generation") throw new Error("expected a generation item");
        const done = await answer(gen.id, who, { item: state.item.id, message: written[i] ?? legalFiller(state.item.words) });
        expect(done.body.recorded).toBe("recorded");
      }
      const review = async () => (await api<{ review: string; entries: ReviewEntry[] }>(`${genBase}/admin/review`, { credential: gen.key })).body;
      const entries = (await review()).entries;
      expect(entries.map((e) => [e.decision, e.reason])).toEqual([
        ["rejected", "filter: offensive"],
        [null, null],
      ]);
      // Nothing to judge until the researcher approves: a reader is told to come back, not that the study is over.
      const reader = await join(gen.id);
      const early = await next(gen.id, reader);
      expect(early.state === "item" ? early.item.task : early.state).toBe("generation");
      const refused = await api<{ error: string }>(`${genBase}/admin/review`, { body: { answer: "2", decision: "yes" }, credential: gen.key });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/^answer: /);
      expect((await api(`${genBase}/admin/review`, { body: { answer: entries[1].answerId, decision: "approved" }, credential: gen.key })).status).toBe(200);
      expect((await api(`${genBase}/admin/review`, { body: { answer: entries[1].answerId, decision: "rejected" }, credential: gen.key })).status).toBe(409);
      const items = (await server.studies.data((await server.studies.study(gen.id))!)).items.filter((i) => i.task === "ally");
      expect(items.map((i) => i.payload.message)).toEqual([entries[1].message]);

      // ─── A file study: closing, the choice field, the promise, the file's name, the decoys ───
      const lines = TEST_DATASET.categories.map((c) => ({
        instance: { category: c.category, words: c.words, secret: c.words[1], decoys: ["zqone", "zqtwo", "zqthree", "zqfour", "zqfive"] },
        message: legalFiller(c.words),
        status: "scored",
      }));
      const file = await create({ title: "File", tasks: ["generation", "ally"], itemsPerParticipant: 5, messages: { kind: "file", name: "/home/someone/runs/results.jsonl", lines } });
      expect(file.notes.join("\n")).toMatch(/--items 5 plus --attention-checks 0 is more than the 3 instances/);
      expect(file.participantUrl).toBe(`${server.url}/s/${file.id}`);
      const info = (await api<{ itemsPerParticipant: number }>(`${server.url}/api/studies/${file.id}`)).body;
      expect(info.itemsPerParticipant).toBe(3);
      const data = await server.studies.data((await server.studies.study(file.id))!);
      for (const item of data.items) {
        const decoys = item.task === "generation" ? TEST_DATASET.categories.find((c) => c.category === item.payload.category)!.decoys.slice(0, 5) : ["zqone", "zqtwo", "zqthree", "zqfour", "zqfive"];
        expect(item.payload.decoys, item.task).toEqual(decoys);
        if (item.task === "ally") expect(item.payload.source).toMatchObject({ kind: "file", name: "results.jsonl" });
      }

      // An ally-only study of the same file: the choice field, then closing while an item is open.
      const ally = await create({ title: "Ally", tasks: ["ally"], itemsPerParticipant: 3, messages: { kind: "file", name: "/home/someone/runs/results.jsonl", lines } });
      const p = await join(ally.id);
      const first = await next(ally.id, p);
      if (first.state !== "item" || first.item.task !== "ally") throw new Error("expected an ally item");
      const asText = await answer(ally.id, p, { item: first.item.id, choice: first.item.messages[0] });
      expect(asText.status).toBe(400);
      expect(asText.body.error).toMatch(/^choice: the 0-based index of the chosen option/);
      const unknown = await answer(ally.id, p, { item: first.item.id, option: 0 });
      expect(unknown.body.error).toMatch(/^body: unknown field option/);
      const second = (await answer(ally.id, p, { item: first.item.id, choice: 0 })).body;
      if (second.state !== "item") throw new Error("expected a second item");
      // The researcher closes the study while the item is open: the answer that arrives after is not kept.
      expect((await api(`${server.url}/api/studies/${ally.id}/admin/state`, { body: { open: false }, credential: ally.key })).status).toBe(200);
      const late = await answer(ally.id, p, { item: second.item.id, choice: 0 });
      expect(late.status).toBe(200);
      expect(late.body).toMatchObject({ recorded: "closed", state: "finished", reason: "closed" });
      expect(late.body.notice).toMatch(/closed this study before your answer arrived/);

      const exported = await fetch(`${server.url}/api/studies/${ally.id}/admin/export`, { headers: { authorization: `Bearer ${ally.key}` } });
      const rows = (await exported.text()).trim().split("\n").map((l) => JSON.parse(l) as { messageSource: string });
      expect(rows).toHaveLength(1);
      expect(rows[0].messageSource).toMatch(/^file:results\.jsonl:\d$/);
    } finally {
      await server.close();
    }
  }, 60_000);
});
