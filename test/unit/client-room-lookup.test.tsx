// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { roomLookupRouter } from "../../server/rooms/room-lookup";
import { setDataApiBase } from "../../client/net/data-api";
import { lookUpRoom } from "../../client/net/room-lookup";
import { RoomScreen } from "../../client/screens/RoomScreen";
import { useRouteStore } from "../../client/stores/route-store";
import { game } from "./client-fixtures";

/**
 * A share link's first look, against the room-lookup endpoint on real HTTP (127.0.0.1) over a registry
 * holding one room, ABCD, in its lobby: a code with no room says so before anyone types a name.
 */

const servers: Server[] = [];
let base: string;

function listen(app: express.Express): Promise<string> {
  return new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`));
    servers.push(s);
  });
}

beforeAll(async () => {
  const lobby = { ...game({ phase: "lobby", rounds: [] }), kickedIds: [] } as never;
  const rooms = new Map([["ABCD", { serverState: lobby, isDisposed: false }]]);
  base = await listen(express().use(roomLookupRouter(rooms)));
  setDataApiBase(base);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});
afterAll(async () => {
  setDataApiBase("");
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe("a share link to a room", () => {
  it("that does not exist says so at once and leads home, never inviting anyone", async () => {
    render(<RoomScreen code="QQQQ" />);
    await screen.findByText("No room QQQQ — check the code or create one.");
    expect(screen.queryByText(/You're invited/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Take a seat" })).toBeNull();
    fireEvent.click(screen.getByTestId("no-room-home"));
    expect(useRouteStore.getState().route).toEqual({ name: "home" });
  });

  it("that exists offers the join form", async () => {
    render(<RoomScreen code="ABCD" />);
    await screen.findByRole("button", { name: "Take a seat" });
    expect(screen.getByText(/You're invited/)).toBeTruthy();
    expect(screen.queryByTestId("no-such-room")).toBeNull();
  });

  it("reads the endpoint's answer, and treats a failure as unknown rather than missing", async () => {
    expect(await lookUpRoom("ABCD")).toEqual({ kind: "open", seatOpen: true, watchable: true });
    expect(await lookUpRoom("QQQQ")).toEqual({ kind: "missing" });
    // "ABCS": four letters, but S is never used in a code.
    expect(await lookUpRoom("ABCS")).toEqual({ kind: "missing" });
    setDataApiBase("http://127.0.0.1:9");
    try {
      expect(await lookUpRoom("QQQQ")).toEqual({ kind: "unknown" });
    } finally {
      setDataApiBase(base);
    }
  });
});
