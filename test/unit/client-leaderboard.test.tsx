// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dataRouter } from "../../server/export/router";
import { GameStore } from "../../server/store/game-store";
import { logFixtureGame } from "../support/store-game-fixture";
import { GameDataLinks } from "../../client/components/GameDataLinks";
import { LeaderboardTables } from "../../client/components/LeaderboardTables";
import { ResearchScreen } from "../../client/screens/ResearchScreen";
import { LOG_OFF_MESSAGE, setDataApiBase } from "../../client/net/data-api";
import { type Estimate, type Leaderboard } from "../../client/model/leaderboard";
import { RoomView } from "../../client/screens/RoomView";
import { useRouteStore } from "../../client/stores/route-store";
import { useSessionStore } from "../../client/stores/session-store";
import { game, round, snapshot } from "./client-fixtures";

/**
 * The leaderboard page and the export buttons against real HTTP: STORE's data router on 127.0.0.1 over a
 * game log holding a fixture game (humans, the lexical bot and an LLM bot), an empty log, and no log (503).
 */

let dir: string;
let stores: GameStore[] = [];
const servers: Server[] = [];
let logged: string;
let emptyLog: string;
let noLog: string;
let badShape: string;

function listen(app: express.Express): Promise<string> {
  return new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`));
    servers.push(s);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sneak-client-lb-"));
  const full = new GameStore({ path: join(dir, "full.db") });
  const empty = new GameStore({ path: join(dir, "empty.db") });
  stores = [full, empty];
  await logFixtureGame(full, { code: "ONEA" });
  logged = await listen(express().use(dataRouter(full)));
  emptyLog = await listen(express().use(dataRouter(empty)));
  noLog = await listen(express().use(dataRouter(null)));
  badShape = await listen(express().get("/api/leaderboard", (_req, res) => void res.json({ generators: "many" })));
  // recharts' ResponsiveContainer measures with ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  for (const s of stores) s.close();
  rmSync(dir, { recursive: true, force: true });
  vi.unstubAllGlobals();
});
afterEach(() => {
  cleanup();
  setDataApiBase("");
});

const est = (mean: number | null, n: number, low: number | null = null, high: number | null = null): Estimate => ({ n, mean, low, high });
const none = est(null, 0);

/** A board as the server sends it, with the cases a page must read right: no data, one item, an interval. */
const BOARD: Leaderboard = {
  generators: [
    { generator: "human", clues: 12, fallbacks: 1, utility: est(0.625, 12, 0.5, 0.75), leakage: est(0.2, 12, 0.1, 0.31), softScore: est(0.5, 12, 0.4, 0.6), binaryScore: est(0.5, 12, 0.25, 0.75), bluffUtility: est(0.3, 3, 0.1, 0.5) },
    { generator: "bot:llm:gpt-x", clues: 1, fallbacks: 0, utility: est(0.9, 1), leakage: est(0.4, 1), softScore: est(0.54, 1), binaryScore: est(1, 1), bluffUtility: none },
    { generator: "bot:lexical", clues: 0, fallbacks: 4, utility: none, leakage: none, softScore: none, binaryScore: none, bluffUtility: none },
  ],
  judgments: [
    { task: "vote", worker: est(0.6, 10, 0.3, 0.9), plurality: est(0.5, 4, 0, 1), chance: 0.25, evaluators: est(0.75, 4, 0.25, 1) },
    { task: "chameleon-guess", worker: none, plurality: none, chance: null, evaluators: none },
  ],
  agreement: [
    { task: "vote", top1: est(0.5, 4, 0, 1), strictMajority: est(1, 2, 1, 1), correlation: { r: 0.42, n: 16 } },
    { task: "chameleon-guess", top1: none, strictMajority: none, correlation: { r: null, n: 0 } },
  ],
  games: 2,
  rounds: 4,
  method: "test method",
};

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll("th, td")].map((c) => c.textContent);

describe("leaderboard tables", () => {
  it("shows means and 95% intervals out of 100, and '–' (never 0) where there is no data", () => {
    render(<LeaderboardTables board={BOARD} />);
    const rows = screen.getAllByTestId("lb-generator-row");
    expect(rows.map((r) => r.dataset.generator)).toEqual(["human", "bot:llm:gpt-x", "bot:lexical"]);
    expect(cellsOf(rows[0])).toEqual(["Humanshuman", "12", "62.550.0–75.0", "20.010.0–31.0", "50.040.0–60.0", "50.025.0–75.0", "1", "30.010.0–50.0n = 3"]);
    // One clue: a mean without an interval.
    expect(cellsOf(rows[1])).toEqual(["LLM · gpt-xbot:llm:gpt-x", "1", "90.0", "40.0", "54.0", "100.0", "0", "–"]);
    // No informed clue at all (only fallbacks): every score reads "–".
    expect(cellsOf(rows[2])).toEqual(["Lexical botbot:lexical", "0", "–", "–", "–", "–", "4", "–"]);
    // Screen readers get the cell in words.
    expect(within(rows[0]).getAllByTestId("estimate")[0].getAttribute("aria-label")).toBe("62.5, 95% interval 50.0 to 75.0, n = 12");
    expect(within(rows[1]).getAllByTestId("estimate")[0].getAttribute("aria-label")).toBe("90.0, no interval (one item), n = 1");
    expect(within(rows[2]).getAllByTestId("estimate")[0].getAttribute("aria-label")).toBe("no data");
  });

  it("lays out judgments and agreement like the paper's Tables 6 and 7", () => {
    render(<LeaderboardTables board={BOARD} />);
    const [vote, guess] = screen.getAllByTestId("lb-judgment-row");
    expect(cellsOf(vote)).toEqual(["Vote (find the Chameleon)", "60.030.0–90.0n = 10", "50.00.0–100.0n = 4", "25.0", "75.025.0–100.0n = 4"]);
    expect(cellsOf(guess)).toEqual(["Chameleon's guess (find the secret)", "–", "–", "–", "–"]);
    const [agreeVote, agreeGuess] = screen.getAllByTestId("lb-agreement-row");
    expect(cellsOf(agreeVote)).toEqual(["Vote (find the Chameleon)", "50.00.0–100.0n = 4", "100.0100.0–100.0n = 2", "0.42n = 16"]);
    expect(cellsOf(agreeGuess)).toEqual(["Chameleon's guess (find the secret)", "–", "–", "–"]);
  });

  it("charts only the generators that have both means", async () => {
    render(<LeaderboardTables board={BOARD} />);
    const chart = await screen.findByTestId("generator-tradeoff", {}, { timeout: 10_000 });
    expect(chart.textContent).toContain("Humans: utility 62.5, leakage 20.0; LLM · gpt-x: utility 90.0, leakage 40.0");
    expect(chart.textContent).not.toContain("Lexical bot");
  });
});

describe("leaderboard page", () => {
  it("renders the server's board: a row per generator of the logged game, with the totals", async () => {
    setDataApiBase(logged);
    const json = (await (await fetch(`${logged}/api/leaderboard`)).json()) as Leaderboard;
    render(<ResearchScreen />);
    await screen.findByTestId("lb-generators");
    const generators = screen.getAllByTestId("lb-generator-row").map((r) => r.dataset.generator);
    expect(generators).toEqual(json.generators.map((g) => g.generator));
    expect(generators).toEqual(expect.arrayContaining(["human", "bot:lexical"]));
    expect(screen.getByTestId("lb-totals").textContent).toBe(`${json.games} game, ${json.rounds} rounds logged.`);
    // The explanation of the columns and the intervals is on the page.
    expect(screen.getByTestId("leaderboard").textContent).toContain("95% intervals");
    expect(screen.getByTestId("leaderboard").textContent).toContain("SoftScore = utility × (1 − leakage)");
    // BinaryScore as the README and the metric define it (shared/sneak/metrics.ts binaryScoreOf): the ally picks the clue, the
    // chameleon misses the secret. Not "the ally's first pick is the secret", which is another measure.
    const binary = "the ally's top pick is the clue and the Chameleon's top pick is not the secret";
    expect(screen.getByTestId("leaderboard").textContent).toContain(binary);
    expect(screen.getByTitle(/^BinaryScore:/).getAttribute("title")).toContain(binary);
    expect(screen.getByTestId("leaderboard").innerHTML).not.toMatch(/pick is the secret/);
  });

  it("speaks plainly: a question and a one-line explanation over each table, the jargon only in tooltips and the method note", async () => {
    setDataApiBase(logged);
    render(<ResearchScreen />);
    await screen.findByTestId("lb-generators");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Who gives the best clues?", "Who spots the Chameleon, and who finds the secret?", "Do people and the computer judges suspect the same?"]);
    const explanations = screen.getAllByTestId("lb-explain");
    expect(explanations).toHaveLength(3);
    // One line each: a single sentence under each heading, right above its table.
    for (const p of explanations) {
      expect(p.previousElementSibling?.tagName).toBe("H2");
      expect(p.textContent!.trim().split(/(?<=[.!?])\s+/)).toHaveLength(1);
    }
    // What a reader sees, leaving out the opt-in method note: none of the research words the page used to lead with.
    const page = screen.getByTestId("leaderboard").cloneNode(true) as HTMLElement;
    page.querySelector("[data-testid=lb-method]")!.remove();
    for (const jargon of ["bootstrap", "Bluff utility", "plurality", "Top-1", "Strict majority", "cf. the paper"]) expect(page.textContent).not.toContain(jargon);
    expect(screen.getByTestId("lb-method").textContent).toContain("How these figures are computed");
  });

  it("links back to the room this tab sits in, or home", async () => {
    setDataApiBase(logged);
    useSessionStore.setState({ seat: null });
    const { unmount } = render(<ResearchScreen />);
    let back = screen.getByTestId("lb-back");
    expect([back.textContent, back.getAttribute("href")]).toEqual(["← Home", "/"]);
    unmount();
    useSessionStore.setState({ seat: { code: "ONEA", token: "t", playerId: "p1", spectator: false } });
    render(<ResearchScreen />);
    back = screen.getByTestId("lb-back");
    expect([back.textContent, back.getAttribute("href")]).toEqual(["← Back to room ONEA", "/r/ONEA"]);
    fireEvent.click(back);
    expect(useRouteStore.getState().route).toEqual({ name: "room", code: "ONEA" });
    useSessionStore.setState({ seat: null });
    await screen.findByTestId("lb-generators");
  });

  it("says so when no game is logged yet", async () => {
    setDataApiBase(emptyLog);
    render(<ResearchScreen />);
    expect((await screen.findByTestId("lb-empty")).textContent).toContain("No games logged yet");
    expect(screen.queryByTestId("lb-generators")).toBeNull();
  });

  it("explains a server without a game log (503), with nothing to retry", async () => {
    setDataApiBase(noLog);
    render(<ResearchScreen />);
    expect((await screen.findByTestId("lb-error")).textContent).toBe(LOG_OFF_MESSAGE);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("shows an unexpected answer as a message, and retries on request", async () => {
    setDataApiBase(badShape);
    render(<ResearchScreen />);
    expect((await screen.findByTestId("lb-error")).textContent).toContain("unexpected shape (generators:");
    setDataApiBase(logged);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByTestId("lb-generators");
  });
});

/** Blob.text() where the environment's Blob has it; FileReader where it does not (jsdom's Blob under Node 24's fetch). */
function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === "function") return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe("export buttons", () => {
  it("downloads this game's JSONL with the server's file name, and the CSV from its link", async () => {
    setDataApiBase(logged);
    const saved: { blob: Blob; filename: string }[] = [];
    render(<GameDataLinks code="ONEA" gameNumber={1} save={(blob, filename) => saved.push({ blob, filename })} />);
    expect(screen.getByTestId("export-csv").getAttribute("href")).toBe("/api/games/ONEA/export?game=1&format=csv");
    fireEvent.click(screen.getByRole("button", { name: "Export (JSONL)" }));
    expect(screen.getByTestId("export-jsonl").textContent).toBe("Preparing…");
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].filename).toMatch(/^sneak-ONEA-.+-game1\.jsonl$/);
    const lines = (await textOf(saved[0].blob)).trim().split("\n").map((l) => JSON.parse(l) as { type: string; message?: string });
    expect(lines.filter((l) => l.type === "clue").map((l) => l.message)).toContain("whiskers");
    expect((await screen.findByTestId("export-status")).textContent).toBe(`Downloaded ${saved[0].filename}.`);

    fireEvent.click(screen.getByTestId("export-csv"));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1].filename).toMatch(/\.csv$/);
    expect((await textOf(saved[1].blob)).split("\n")[0]).toContain("game,round,turn");
  });

  it("explains a server without a game log and disables both downloads", async () => {
    setDataApiBase(noLog);
    const save = vi.fn();
    render(<GameDataLinks code="ONEA" gameNumber={1} save={save} />);
    fireEvent.click(screen.getByRole("button", { name: "Export (JSONL)" }));
    expect((await screen.findByRole("alert")).textContent).toBe(LOG_OFF_MESSAGE);
    expect((screen.getByTestId("export-jsonl") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("export-csv").getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(screen.getByTestId("export-csv"));
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the server's reason for a game it does not know, and lets the player try again", async () => {
    setDataApiBase(logged);
    const save = vi.fn();
    render(<GameDataLinks code="ZZZZ" gameNumber={1} save={save} />);
    fireEvent.click(screen.getByRole("button", { name: "Export (JSONL)" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The server refused: no game log for ZZZZ.");
    expect((screen.getByTestId("export-jsonl") as HTMLButtonElement).disabled).toBe(false);
    expect(save).not.toHaveBeenCalled();
  });
});

describe("where the export buttons are", () => {
  const over = (phase: "reveal" | "gameOver") =>
    game({ phase, gameNumber: 3, winners: phase === "gameOver" ? ["p1"] : null, rounds: [round({ revealed: true, turnPlayerId: null, outcome: { kind: "escaped", accusedId: "p1" } })] });

  it("not on the reveal nor the game-over screen: those lead to the researchers' page instead", () => {
    render(<RoomView snapshot={snapshot(over("reveal"), { code: "WXYZ" })} />);
    expect(screen.queryByTestId("game-data")).toBeNull();
    expect(screen.queryByRole("button", { name: "Export (JSONL)" })).toBeNull();
    cleanup();
    render(<RoomView snapshot={snapshot(over("gameOver"), { code: "WXYZ" })} />);
    expect(screen.queryByTestId("game-data")).toBeNull();
    expect(screen.getByTestId("research-link").getAttribute("href")).toBe("/research");
  });

  it("on the researchers' page, for the room this tab sits in: every game of it", () => {
    render(<GameDataLinks code="WXYZ" />);
    expect(screen.getByTestId("export-csv").getAttribute("href")).toBe("/api/games/WXYZ/export?format=csv");
    expect(screen.getByRole("heading").textContent).toBe("Room WXYZ: every game's data");
  });
});
