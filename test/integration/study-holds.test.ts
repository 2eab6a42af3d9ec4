import { describe, expect, it } from "vitest";
import type { ParticipantState } from "../../shared/studies/protocol";
import { storeBackends, useBackend } from "../support/store-backends";
import { TEST_DATASET } from "../support/socket-server";
import { startStudyServer } from "../support/study-server";
import { api, legalFiller, randomAnswerer, runParticipant } from "../support/study-participants";

/**
 * Hoarding and abandonment, from outside, on both backends: a client that joins again and again from one
 * address and opens items it never answers, then a burst of people from many addresses who open an item
 * each and close the tab. Neither locks the study: joins from one address are bounded, what one address
 * holds is bounded, real participants still get items, a late one is told to come back (not that the study
 * is over) while items are only held, and abandoned holds come back within the study's `holdSeconds`.
 * The server trusts one proxy hop, so each request names its client address in X-Forwarded-For.
 */

const RESEARCH_KEY = "research-key-for-tests-0123456789";
const JOINS = 5;
const HOLDS = 3;
// Long enough for each phase below on a loaded machine, short enough to wait out once.
const HOLD_SECONDS = 4;

type Joined = { participantId: string; credential: string };

describe.each(storeBackends())("hoarding and abandonment on $name", (backend) => {
  if (!useBackend(backend)) return;

  it("cannot lock a study: joins and holds per address are bounded, abandoned holds come back, latecomers wait", async () => {
    const server = await startStudyServer((await backend.fresh()).config, TEST_DATASET, {
      researchKey: RESEARCH_KEY,
      trustProxy: true,
      joins: { joinBurst: JOINS, joinsPerMinute: JOINS, holdsPerAddress: HOLDS },
    });
    try {
      // 3 instances × 5 people: 15 slots, the 3-instance study.
      const lines = TEST_DATASET.categories.map((c) => ({ category: c.category, secret: c.words[2], message: legalFiller(c.words) }));
      const spec = { title: "Holds", tasks: ["ally"], itemsPerParticipant: 3, holdSeconds: HOLD_SECONDS, minSecondsPerItem: 0, messages: { kind: "file", name: "m.jsonl", lines } };
      const made = await api<{ id: string }>(`${server.url}/api/studies`, { body: spec, credential: RESEARCH_KEY });
      expect(made.status).toBe(201);
      const base = `${server.url}/api/studies/${made.body.id}`;
      const join = (from: string) => api<Joined & { error?: string }>(`${base}/participants`, { body: { consent: true }, from });
      const next = (who: Joined, from: string) => api<ParticipantState>(`${base}/next`, { credential: who.credential, from });

      // The hoarder: 12 join + next pairs from one address, as fast as it can.
      const hoarder = "10.0.0.66";
      const joins = [];
      for (let i = 0; i < 12; i++) joins.push(await join(hoarder));
      expect(joins.filter((j) => j.status === 201)).toHaveLength(JOINS);
      const refused = joins.find((j) => j.status === 429)!;
      expect(refused.body.error).toMatch(/too many people joined from your address/);
      const states = [];
      for (const j of joins.filter((j) => j.status === 201)) states.push((await next(j.body, hoarder)).body);
      expect(states.filter((s) => s.state === "item")).toHaveLength(HOLDS);
      expect(states.filter((s) => s.state === "wait")).toHaveLength(JOINS - HOLDS);

      // A real participant from elsewhere is not blocked, and answers every item.
      const done = await runParticipant(() => server.url, made.body.id, 0, randomAnswerer, []);
      expect(done.finished).toMatchObject({ state: "finished", reason: "complete", progress: { done: 3, total: 3 } });

      // The hoarder's pages ask again, as open pages do, which renews its holds.
      for (const j of joins.filter((j) => j.status === 201)) await next(j.body, hoarder);

      // A burst of people from 13 addresses open an item each and close the tab: 12 − 3 held = 9 slots are left.
      const burst: ParticipantState[] = [];
      for (let i = 1; i <= 13; i++) {
        const from = `10.0.1.${i}`;
        const j = await join(from);
        expect(j.status).toBe(201);
        burst.push((await next(j.body, from)).body);
      }
      expect(burst.filter((s) => s.state === "item")).toHaveLength(9);
      expect(burst.filter((s) => s.state === "wait")).toHaveLength(4);

      // Every slot is held, none done: a latecomer is told to come back, soon, not that the study is over.
      const late = (await join("10.0.2.1")).body;
      const waiting = (await next(late, "10.0.2.1")).body;
      expect(waiting.state).toBe("wait");
      if (waiting.state === "wait") expect(waiting.retryAfterSeconds).toBeLessThanOrEqual(HOLD_SECONDS + 1);

      // Nobody renews their hold: after holdSeconds the items are free again, and the latecomer finishes.
      await new Promise((resolve) => setTimeout(resolve, HOLD_SECONDS * 1000 + 200));
      let state = (await next(late, "10.0.2.1")).body;
      for (let step = 0; step < 10 && state.state === "item"; step++) {
        const answered = await api<ParticipantState>(`${base}/answers`, { body: { item: state.item.id, choice: 0 }, credential: late.credential, from: "10.0.2.1" });
        expect(answered.status).toBe(200);
        state = answered.body;
      }
      expect(state).toMatchObject({ state: "finished", reason: "complete", progress: { done: 3 } });

      // A hoarder who comes back still finds its item (a lapsed hold is renewed), and may still answer it.
      const back = (await next(joins[0].body, hoarder)).body;
      expect(back.state).toBe("item");
    } finally {
      await server.close();
    }
  }, 60_000);
});
