// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConnectionBanner } from "../../client/components/ConnectionBanner";
import { Notices } from "../../client/components/Notices";
import { useConnectionStore } from "../../client/stores/connection-store";
import { useNoticeStore } from "../../client/stores/notice-store";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useNoticeStore.getState().clear();
  useConnectionStore.getState().set("idle");
});

describe("connection banner", () => {
  it("stays up while the socket is down and goes when it is back", () => {
    render(<ConnectionBanner />);
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => useConnectionStore.getState().set("reconnecting", "Connection lost: reconnecting…"));
    expect(screen.getByRole("alert").textContent).toContain("Connection lost: reconnecting…");
    act(() => useConnectionStore.getState().set("connected"));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("notices", () => {
  it("keeps errors until dismissed and lets other notices fade", () => {
    vi.useFakeTimers();
    render(<Notices />);
    act(() => {
      useNoticeStore.getState().push("error", "It is not your turn.");
      useNoticeStore.getState().push("success", "Reconnected.");
    });
    expect(screen.getAllByTestId("notice").map((n) => n.textContent)).toEqual(["!It is not your turn.✕", "✓Reconnected.✕"]);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getAllByTestId("notice").map((n) => n.getAttribute("role"))).toEqual(["alert"]);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryAllByTestId("notice")).toHaveLength(0);
  });

  it("shows a repeated message once and keeps only the last four", () => {
    for (const text of ["a", "b", "a", "c", "d", "e"]) useNoticeStore.getState().push("error", text);
    expect(useNoticeStore.getState().notices.map((n) => n.text)).toEqual(["a", "c", "d", "e"]);
  });
});
