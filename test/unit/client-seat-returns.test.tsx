// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { C2S } from "../../shared/protocol";
import { connection } from "../../client/net/game-connection";
import { RoomView } from "../../client/screens/RoomView";
import { JoinRoomForm } from "../../client/screens/JoinRoomForm";
import { game, round, snapshot } from "./client-fixtures";

let sent: { event: string; payload: unknown }[];

beforeEach(() => {
  sent = [];
  vi.spyOn(connection, "request").mockImplementation(async (event: string, payload: unknown) => {
    sent.push({ event, payload });
    return { ok: true } as never;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a player who drops out, on screen", () => {
  it("tells a returning player which moves the bot made for them, and lets them take back its vote while the vote is open", () => {
    const s = snapshot(game({ gameNumber: 1 }));
    s.you = {
      ...s.you,
      standInMoves: 3,
      standIns: [
        { kind: "clue", game: 1, round: 1, text: "stripes", canTakeBack: false },
        { kind: "ready", game: 1, round: 1, canTakeBack: false },
        { kind: "vote", game: 1, round: 1, targetId: "p3", canTakeBack: true },
      ],
    };
    render(<RoomView snapshot={s} />);
    const note = screen.getByTestId("stand-in-note");
    expect(note.textContent).toContain("While you were away, a bot played 3 moves for you. Your seat and points were kept.");
    expect(screen.getAllByTestId("stand-in-move").map((li) => li.textContent)).toEqual([
      "Round 1: gave the clue “stripes”.",
      "Round 1: said you were ready to vote.",
      "Round 1: voted for Cleo. Take back this vote",
    ]);
    // Only the vote, still open, can be taken back; the button sends game:takeBack.
    expect(within(note).getAllByRole("button")).toHaveLength(1);
    fireEvent.click(within(note).getByRole("button", { name: "Take back this vote" }));
    expect(sent).toEqual([{ event: C2S.gameTakeBack, payload: {} }]);
  });

  it("says on the clue screen that a bot gives an away player's clue, not that the table waits for them", () => {
    render(<RoomView snapshot={snapshot(game({ rounds: [round({ turnPlayerId: "p3" })] }))} />);
    expect(screen.getByTestId("turn-status").textContent).toBe("Cleo is away — a bot plays in their place. The bot's clue comes in a moment.");
  });

  it("shows the player their own rejoin code, folded away, and nobody else's", () => {
    render(<RoomView snapshot={snapshot(game())} />);
    expect(screen.getByTestId("rejoin-code").textContent).toContain("ABCD-2345");
    cleanup();
    const spectator = snapshot(game({ viewerId: null }));
    render(<RoomView snapshot={spectator} />);
    expect(screen.queryByTestId("rejoin-code")).toBeNull();
  });

  it("gives the host a one-tap answer to a request for a seat back", () => {
    const s = snapshot(game());
    s.seatRequests = [{ requestId: "r-1", playerId: "p3", name: "cleo", at: Date.now(), kind: "seat" }];
    render(<RoomView snapshot={s} />);
    const request = screen.getByTestId("seat-request");
    expect(request.textContent).toContain("Cleo");
    fireEvent.click(within(request).getByRole("button", { name: "Give the seat back" }));
    expect(sent).toEqual([{ event: C2S.hostAnswerSeat, payload: { requestId: "r-1", approve: true } }]);
  });

  it("offers a way back to a seat from the join page, with the rejoin code or by asking the host", async () => {
    const reclaim = vi.spyOn(connection, "reclaimSeat").mockResolvedValue({ ok: false, code: "WRONG_REJOIN_CODE", message: "That is not this seat's rejoin code." });
    render(<JoinRoomForm code="ABCD" problem={null} />);
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Cleo" } });
    const form = screen.getByTestId("reclaim-seat");
    fireEvent.change(within(form).getByLabelText("Rejoin code"), { target: { value: "k7qm-3xwd" } });
    fireEvent.click(within(form).getByRole("button", { name: "Take my seat back" }));
    expect(reclaim).toHaveBeenCalledWith("ABCD", "Cleo", "k7qm-3xwd");
    expect((await within(form).findByRole("alert")).textContent).toBe("That is not this seat's rejoin code.");
  });
});
