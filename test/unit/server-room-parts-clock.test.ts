import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEADLINE_RETRY_MS, RoomClock } from "../../server/rooms/room-clock";
import { handoverDueIn, nextHost } from "../../server/rooms/host-handover";
import { createGame } from "../../shared/game/rules";
import { libraryOf } from "../../server/app";
import { TEST_DATASET } from "../support/socket-server";

describe("room clock (room-clock.ts)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function clock(answers: ("done" | "retry")[] = []) {
    const fired: number[] = [];
    const c = new RoomClock({
      now: () => Date.now(),
      onDeadline: async (deadline) => {
        fired.push(Date.now());
        expect(deadline).toBeGreaterThan(0);
        return answers.shift() ?? "done";
      },
    });
    return { c, fired };
  }

  it("fires the phase deadline once at its time; arming the same deadline again does not move it", async () => {
    const { c, fired } = clock();
    c.armPhase(5_000);
    await vi.advanceTimersByTimeAsync(3_000);
    c.armPhase(5_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([5_000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fired).toEqual([5_000]);
  });

  it("a new deadline replaces the old one, null clears it", async () => {
    const { c, fired } = clock();
    c.armPhase(5_000);
    c.armPhase(8_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fired).toEqual([8_000]);
    c.armPhase(20_000);
    c.armPhase(null);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fired).toEqual([8_000]);
  });

  it("tries a refused timeout again after DEADLINE_RETRY_MS, until it is done", async () => {
    const { c, fired } = clock(["retry", "retry", "done"]);
    c.armPhase(1_000);
    await vi.advanceTimersByTimeAsync(1_000 + 5 * DEADLINE_RETRY_MS);
    expect(fired).toEqual([1_000, 1_000 + DEADLINE_RETRY_MS, 1_000 + 2 * DEADLINE_RETRY_MS]);
  });

  it("the empty-room timer counts from when it was first armed, and a connection cancels it", async () => {
    const { c } = clock();
    const emptied: number[] = [];
    c.armEmpty(10_000, () => emptied.push(Date.now()));
    await vi.advanceTimersByTimeAsync(6_000);
    c.armEmpty(10_000, () => emptied.push(-1));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(emptied).toEqual([10_000]);
    c.armEmpty(10_000, () => emptied.push(Date.now()));
    await vi.advanceTimersByTimeAsync(5_000);
    c.cancelEmpty();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(emptied).toEqual([10_000]);
  });

  it("the host hand-over timer is replaced on each arming, cleared by null, and stop() silences every timer", async () => {
    const { c, fired } = clock();
    const due: string[] = [];
    c.armHostHandover(1_000, () => due.push("first"));
    c.armHostHandover(2_000, () => due.push("second"));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(due).toEqual(["second"]);
    c.armHostHandover(1_000, () => due.push("third"));
    c.armHostHandover(null, () => due.push("never"));
    c.armPhase(Date.now() + 1_000);
    c.armEmpty(1_000, () => due.push("empty"));
    c.armHostHandover(1_000, () => due.push("host"));
    c.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(due).toEqual(["second"]);
    expect(fired).toEqual([]);
  });
});

describe("host hand-over (host-handover.ts)", () => {
  it("is due SNEAK_GRACE_MS after the host went, never while the host is connected", () => {
    expect(handoverDueIn(undefined, 1_000, () => 0)).toBeNull();
    expect(handoverDueIn({ sockets: { size: 1 }, awaySince: null }, 1_000, () => 0)).toBeNull();
    expect(handoverDueIn({ sockets: { size: 0 }, awaySince: null }, 1_000, () => 0)).toBeNull();
    expect(handoverDueIn({ sockets: { size: 0 }, awaySince: 500 }, 1_000, () => 700)).toBe(800);
    expect(handoverDueIn({ sockets: { size: 0 }, awaySince: 500 }, 1_000, () => 9_000)).toBe(0);
  });

  it("passes to the next connected human after the host in seat order, wrapping round, never to a bot", () => {
    const { library } = libraryOf(TEST_DATASET);
    const state = createGame({ host: { playerId: "a", name: "Ann", kind: "human" }, library });
    const seats = [
      { ...state.seats[0] },
      { ...state.seats[0], id: "b", name: "Bot", kind: "bot" as const },
      { ...state.seats[0], id: "c", name: "Cat" },
      { ...state.seats[0], id: "d", name: "Dan" },
    ];
    const table = { ...state, seats };
    expect(nextHost(table, "a", () => true)).toBe("c");
    expect(nextHost(table, "c", (id) => id !== "d")).toBe("a");
    expect(nextHost(table, "a", () => false)).toBeUndefined();
  });
});
