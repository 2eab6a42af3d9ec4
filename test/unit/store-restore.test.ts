import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seededRng } from "../../shared/random";
import { isFailure, planOf, plansForOpenLogs, restoreOpenRooms, restoreRoom, type RestorePlan } from "../../server/store/restore";
import { logFixtureGame, PLAYERS } from "../support/store-game-fixture";
import { storeBackends, useBackend, type StoreLocation, type TestStore } from "../support/store-backends";

describe.each(storeBackends())("restoring open rooms from their logs on $name", (backend) => {
  if (!useBackend(backend)) return;
  let location: StoreLocation;
  let store: TestStore;
  beforeEach(async () => {
    location = await backend.fresh();
    store = await location.open();
  });
  afterEach(async () => {
    await store.close();
  });

  it("replays an open room's log to the exact state of its last logged move", async () => {
    const table = await logFixtureGame(store, { unrevealed: true });
    await store.close();
    store = await location.open();
    const plans = await plansForOpenLogs(store);
    expect(plans).toHaveLength(1);
    const plan = plans[0] as RestorePlan;
    expect(isFailure(plan)).toBe(false);
    expect(plan.state).toEqual(table.state);
    expect(plan.roomCode).toBe("WXYZ");
    expect(plan.sessions.map((s) => [s.playerId, s.token])).toEqual([
      [PLAYERS.ann, "token-ann"],
      [PLAYERS.bea, "token-bea"],
    ]);
    // Taking the room over (a restart, or another process) claims it and replays the same state.
    const taken = (await restoreRoom(store, "WXYZ")) as RestorePlan;
    expect(taken.state).toEqual(table.state);
    expect(await restoreRoom(store, "NONE")).toBeNull();
  });

  it("honours only a seat's newest session: a token retired when the seat was taken back on another device stays retired", async () => {
    const table = await logFixtureGame(store, { unrevealed: true });
    const logId = table.log.logIdOf(table.room)!;
    const events = await store.eventsOf(logId);
    const retaken = { ...events.find((e) => e.kind === "session" && (e as { playerId?: string }).playerId === PLAYERS.bea)!, token: "token-bea-laptop", seq: 1e9 };
    const plan = planOf([...events, retaken]) as RestorePlan;
    expect(plan.sessions.map((s) => [s.playerId, s.token])).toEqual([
      [PLAYERS.ann, "token-ann"],
      [PLAYERS.bea, "token-bea-laptop"],
    ]);
  });

  it("restores every prefix of a log: whatever move was the last acknowledged, the replay reaches it", async () => {
    const table = await logFixtureGame(store);
    const events = await store.eventsOf(table.log.logIdOf(table.room)!);
    let actions = 0;
    for (let cut = 1; cut <= events.length; cut++) {
      const plan = planOf(events.slice(0, cut));
      expect(isFailure(plan), `cut at ${cut}`).toBe(false);
      expect((plan as RestorePlan).actions.length).toBeGreaterThanOrEqual(actions);
      actions = (plan as RestorePlan).actions.length;
    }
    expect((planOf(events) as RestorePlan).state).toEqual(table.state);
  });

  it("replays a clue the table accepted even if the clue rule has grown stricter since (a room open across an upgrade)", async () => {
    const table = await logFixtureGame(store, { unrevealed: true });
    const events = await store.eventsOf(table.log.logIdOf(table.room)!);
    const at = events.findIndex((e) => e.kind === "action" && (e as { action: { type: string } }).action.type === "giveClue");
    expect(at).toBeGreaterThanOrEqual(0);
    // A grid word as the clue: refused today, standing here for a form an older rule let through.
    const gridWord = table.state.rounds[0].card.words[0];
    const original = events[at] as unknown as { action: { text: string } };
    const stricter = { ...events[at], action: { ...original.action, text: gridWord } };
    const plan = planOf([...events.slice(0, at), stricter, ...events.slice(at + 1)]);
    expect(isFailure(plan), isFailure(plan) ? plan.reason : "").toBe(false);
    expect((plan as RestorePlan).state.rounds[0].clues.map((c) => c.text)).toContain(gridWord);
  });

  it("leaves closed rooms alone and refuses, with a reason, a log that does not replay", async () => {
    await logFixtureGame(store, { code: "DONE", close: true });
    const table = await logFixtureGame(store, { code: "OPEN" });
    expect((await plansForOpenLogs(store)).map((p) => p.roomCode)).toEqual(["OPEN"]);
    expect((await restoreOpenRooms(store)).map((p) => [p.roomCode, isFailure(p)])).toEqual([["OPEN", false]]);
    // A different RNG deals different rounds: the check against the logged deals catches it.
    const diverged = planOf(await store.eventsOf(table.log.logIdOf(table.room)!), () => seededRng("another seed"));
    expect(isFailure(diverged)).toBe(true);
    expect((diverged as { reason: string }).reason).toMatch(/no longer applies|dealt round 1 differently/);
    expect(isFailure(planOf([]))).toBe(true);
  });

  it("restores only the latest log of a room code and names the older open one as unrestorable", async () => {
    await logFixtureGame(store, { code: "TWIN", now: () => Date.UTC(2025, 0, 1) });
    const later = await logFixtureGame(store, { code: "TWIN", seed: "other" });
    const plans = await restoreOpenRooms(store);
    expect(plans.filter((p) => !isFailure(p)).map((p) => p.logId)).toEqual([later.log.logIdOf(later.room)]);
    expect(plans.filter(isFailure).map((p) => p.reason)).toEqual(["a later log of the same room code is open"]);
  });
});
