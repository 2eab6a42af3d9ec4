import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck } from "../../shared/protocol";
import type { RunningServer } from "../../server/app";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import { ensureClientBuilt, launchChromium, recordFrames, screenshot } from "./client-browser";

/**
 * A player who drops out, in a real browser: Bea's phone dies mid-round; the table's page says plainly that a
 * bot plays for her; she opens the room's link on a laptop and takes her seat back with the rejoin code her
 * phone showed her (and nobody else was ever sent). A second device that asks the host gets the host's
 * one-tap approval. The host is a socket client; the players are Chromium pages.
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const sockets: TestClient[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  server = await startTestServer({ staticDir: "dist", fallbackAfterMs: 500 });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  for (const s of sockets) s.close();
  await browser?.close();
  await server?.close();
});

async function device(width = 390): Promise<{ context: BrowserContext; page: Page; frames: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, frames: recordFrames(page) };
}

async function joinByLink(page: Page, code: string, name: string): Promise<void> {
  await page.goto(`${server.url}/r/${code}`);
  await page.locator("#player-name").fill(name);
  await page.getByRole("button", { name: "Take a seat" }).click();
  await page.getByTestId("room").waitFor();
}

describe("client: taking a seat back from another device", () => {
  it("says a bot plays for the away player, and gives the seat back with the rejoin code or the host's approval", { timeout: 120_000 }, async () => {
    const host = connectClient(server.url);
    sockets.push(host);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Hana", settings: { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 } });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    const phone = await device();
    await joinByLink(phone.page, code, "Bea");
    const cy = await device(1200);
    await joinByLink(cy.page, code, "Cy");
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    await phone.page.locator("[data-testid=room][data-phase=clues]").waitFor();

    // Bea's own page shows her rejoin code; no other page or socket was ever sent it.
    await phone.page.getByText("Switching devices?").click();
    const shown = (await phone.page.getByTestId("rejoin-code").textContent()) ?? "";
    const rejoinCode = /([A-Z2-9]{4})-([A-Z2-9]{4})/.exec(shown)!.slice(1).join("");
    await screenshot(phone.page, "seat-return-code-bea");
    expect(cy.frames.join("\n")).not.toContain(rejoinCode);
    expect(JSON.stringify(host.frames)).not.toContain(rejoinCode);

    // The phone dies: the table says so plainly, with no countdown.
    await phone.context.close();
    const awayMark = cy.page.locator("[data-testid=player-row]", { hasText: "Bea" }).getByTestId("away-mark");
    await awayMark.waitFor();
    expect(await awayMark.textContent()).toBe("Bea is away — a bot plays in their place");
    expect(await cy.page.locator("[data-testid=player-row]", { hasText: "Bea" }).getByRole("timer").count()).toBe(0);
    await screenshot(cy.page, "seat-return-away-cy");

    // On a laptop, joining is refused mid-round; the rejoin code takes the seat back.
    const laptop = await device(1200);
    await laptop.page.goto(`${server.url}/r/${code}`);
    await laptop.page.locator("#player-name").fill("bea");
    await laptop.page.getByText("Already have a seat here? Take it back").click();
    await laptop.page.getByLabel("Rejoin code").fill(`${rejoinCode.slice(0, 4).toLowerCase()} ${rejoinCode.slice(4)}`);
    await laptop.page.getByRole("button", { name: "Take my seat back" }).click();
    await laptop.page.getByTestId("room").waitFor();
    const mine = laptop.page.locator("[data-testid=player-row]", { hasText: "Bea" });
    await mine.getByText("You").waitFor();
    await cy.page.locator("[data-testid=player-row]", { hasText: "Bea" }).getByTestId("away-mark").waitFor({ state: "detached" });
    await screenshot(laptop.page, "seat-return-back-bea");

    // A tablet asks the host instead; the host approves with one command; the laptop is told it lost the seat.
    const tablet = await device();
    await tablet.page.goto(`${server.url}/r/${code}`);
    await tablet.page.locator("#player-name").fill("Bea");
    await tablet.page.getByText("Already have a seat here? Take it back").click();
    await tablet.page.getByRole("button", { name: "Ask the host" }).click();
    await tablet.page.getByText("Waiting for the host to answer…").waitFor();
    const asked = await host.waitForState((s) => s.seatRequests.length === 1, "the request");
    expect(await host.send(C2S.hostAnswerSeat, { requestId: asked.seatRequests[0].requestId, approve: true })).toEqual({ ok: true });
    await tablet.page.getByTestId("room").waitFor();
    await tablet.page.locator("[data-testid=player-row]", { hasText: "Bea" }).getByText("You").waitFor();
    await laptop.page.getByTestId("connection-banner").waitFor();
    expect(await laptop.page.getByTestId("connection-banner").textContent()).toContain("taken back on another device");
  });

  it("names the bot's moves to a player back on the same phone, who takes back its vote while the vote is open", { timeout: 60_000 }, async () => {
    const host = connectClient(server.url);
    const cy = connectClient(server.url);
    sockets.push(host, cy);
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Hana", settings: { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 } });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: "dark", isMobile: true, hasTouch: true });
    contexts.push(context);
    const first = await context.newPage();
    await joinByLink(first, code, "Bea");
    const cyJoined = await cy.send<JoinedAck>(C2S.roomJoin, { code, name: "Cy" });
    if (!cyJoined.ok) throw new Error(cyJoined.message);
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    await first.locator("[data-testid=room][data-phase=clues]").waitFor();
    const beaId = (await host.waitForState((s) => s.game.seats.length === 3)).game.seats.find((x) => x.name === "Bea")!.id;
    // Bea's tab closes; the sockets give their clues, the fallback bot gives hers and votes for her.
    await first.close();
    const ids = new Map([
      [created.playerId, host],
      [cyJoined.playerId, cy],
    ]);
    for (let i = 0; i < 3; i++) {
      const s = await host.waitForState((x) => x.game.phase !== "clues" || x.game.rounds[0].clues.length === i, `clue ${i}`);
      if (s.game.phase !== "clues") break;
      const turn = s.game.rounds[0].turnPlayerId!;
      if (ids.has(turn)) expect((await ids.get(turn)!.send(C2S.gameClue, { text: ["warm", "round", "sweet"][i] })).ok).toBe(true);
    }
    await host.waitForState((x) => x.game.phase === "vote" && x.game.rounds[0].votedIds.includes(beaId), "the bot's vote for Bea");

    // Back on the same phone (the saved seat): the note names each move; the vote is taken back with the keyboard.
    const back = await context.newPage();
    await back.goto(`${server.url}/r/${code}`);
    await back.locator("[data-testid=room][data-phase=vote]").waitFor();
    const moves = await back.getByTestId("stand-in-move").allTextContents();
    expect(moves[0]).toMatch(/^Round 1: gave the clue “.+”\.$/);
    expect(moves[1]).toMatch(/^Round 1: voted for (Hana|Cy)\. Take back this vote$/);
    await screenshot(back, "seat-return-stand-in-moves-phone-dark");
    await back.getByTestId("take-back").focus();
    await back.keyboard.press("Enter");
    await host.waitForState((x) => !x.game.rounds[0].votedIds.includes(beaId), "the vote taken back");
    await back.getByTestId("stand-in-note").waitFor({ state: "detached" });
    expect(await back.getByTestId("vote-status").textContent()).toContain("0 of 3 have voted. Pick a player.");
  });
});
