import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seededRng } from "../../shared/random";
import { GameStore } from "../../server/store/game-store";
import { isFailure, planOf, plansForOpenLogs, type RestorePlan } from "../../server/store/restore";
import { logFixtureGame, PLAYERS } from "../support/store-game-fixture";

let dir: string;
let store: GameStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sneak-restore-"));
  store = new GameStore({ path: join(dir, "game.db") });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("restoring open rooms from their logs", () => {
  it("replays an open room's log to the exact state of its last logged move", async () => {
    const table = await logFixtureGame(store, { unrevealed: true });
    store.close();
    store = new GameStore({ path: join(dir, "game.db") });
    const plans = plansForOpenLogs(store);
    expect(plans).toHaveLength(1);
    const plan = plans[0] as RestorePlan;
    expect(isFailure(plan)).toBe(false);
    expect(plan.state).toEqual(table.state);
    expect(plan.roomCode).toBe("WXYZ");
    expect(plan.sessions.map((s) => [s.playerId, s.token])).toEqual([
      [PLAYERS.ann, "token-ann"],
      [PLAYERS.bea, "token-bea"],
    ]);
  });

  it("honours only a seat's newest session: a token retired when the seat was taken back on another device stays retired", async () => {
    const table = await logFixtureGame(store, { unrevealed: true });
    const logId = table.log.logIdOf(table.room)!;
    const events = store.eventsOf(logId);
    const retaken = { ...events.find((e) => e.kind === "session" && (e as { playerId?: string }).playerId === PLAYERS.bea)!, token: "token-bea-laptop", seq: 1e9 };
    const plan = planOf([...events, retaken]) as RestorePlan;
    expect(plan.sessions.map((s) => [s.playerId, s.token])).toEqual([
      [PLAYERS.ann, "token-ann"],
      [PLAYERS.bea, "token-bea-laptop"],
    ]);
  });

  it("restores every prefix of a log: whatever move was the last acknowledged, the replay reaches it", async () => {
    const table = await logFixtureGame(store);
    const events = store.eventsOf(table.log.logIdOf(table.room)!);
    let actions = 0;
    for (let cut = 1; cut <= events.length; cut++) {
      const plan = planOf(events.slice(0, cut));
      expect(isFailure(plan), `cut at ${cut}`).toBe(false);
      expect((plan as RestorePlan).actions.length).toBeGreaterThanOrEqual(actions);
      actions = (plan as RestorePlan).actions.length;
    }
    expect((planOf(events) as RestorePlan).state).toEqual(table.state);
  });

  it("leaves closed rooms alone and refuses, with a reason, a log that does not replay", async () => {
    await logFixtureGame(store, { code: "DONE", close: true });
    const table = await logFixtureGame(store, { code: "OPEN" });
    expect(plansForOpenLogs(store).map((p) => p.roomCode)).toEqual(["OPEN"]);
    // A different RNG deals different rounds: the check against the logged deals catches it.
    const diverged = planOf(store.eventsOf(table.log.logIdOf(table.room)!), () => seededRng("another seed"));
    expect(isFailure(diverged)).toBe(true);
    expect((diverged as { reason: string }).reason).toMatch(/no longer applies|dealt round 1 differently/);
    expect(isFailure(planOf([]))).toBe(true);
  });
});
