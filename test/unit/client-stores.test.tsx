// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { routeFromPath, pathForRoute } from "../../client/stores/route-store";
import { useRoomStore } from "../../client/stores/room-store";
import { nextThemeMode, useThemeStore } from "../../client/stores/theme-store";
import { forgetSeat, storedSeat, useSessionStore } from "../../client/stores/session-store";
import { secondsLeft, formatSeconds } from "../../client/components/Countdown";
import { settingsPatchFor } from "../../client/model/settings-patch";
import { clueScoreRows, meanInformedSoftScore } from "../../client/model/scores";
import { normalizedCode } from "../../client/screens/HomeScreen";
import { wordsFromText } from "../../client/components/CustomCards";
import { game, round, scores, snapshot } from "./client-fixtures";

describe("routes", () => {
  it("reads share links forgivingly and writes them canonically", () => {
    expect(routeFromPath("/r/abcd")).toEqual({ name: "room", code: "ABCD" });
    expect(routeFromPath("/r/WXYZ/")).toEqual({ name: "room", code: "WXYZ" });
    expect(routeFromPath("/r/ABC")).toEqual({ name: "home" });
    expect(routeFromPath("/elsewhere")).toEqual({ name: "home" });
    expect(pathForRoute({ name: "room", code: "QRST" })).toBe("/r/QRST");
  });
  it("has a researchers' page at /research, which /leaderboard (its former address) still leads to", () => {
    expect(routeFromPath("/research")).toEqual({ name: "research" });
    expect(routeFromPath("/leaderboard")).toEqual({ name: "research" });
    expect(routeFromPath("/leaderboard/")).toEqual({ name: "research" });
    expect(routeFromPath("/leaderboards")).toEqual({ name: "home" });
    expect(pathForRoute({ name: "research" })).toBe("/research");
  });
  it("keeps only four letters of a typed code", () => {
    expect(normalizedCode(" ab-c d9e")).toBe("ABCD");
  });
});

describe("room store", () => {
  it("ignores a snapshot older than the one held, for the same room", () => {
    const store = useRoomStore.getState();
    store.clear();
    store.receive(snapshot(game(), { version: 5 }));
    useRoomStore.getState().receive(snapshot(game({ phase: "vote" }), { version: 4 }));
    expect(useRoomStore.getState().snapshot?.version).toBe(5);
    useRoomStore.getState().receive(snapshot(game({ phase: "vote" }), { version: 6 }));
    expect(useRoomStore.getState().snapshot?.game.phase).toBe("vote");
    // Another room starts its own version count.
    useRoomStore.getState().receive(snapshot(game(), { version: 1, code: "WXYZ" }));
    expect(useRoomStore.getState().snapshot?.code).toBe("WXYZ");
  });
  it("keeps the offset between the server's clock and ours for countdowns", () => {
    useRoomStore.getState().receive(snapshot(game(), { version: 100, serverTime: Date.now() + 30_000 }));
    expect(useRoomStore.getState().clockOffsetMs).toBeGreaterThan(29_000);
    expect(secondsLeft(70_000, 10_000, 30_000)).toBe(30);
    expect(secondsLeft(1_000, 10_000, 0)).toBe(0);
    expect(formatSeconds(75)).toBe("1:15");
    expect(formatSeconds(9)).toBe("9s");
  });
});

describe("session store", () => {
  it("remembers a seat per room code and drops corrupt entries", () => {
    useSessionStore.getState().setSeat({ code: "ABCD", playerId: "p1", token: "t".repeat(20), spectator: false });
    expect(storedSeat("abcd")).toEqual({ code: "ABCD", playerId: "p1", token: "t".repeat(20), spectator: false });
    forgetSeat("ABCD");
    expect(storedSeat("ABCD")).toBeNull();
    localStorage.setItem("sneak.seat.WXYZ", "{not json");
    expect(storedSeat("WXYZ")).toBeNull();
    expect(localStorage.getItem("sneak.seat.WXYZ")).toBeNull();
  });
});

describe("theme", () => {
  it("cycles system → dark → light and marks the document", () => {
    expect(nextThemeMode("system")).toBe("dark");
    useThemeStore.getState().setMode("system");
    useThemeStore.getState().cycle();
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(localStorage.getItem("sneak.theme")).toBe("dark");
    useThemeStore.getState().cycle();
    useThemeStore.getState().cycle();
    expect(document.documentElement.dataset.theme).toBe("system");
    expect(localStorage.getItem("sneak.theme")).toBeNull();
  });
});

describe("lobby helpers", () => {
  it("sends custom cards without client-made ids", () => {
    expect(settingsPatchFor({ customCards: [{ id: "custom:1", category: "Fruit", words: ["a"], source: "custom" }], targetScore: 3 })).toEqual({
      customCards: [{ category: "Fruit", words: ["a"] }],
      targetScore: 3,
    });
    expect(wordsFromText("a, b\nc,, \n d ")).toEqual(["a", "b", "c", "d"]);
  });
});

describe("reveal rows", () => {
  it("turns revealed scores into percentages and marks unscored clues", () => {
    const r = round({
      chameleonId: "p3",
      clues: [
        { playerId: "p1", text: "stripes", fallback: false, at: 1, scores: [scores(0, "p1", "stripes", 0.9, 0.8, 0.8)] },
        { playerId: "p3", text: "wild", fallback: false, at: 2, scores: [scores(1, "p3", "wild", 0.2, 0.1, 0.85, true)] },
        { playerId: "p2", text: "horse", fallback: false, at: 3, scores: [scores(2, "p2", "horse", 0.5, 0.2, 0.9)] },
        { playerId: "b1", text: "africa", fallback: true, at: 4 },
      ],
    });
    const rows = clueScoreRows(r);
    expect(rows.map((x) => x.utility)).toEqual([90, 20, 50, null]);
    expect(rows[0].softScore).toBe(18);
    expect(rows[1].leakageMeaningless).toBe(true);
    expect(rows[3].scored).toBe(false);
    expect(rows[0].byEvaluator).toEqual([{ evaluator: "lexical", utility: null, leakage: 80, softScore: null, cumulativeLeakage: 80, allyOptions: null, guesses: null }]);
    // The chameleon's clue does not count towards the table's SoftScore.
    expect(meanInformedSoftScore(rows)).toBe(29);
  });
});

describe("saved seats", () => {
  it("lists every room this browser holds a seat in", async () => {
    const { storedSeats } = await import("../../client/stores/session-store");
    localStorage.clear();
    useSessionStore.getState().setSeat({ code: "WXYZ", playerId: "p2", token: "t2", spectator: true });
    useSessionStore.getState().setSeat({ code: "ABCD", playerId: "p1", token: "t1", spectator: false });
    localStorage.setItem("sneak.theme", "dark");
    expect(storedSeats().map((s) => [s.code, s.spectator])).toEqual([
      ["ABCD", false],
      ["WXYZ", true],
    ]);
  });
});
