import type { RevealedClueScores } from "../../shared/protocol";
// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { C2S } from "../../shared/protocol";
import { connection } from "../../client/net/game-connection";
import { RoomView } from "../../client/screens/RoomView";
import { CUMULATIVE_NOTE } from "../../client/charts/LeakageCurve";
import { game, round, scores, seats, snapshot } from "./client-fixtures";

let sent: { event: string; payload: unknown }[];

beforeEach(() => {
  sent = [];
  // Record commands instead of sending them: these tests are about what each screen shows and asks for.
  vi.spyOn(connection, "request").mockImplementation(async (event: string, payload: unknown) => {
    sent.push({ event, payload });
    return { ok: true } as never;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("clue phase", () => {
  it("tells the chameleon who they are and marks no secret", () => {
    const g = game({ rounds: [round({ role: "chameleon", secret: null, chameleonId: "p2" })] });
    render(<RoomView snapshot={snapshot(g)} />);
    expect(screen.getByTestId("role-banner").textContent).toContain("You are the Chameleon");
    expect(document.querySelector(".is-secret")).toBeNull();
    expect(screen.queryByTestId("secret-word")).toBeNull();
  });

  it("highlights the secret for an informed player, with a text label and not colour alone", () => {
    render(<RoomView snapshot={snapshot(game({ viewerId: "p3" }))} />);
    expect(screen.getByTestId("secret-word").textContent).toBe("zebra");
    const cell = document.querySelector("[data-secret='true']")!;
    expect(cell.textContent).toContain("zebra");
    expect(cell.textContent).toContain("(the secret word)");
  });

  it("offers the clue box on the viewer's turn only, and sends the clue", async () => {
    const { unmount } = render(<RoomView snapshot={snapshot(game({ viewerId: "p3" }))} />);
    expect(screen.queryByTestId("clue-input")).toBeNull();
    expect(document.title).toBe("Round 1: Ben is giving a clue · SNEAK");
    expect(screen.getByTestId("turn-status").textContent).toContain("Waiting for Ben");
    unmount();
    render(<RoomView snapshot={snapshot(game())} />);
    expect(screen.getByTestId("announcer").textContent).toBe("Round 1: your turn to give a clue");
    fireEvent.change(screen.getByTestId("clue-input"), { target: { value: "savanna" } });
    fireEvent.click(screen.getByRole("button", { name: "Give clue" }));
    await vi.waitFor(() => expect(sent).toContainEqual({ event: C2S.gameClue, payload: { text: "savanna" } }));
  });

  it("shows bots and humans with badges and offline players as offline", () => {
    render(<RoomView snapshot={snapshot(game())} />);
    const rows = screen.getAllByTestId("player-row");
    expect(rows).toHaveLength(5);
    const cleo = rows.find((r) => r.dataset.playerId === "p3")!;
    expect(cleo.textContent).toContain("is away — a bot plays in their place");
    const gpt = rows.find((r) => r.dataset.playerId === "b2")!;
    expect(gpt.textContent).toContain("LLM · tiny");
    expect(rows.find((r) => r.dataset.playerId === "b1")!.textContent).toContain("Lexical bot");
  });

  it("says plainly that a bot plays for an away player, with no countdown", () => {
    render(<RoomView snapshot={snapshot(game())} />);
    const cleo = screen.getAllByTestId("player-row").find((r) => r.dataset.playerId === "p3")!;
    expect(within(cleo).getByTestId("away-mark").textContent).toMatch(/is away — a bot plays in their place$/);
    expect(within(cleo).queryByRole("timer")).toBeNull();
  });
});

describe("vote phase", () => {
  it("lets a player pick and change a vote, never themselves", async () => {
    const g = game({ phase: "vote", rounds: [round({ turnPlayerId: null, votedIds: ["p1"], yourVote: "p1" })] });
    render(<RoomView snapshot={snapshot(g)} />);
    const options = screen.getAllByTestId("vote-option");
    expect(options.map((o) => o.dataset.playerId)).toEqual(["p1", "p3", "b1", "b2"]);
    expect(options[0].getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("vote-status").textContent).toContain("You voted for Ana; you can still change your mind");
    fireEvent.click(options[2]);
    await vi.waitFor(() => expect(sent).toContainEqual({ event: C2S.gameVote, payload: { targetId: "b1" } }));
  });

  it("lets only the dealer break a tie", () => {
    const r = round({ turnPlayerId: null, tied: ["p2", "p3"], votes: { p1: "p2", p2: "p3" }, tally: { p2: 1, p3: 1 } });
    const { unmount } = render(<RoomView snapshot={snapshot(game({ phase: "tieBreak", rounds: [r] }))} />);
    expect(screen.queryAllByTestId("tiebreak-option")).toHaveLength(0);
    unmount();
    render(<RoomView snapshot={snapshot(game({ phase: "tieBreak", viewerId: "p1", rounds: [r] }))} />);
    fireEvent.click(screen.getAllByTestId("tiebreak-option")[1]);
    expect(sent).toContainEqual({ event: C2S.gameTieBreak, payload: { targetId: "p3" } });
  });
});

describe("guess phase", () => {
  it("lets the caught chameleon pick a grid word and confirm it", () => {
    const r = round({ role: "chameleon", secret: null, chameleonId: "p2", accusedId: "p2", guessesLeft: 1, turnPlayerId: null });
    render(<RoomView snapshot={snapshot(game({ phase: "guess", rounds: [r] }))} />);
    fireEvent.click(screen.getByRole("button", { name: "giraffe" }));
    fireEvent.click(screen.getByTestId("guess-confirm"));
    expect(sent).toContainEqual({ event: C2S.gameGuess, payload: { word: "giraffe" } });
  });
});

describe("lobby", () => {
  const lobby = (viewerId: string, n = 5) => game({ phase: "lobby", viewerId, rounds: [], seats: seats().slice(0, n) });

  it("gives the host the controls and sends setting changes in the protocol's terms", () => {
    render(<RoomView snapshot={snapshot(lobby("p1"))} />);
    expect(screen.getByTestId("room-code").textContent).toBe("ABCD");
    fireEvent.click(screen.getByLabelText("4 words"));
    expect(sent).toContainEqual({ event: C2S.hostSettings, payload: { clueMaxWords: 4 } });
    fireEvent.click(screen.getByRole("button", { name: "Remove bot Lex" }));
    expect(sent).toContainEqual({ event: C2S.hostRemoveBot, payload: { playerId: "b1" } });
    fireEvent.click(screen.getByRole("button", { name: "Kick Ben" }));
    expect(sent).toContainEqual({ event: C2S.hostKick, payload: { playerId: "p2" } });
    fireEvent.click(screen.getByRole("button", { name: "Start the game" }));
    expect(sent).toContainEqual({ event: C2S.hostStart, payload: {} });
    fireEvent.click(screen.getByRole("button", { name: "Move Ben down" }));
    expect(sent).toContainEqual({ event: C2S.hostMoveSeat, payload: { playerId: "p2", toIndex: 2 } });
    expect(screen.getByRole("button", { name: "Move Ana up" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Make Cleo the host" }));
    expect(sent).toContainEqual({ event: C2S.hostTransfer, payload: { playerId: "p3" } });
  });

  it("lets the host narrow the category pool or add a card that is off by default; the default pool stays null", () => {
    render(<RoomView snapshot={snapshot(lobby("p1"))} />);
    // "vehicles" has too few words: listed, marked, unticked while the pool is the default (null)
    expect((screen.getByLabelText("animals") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^vehicles/) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByLabelText(/^vehicles/).closest("label")!.textContent).toContain("few words");
    expect(screen.getByTestId("few-words-note").textContent).toMatch(/fewer than 10 words and are off by default/);
    fireEvent.click(screen.getByLabelText("fruit"));
    expect(sent).toContainEqual({ event: C2S.hostSettings, payload: { categoryPool: ["animals"] } });
    fireEvent.click(screen.getByLabelText(/^vehicles/));
    expect(sent).toContainEqual({ event: C2S.hostSettings, payload: { categoryPool: ["animals", "fruit", "vehicles"] } });
    fireEvent.click(screen.getByRole("button", { name: "All" }));
    expect(sent).toContainEqual({ event: C2S.hostSettings, payload: { categoryPool: ["animals", "fruit", "vehicles"] } });
    fireEvent.click(screen.getByRole("button", { name: "Default" }));
    expect(sent).toContainEqual({ event: C2S.hostSettings, payload: { categoryPool: null } });
  });

  it("adds a custom topic card only once the rules' own check passes", () => {
    render(<RoomView snapshot={snapshot(lobby("p1"))} />);
    const add = screen.getByRole("button", { name: "Add card" });
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "Fruit" } });
    fireEvent.change(screen.getByLabelText(/Words \(8 to 16/), { target: { value: "apple, pear, plum" } });
    expect(add).toHaveProperty("disabled", true);
    expect(screen.getByText(/8 to 16 words \(got 3\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Words \(8 to 16/), { target: { value: "apple, pear, plum, fig, kiwi, lime, date, mango" } });
    fireEvent.click(add);
    expect(sent).toContainEqual({
      event: C2S.hostSettings,
      payload: { customCards: [{ category: "Fruit", words: ["apple", "pear", "plum", "fig", "kiwi", "lime", "date", "mango"] }] },
    });
  });

  it("shows others the settings read-only and no host buttons", () => {
    render(<RoomView snapshot={snapshot(lobby("p2"))} />);
    expect(screen.getByTestId("settings-readonly").textContent).toContain("up to 2 words");
    expect(screen.queryByRole("button", { name: "Start the game" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Kick/ })).toBeNull();
  });

  it("keeps the host from starting with fewer than three seats", () => {
    render(<RoomView snapshot={snapshot(lobby("p1", 2))} />);
    expect(screen.getByRole("button", { name: "Start the game" })).toHaveProperty("disabled", true);
    expect(screen.getByText(/Need 1 more player/)).toBeTruthy();
  });
});

describe("reveal", () => {
  function revealed() {
    const r = round({
      role: "informed",
      chameleonId: "p3",
      turnPlayerId: null,
      revealed: true,
      accusedId: "p3",
      outcome: { kind: "caught", accusedId: "p3" },
      points: { p1: 2, p2: 2, p3: 0, b1: 2, b2: 2 },
      guesses: ["lion"],
      votes: { p1: "p3", p2: "p3", p3: "p1", b1: "p3", b2: "p1" },
      tally: { p3: 3, p1: 2 },
      clues: [
        { playerId: "p1", text: "stripes", fallback: false, at: 1, scores: [scores(0, "p1", "stripes", 0.9, 0.8, 0.8)] },
        { playerId: "p2", text: "horse", fallback: false, at: 2, scores: [withJudged(scores(1, "p2", "horse", 0.5, 0.2, 0.9))] },
        { playerId: "p3", text: "wild", fallback: false, at: 3, scores: [scores(2, "p3", "wild", 0.1, 0.05, 0.9, true)] },
        { playerId: "b1", text: "africa", fallback: true, at: 4, scores: [] },
      ],
    });
    return game({ phase: "reveal", rounds: [r] });
  }

  /** What the judge weighed for a clue: a decoy that beat it, and the chameleon's guesses with the secret first. */
  function withJudged(record: RevealedClueScores): RevealedClueScores {
    const [e] = record.perEvaluator;
    return {
      ...record,
      perEvaluator: [
        {
          ...e,
          allyOptions: [
            { message: "zoo", probability: 0.1 },
            { message: "horse", probability: 0.2 },
            { message: "stripy", probability: 0.6 },
            { message: "savanna", probability: 0.1 },
          ],
          chameleonGuesses: { top: [{ word: "zebra", probability: 0.4 }, { word: "horse", probability: 0.3 }, { word: "donkey", probability: 0.1 }], secretRank: 1, wordCount: 12 },
        },
      ],
    };
  }

  it("shows chameleon, secret, votes and each clue's scores out of 100", () => {
    render(<RoomView snapshot={snapshot(revealed())} />);
    expect(screen.getByTestId("outcome").textContent).toBe("Cleo was caught!");
    expect(screen.getByTestId("reveal-secret").textContent).toContain("zebra");
    expect(screen.getByTestId("reveal-chameleon").textContent).toContain("Cleo");
    const rows = screen.getAllByTestId("clue-score-row");
    expect(rows).toHaveLength(4);
    const meters = within(rows[1]).getAllByRole("meter");
    expect(meters.map((m) => m.getAttribute("aria-valuenow"))).toEqual(["50", "20", "40"]);
    expect(rows[2].textContent).toContain("the Chameleon");
    expect(rows[2].textContent).toContain("it did not know the word, so it gave nothing away");
    // Who judged, in words, and that it can be wrong; the research terms one tap away.
    expect(screen.getByTestId("judge-line").textContent).toBe("Judged by the built-in word model: a computer's guess at how people read each clue, and it can be wrong.");
    expect(screen.getByTestId("exact-terms").textContent).toContain("SoftScore S = U × (1 − L)");
    expect(screen.queryByText(/decoys/)).not.toBeNull(); // only inside "Exact terms"
    expect(screen.getByTestId("clue-scores").textContent).not.toMatch(/decoy|SoftScore|lexical/);
    // What the judge weighed for "horse": a decoy beat the clue, and the chameleon's guesses.
    expect(rows[1].textContent).toContain("A teammate who knew the word would pick “stripy” rather than this clue:");
    const choices = within(within(rows[1]).getByRole("list", { name: /What the teammate chose among/ })).getAllByRole("listitem");
    expect(choices.map((c) => c.textContent)).toEqual(["“stripy” 60%", "“horse” (the clue) 20%", "“zoo” 10%", "“savanna” 10%"]);
    expect(choices[0].className).toContain("is-top");
    expect(choices[1].className).toContain("is-clue");
    expect(rows[1].textContent).toContain("The Chameleon, reading only this clue, would guess zebra 40%, horse 30%, donkey 10%. The secret, “zebra”, was its top guess: this clue gave it away.");
    expect(screen.getByTestId("table-score").textContent).toBe("The table's clue score (the average of the players who knew the word): 29 out of 100");
    // The fourth clue's scores have not arrived yet.
    expect(rows[3].textContent).toContain("scoring…");
    expect(screen.getByText("Scoring the last clues…")).toBeTruthy();
    const cleoVotes = within(screen.getByTestId("vote-table")).getByRole("rowheader", { name: /Cleo/ }).closest("tr")!;
    expect(cleoVotes.textContent).toContain("Ana");
    expect(cleoVotes.textContent).toContain("3");
    expect(cleoVotes.textContent).toContain("accused");
  });

  it("scores the Chameleon's own clue as its words say: on passing for a teammate's (U), not on a leakage that means nothing", () => {
    const g = revealed();
    const bluff = scores(2, "p3", "wild", 0.96, 0.95, 0.9, true);
    g.rounds[0].clues[2] = { ...g.rounds[0].clues[2], scores: [bluff] };
    render(<RoomView snapshot={snapshot(g)} />);
    const row = screen.getAllByTestId("clue-score-row")[2];
    const meters = within(row).getAllByRole("meter");
    expect(meters.map((m) => m.getAttribute("aria-label"))).toEqual(["Spotted by a teammate", "Gave the word away (means nothing here)", "Clue score (as a bluff)"]);
    // 96 spotted, so 96 as a bluff: not 96 × (1 − 0.95) = 4.8, which the words beside it would contradict.
    expect(meters.map((m) => m.getAttribute("aria-valuenow"))).toEqual(["96", "95", "96"]);
    expect(row.textContent).toContain("It scores on whether teammates would take it for one of theirs.");
    // An informed player's clue keeps the SoftScore.
    expect(within(screen.getAllByTestId("clue-score-row")[1]).getAllByRole("meter")[2].getAttribute("aria-valuenow")).toBe("40");
  });

  it("prints a clue's score the same at the reveal and as its author's best clue on the leaderboard", () => {
    // 0.14451 (the bars' 14.5) and 0.145 (14.499… × 100 in floating point): each rounded once, the same way, on both.
    for (const soft of [0.14451, 0.145, 0.0449]) {
      const g = revealed();
      const record = scores(1, "p2", "horse", soft, 0, 0.5);
      g.rounds[0].clues[1] = { ...g.rounds[0].clues[1], scores: [{ ...record, mean: { ...record.mean!, softScore: soft } }] };
      const standing = { playerId: "p2", name: "Ben", bot: false, points: 2, gamesPlayed: 1, gamesWon: 0, chameleonRounds: 0, chameleonWins: 0, informedRounds: 1, informedWins: 1, bestClue: { text: "horse", score: soft, game: 1, round: 1 } };
      const { unmount } = render(<RoomView snapshot={snapshot(g, { standings: [standing] })} />);
      const revealed100 = within(screen.getAllByTestId("clue-score-row")[1]).getAllByText(/^\d+$/).at(-1)!.textContent;
      const best = screen.getByText("Best clue").nextElementSibling!.textContent;
      expect(best, `softScore ${soft}`).toBe(`“horse” (${revealed100})`);
      unmount();
    }
  });

  it("explains the cumulative-leakage curve in one sentence and says where the Chameleon's clue fell", async () => {
    render(<RoomView snapshot={snapshot(revealed())} />);
    const note = await screen.findByTestId("leakage-note", {}, { timeout: 5000 });
    expect(note.textContent).toContain(CUMULATIVE_NOTE);
    // The last informed clue with a figure is clue 2 (90); Cleo's clue 3 is the Chameleon's and is marked, not weighed.
    expect(note.textContent).toContain("After 2 clues the Chameleon's belief in the secret was 90 out of 100. The Chameleon's own clue was clue 3.");
    expect(screen.getByTestId("leakage-curve").getAttribute("aria-label")).toContain("The Chameleon's own clue was clue 3.");
  });

  it("lets only the host deal the next round", () => {
    const { unmount } = render(<RoomView snapshot={snapshot(revealed())} />);
    expect(screen.queryByTestId("next-round")).toBeNull();
    unmount();
    render(<RoomView snapshot={snapshot({ ...revealed(), viewerId: "p1" })} />);
    fireEvent.click(screen.getByTestId("next-round"));
    expect(sent).toContainEqual({ event: C2S.hostNextRound, payload: {} });
  });
});

describe("adding bots", () => {
  it("offers the server's LLM models beside the lexical bot, each at the level the host picks", async () => {
    render(<RoomView snapshot={snapshot(game({ phase: "lobby", viewerId: "p1", rounds: [], seats: seats().slice(0, 3) }))} />);
    const kind = screen.getByTestId("bot-kind") as HTMLSelectElement;
    expect([...kind.options].map((o) => o.textContent)).toEqual(["Built-in bot (offline)", "LLM bot · tiny"]);
    const level = screen.getByTestId("bot-level") as HTMLSelectElement;
    expect([...level.options].map((o) => o.textContent)).toEqual(["Easy", "Normal", "Hard"]);
    expect(level.value).toBe("normal");
    fireEvent.click(screen.getByRole("button", { name: "+ Add bot" }));
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "+ Add bot" }).getAttribute("aria-disabled")).toBe("false"));
    fireEvent.change(kind, { target: { value: "llm:tiny" } });
    fireEvent.change(level, { target: { value: "hard" } });
    fireEvent.click(screen.getByRole("button", { name: "+ Add bot" }));
    expect(sent.filter((c) => c.event === C2S.hostAddBot).map((c) => c.payload)).toEqual([
      { kind: "lexical", level: "normal" },
      { kind: "llm", model: "tiny", level: "hard" },
    ]);
  });
});

describe("the table between games", () => {
  const over = () => game({ phase: "gameOver", viewerId: "p1", winners: ["p1"] });

  it("lets the host add, remove and re-level bots at game over, before playing again", async () => {
    render(<RoomView snapshot={snapshot(over())} />);
    const table = within(screen.getByTestId("next-table"));
    const levels = table.getAllByTestId("bot-level-select") as HTMLSelectElement[];
    expect(levels.length).toBeGreaterThan(0);
    fireEvent.change(levels[0], { target: { value: "hard" } });
    fireEvent.click(table.getByRole("button", { name: "Remove bot Lex" }));
    fireEvent.click(table.getByRole("button", { name: "+ Add bot" }));
    await vi.waitFor(() => expect(sent.map((c) => c.event)).toEqual([C2S.hostBotLevel, C2S.hostRemoveBot, C2S.hostAddBot]));
    expect(sent[0].payload).toEqual({ playerId: "b1", level: "hard" });
    expect(sent[1].payload).toEqual({ playerId: "b1" });
  });

  it("shows a player who is not the host no table controls at game over", () => {
    render(<RoomView snapshot={snapshot({ ...over(), viewerId: "p3" })} />);
    expect(screen.queryByTestId("next-table")).toBeNull();
  });

  it("says what every level means in plain text, not only in a hover title", () => {
    render(<RoomView snapshot={snapshot(game({ phase: "lobby", viewerId: "p1", rounds: [], seats: seats().slice(0, 3) }))} />);
    const guide = screen.getByTestId("bot-level-guide");
    for (const text of ["Easy", "Normal", "Hard", "plain clues", "subtle clues", "guards the word"]) expect(guide.textContent).toContain(text);
    expect(screen.getByTestId("clue-source").textContent).toContain("clue book");
  });
});
