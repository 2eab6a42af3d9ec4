// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClueBox } from "../../client/components/ClueBox";
import { WORDS } from "./client-fixtures";

afterEach(cleanup);

function type(text: string) {
  fireEvent.change(screen.getByTestId("clue-input"), { target: { value: text } });
}

describe("ClueBox live validation", () => {
  it("counts words and lets a legal clue through", async () => {
    const onSubmit = vi.fn(async () => null);
    render(<ClueBox words={WORDS} maxWords={2} onSubmit={onSubmit} />);
    type("black white");
    expect(screen.getByTestId("clue-hint").textContent).toContain("2 of 2 words");
    fireEvent.click(screen.getByRole("button", { name: "Give clue" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith("black white"));
    await vi.waitFor(() => expect((screen.getByTestId("clue-input") as HTMLInputElement).value).toBe(""));
  });

  it("flags too many words and disables the button", () => {
    const onSubmit = vi.fn(async () => null);
    render(<ClueBox words={WORDS} maxWords={2} onSubmit={onSubmit} />);
    type("black and white");
    expect(screen.getByTestId("clue-hint").textContent).toMatch(/3 words; the limit is 2 words/);
    expect(screen.getByRole("button", { name: "Give clue" })).toHaveProperty("disabled", true);
    expect(screen.getByTestId("clue-input").getAttribute("aria-invalid")).toBe("true");
  });

  it("flags a grid word, even in a plural, and never sends it", () => {
    const onSubmit = vi.fn(async () => null);
    render(<ClueBox words={WORDS} maxWords={3} onSubmit={onSubmit} />);
    type("Tigers");
    expect(screen.getByTestId("clue-hint").textContent).toContain('"tiger"');
    fireEvent.submit(screen.getByTestId("clue-input").closest("form")!);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("flags a form of a grid word with the same shared check as the server, naming the first in grid order", () => {
    const onSubmit = vi.fn(async () => null);
    render(<ClueBox words={["saw", "claw", "hammer", "drill"]} maxWords={2} onSubmit={onSubmit} />);
    type("clawhammer");
    const hint = screen.getByTestId("clue-hint");
    expect(hint.textContent).toContain('The clue holds "claw" or a form of it, a word on the grid: give a clue without it.');
    expect(hint.getAttribute("role")).toBe("alert");
    expect(screen.getByRole("button", { name: "Give clue" })).toHaveProperty("disabled", true);
    type("unfriendly");
    expect(screen.getByTestId("clue-hint").textContent).not.toContain("form");
    type("peace box");
    expect(screen.getByRole("button", { name: "Give clue" })).toHaveProperty("disabled", false);
  });

  it("shows the server's rejection reason and keeps the text for a retry", async () => {
    const onSubmit = vi.fn(async () => "It is not your turn.");
    render(<ClueBox words={WORDS} maxWords={2} onSubmit={onSubmit} />);
    type("savanna");
    fireEvent.click(screen.getByRole("button", { name: "Give clue" }));
    await screen.findByText("It is not your turn.");
    expect((screen.getByTestId("clue-input") as HTMLInputElement).value).toBe("savanna");
    // Editing clears the stale rejection.
    type("savannah");
    expect(screen.queryByText("It is not your turn.")).toBeNull();
  });
});
