import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server/app";
import { startServerWithGameLog } from "./client-server";
import { ensureClientBuilt, launchChromium, screenshot } from "./client-browser";

/**
 * The table's rough edges and the reveal in players' words, in Chromium against a real server: Hana hosts on a
 * 360 px phone (light), Ben plays on a desktop in dark mode with the keyboard only, and a lexical bot fills the
 * third seat. Two rounds on dataset cards, then the host ends the game (after confirming) and the room's
 * leaderboard and the researchers' page are checked on the phone.
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  server = await startServerWithGameLog("e2e-table");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

async function open(opts: { phone: boolean; dark: boolean }): Promise<Page> {
  const context = await browser.newContext({
    viewport: opts.phone ? { width: 360, height: 740 } : { width: 1200, height: 900 },
    colorScheme: opts.dark ? "dark" : "light",
    isMobile: opts.phone,
    hasTouch: opts.phone,
  });
  contexts.push(context);
  return context.newPage();
}

/** A loaded 2-core machine can take seconds to show a change. */
const POLL = { timeout: 15_000 };
const phaseIs = (page: Page, phase: string) => page.locator(`[data-testid=room][data-phase=${phase}]`).waitFor({ timeout: 30_000 });
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName ?? "");

/** Is some countdown of the page on screen (fully inside the viewport)? */
async function timerOnScreen(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.querySelectorAll("[role=timer]")].some((el) => {
      const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
    }),
  );
}

/** Gives the clues of the humans whose turn comes, until the discussion opens; `onTurn` looks first. */
async function giveClues(pages: Page[], clues: string[], onTurn: (page: Page) => Promise<void>): Promise<void> {
  let given = 0;
  for (let step = 0; step < 40; step++) {
    for (const page of pages) {
      if ((await page.getByTestId("room").getAttribute("data-phase")) !== "clues") return;
      const box = page.getByTestId("clue-input");
      if ((await box.count()) === 0) continue;
      await onTurn(page);
      await box.fill(clues[given++ % clues.length]);
      await box.press("Enter");
      await page.getByTestId("clue-input").waitFor({ state: "detached", timeout: 10_000 });
    }
    await pages[0].waitForTimeout(150);
  }
}

describe("client: the table's rough edges, in a browser", () => {
  it("keeps the timer in sight, says when chat is closed, marks rounds, confirms the end, keeps focus, explains the scores", { timeout: 150_000 }, async () => {
    const hana = await open({ phone: true, dark: false });
    await hana.goto(server.url);
    // A name over 24 characters is not cut silently: the field says so, and nothing is sent.
    await hana.getByTestId("name-input").fill("Hana-Maximiliane-Alexandra-X");
    expect(await hana.getByTestId("name-error").textContent()).toBe("Names are at most 24 characters: this one has 28. Shorten it.");
    await hana.getByTestId("name-input").fill("Hana");
    expect(await hana.getByTestId("name-error").count()).toBe(0);
    await hana.getByRole("button", { name: "Create a room" }).click();
    const code = (await hana.getByTestId("room-code").textContent())!;

    // Keyboard: "+ Add bot" keeps the focus, so Enter adds another (then the host removes the second).
    const addBot = hana.getByRole("button", { name: "+ Add bot" });
    await addBot.focus();
    await hana.keyboard.press("Enter");
    await expect.poll(() => hana.getByTestId("player-row").count(), POLL).toBe(2);
    expect(await activeId(hana)).toBe("add-bot-button");
    await hana.keyboard.press("Enter");
    await expect.poll(() => hana.getByTestId("player-row").count(), POLL).toBe(3);
    expect(await activeId(hana)).toBe("add-bot-button");
    await hana.getByRole("button", { name: /^Remove bot/ }).last().click();
    await expect.poll(() => hana.getByTestId("player-row").count(), POLL).toBe(2);
    await expect.poll(() => activeId(hana), POLL).toBe("add-bot-button");

    // Ben joins from the link on a desktop, dark, and uses only the keyboard from here on.
    const ben = await open({ phone: false, dark: true });
    await ben.goto(`${server.url}/r/${code}`);
    await ben.locator("#player-name").focus();
    await ben.keyboard.type("Ben");
    await ben.keyboard.press("Enter");
    await ben.getByTestId("room").waitFor();
    await hana.getByRole("button", { name: "Start the game" }).click();

    for (const round of [1, 2]) {
      await Promise.all([phaseIs(hana, "clues"), phaseIs(ben, "clues")]);
      // The chat says it is closed before anyone types.
      for (const page of [hana, ben]) {
        expect(await page.getByTestId("chat-input").isDisabled()).toBe(true);
        expect(await page.getByTestId("chat-hint").textContent()).toBe("The chat is closed while clues are given: it opens when every clue is in.");
      }
      // On the phone, when it is Hana's turn, the time left is on screen although the page scrolled down past it.
      let checkedTimer = false;
      await giveClues([hana, ben], round === 1 ? ["juicy", "ripe"] : ["wild", "fast"], async (page) => {
        if (page !== hana) return;
        await hana.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect.poll(() => timerOnScreen(hana), POLL).toBe(true);
        if (round === 1) await screenshot(hana, "table-01-clue-turn-phone");
        checkedTimer = true;
      });
      expect(checkedTimer).toBe(true);

      await Promise.all([phaseIs(hana, "discussion"), phaseIs(ben, "discussion")]);
      // Ben reaches the chat through the skip link, not through every control on the page: from the top of the
      // page (the brand, the first link after the skip links), one step back.
      await ben.locator("header a.brand").focus();
      await ben.keyboard.press("Shift+Tab");
      expect(await ben.evaluate(() => document.activeElement?.textContent)).toBe("Skip to the chat");
      await ben.keyboard.press("Enter");
      await ben.keyboard.press("Tab");
      expect(await activeId(ben)).toBe("chat-input");
      // A paste over 280 characters is kept and counted, not cut.
      await ben.keyboard.insertText("x".repeat(300));
      expect(await ben.getByTestId("chat-hint").textContent()).toBe("Too long: 300 of 280 characters. Shorten it to send.");
      await ben.getByTestId("chat-input").fill("");
      await ben.keyboard.type(`round ${round}: it's the bot`);
      await ben.keyboard.press("Enter");
      await expect.poll(() => hana.getByTestId("chat-log").textContent(), POLL).toContain(`round ${round}: it's the bot`);
      for (const page of [hana, ben]) await page.getByRole("button", { name: "I'm ready to vote" }).click();

      // Both vote for the bot: it is accused whatever it votes.
      await Promise.all([phaseIs(hana, "vote"), phaseIs(ben, "vote")]);
      const botId = await hana.evaluate(() => [...document.querySelectorAll("[data-testid=player-row]")].find((li) => li.textContent?.includes("Lexical"))?.getAttribute("data-player-id"));
      for (const page of [hana, ben]) await page.locator(`[data-testid=vote-option][data-player-id="${botId}"]`).click();
      await Promise.all([phaseIs(hana, "reveal"), phaseIs(ben, "reveal")]);
      await expect.poll(() => hana.getByText("scoring…").count(), { timeout: 30_000 }).toBe(0);

      // The reveal in players' words: who judged and that it can be wrong; what a teammate chose among, and the
      // Chameleon's guesses; the research terms one tap away.
      for (const page of [hana, ben]) {
        expect(await page.getByTestId("judge-line").textContent()).toBe("Judged by the built-in word model: a computer's guess at how people read each clue, and it can be wrong.");
        const reasons = (await page.getByTestId("clue-reasons").allTextContents()).join(" ");
        expect(reasons).toMatch(/A teammate who knew the word would pick/);
        expect(reasons).toMatch(/The Chameleon, reading only this clue, would guess \S+ \d+%/);
        expect(await page.getByTestId("clue-scores").textContent()).not.toMatch(/decoy|SoftScore|lexical/);
        expect(await page.getByTestId("exact-terms").textContent()).toContain("SoftScore S = U × (1 − L)");
      }
      // The belief chart is titled for what it shows; its ▲ Chameleon mark sits wholly inside the chart.
      await hana.getByTestId("leakage-curve").locator("svg.recharts-surface").waitFor();
      expect(await hana.getByTestId("leakage-curve").locator("h3").textContent()).toBe("How sure the Chameleon became, clue by clue");
      const mark = await hana.getByTestId("leakage-curve").evaluate((figure) => {
        const svg = figure.querySelector("svg.recharts-surface")!.getBoundingClientRect();
        const label = [...figure.querySelectorAll("svg text")].find((t) => t.textContent === "▲ Chameleon")?.getBoundingClientRect();
        return label ? { inside: label.left >= svg.left - 0.5 && label.right <= svg.right + 0.5 && label.top >= svg.top - 0.5 } : null;
      });
      expect(mark).toEqual({ inside: true });
      // The scatter's marks carry the clues' numbers, and no two labels overprint.
      const labels = await hana.getByTestId("tradeoff-scatter").evaluate((figure) =>
        [...figure.querySelectorAll("svg text.tradeoff-mark-label")].map((t) => {
          const r = t.getBoundingClientRect();
          return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
      );
      // Every clue with both figures is named once (three clues: the bot's and the two players').
      const numbered = labels.flatMap((l) => l.text!.split(", ")).sort();
      expect(numbered).toEqual(["1", "2", "3"]);
      for (const [i, a] of labels.entries()) {
        for (const b of labels.slice(i + 1)) expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top, `labels ${a.text} and ${b.text} overlap`).toBe(true);
      }
      await screenshot(hana, `table-0${round + 1}-reveal-phone`);
      await screenshot(ben, `table-0${round + 1}-reveal-desktop-dark`);
      if (round === 1) await hana.getByTestId("next-round").click();
    }

    // The chat reads in rounds.
    const dividers = await ben.getByTestId("chat-divider").allTextContents();
    expect(dividers).toEqual(["Round 1", "Round 2"]);

    // "End the game" asks first; "Keep playing" (Escape too) keeps the game and the focus.
    await hana.getByRole("button", { name: "End the game" }).click();
    const question = hana.getByTestId("end-game-confirm");
    expect(await question.textContent()).toContain("End the game for everyone now?");
    expect(await hana.evaluate(() => document.activeElement?.textContent)).toBe("Keep playing");
    await hana.keyboard.press("Escape");
    await question.waitFor({ state: "detached" });
    expect(await hana.evaluate(() => document.activeElement?.textContent)).toBe("End the game");
    expect(await hana.getByTestId("room").getAttribute("data-phase")).toBe("reveal");
    await hana.getByRole("button", { name: "End the game" }).click();
    await hana.getByRole("button", { name: "Yes, end the game" }).click();
    await Promise.all([phaseIs(hana, "gameOver"), phaseIs(ben, "gameOver")]);

    // The room's leaderboard: both players and the bot, with their rounds and best clues, on the phone without
    // sideways scrolling.
    const standings = hana.getByTestId("standing");
    await expect.poll(() => standings.count(), POLL).toBe(3);
    const text = (await hana.getByTestId("room-leaderboard").textContent())!;
    expect(text).toContain("Hana");
    expect(text).toContain("Ben");
    expect(text).toMatch(/Won knowing the word:?\d of \d/);
    expect(await hana.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(hana, "table-04-gameOver-phone");

    // The researchers' page holds the exact terms and this room's data; no sideways scroll on the phone.
    await hana.getByTestId("research-link").click();
    await hana.getByTestId("lb-generator-row").first().waitFor();
    expect(await hana.getByTestId("game-data").textContent()).toContain(`Room ${code}: every game's data`);
    expect(await hana.getByTestId("lb-generators").textContent()).toContain("BinaryScore");
    await hana.getByTestId("generator-tradeoff").locator("svg.recharts-surface").waitFor();
    expect(await hana.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const scrollers = await hana.evaluate(() => [...document.querySelectorAll(".table-wrap")].filter((el) => el.scrollWidth > el.clientWidth + 1).length);
    expect(scrollers).toBe(0);
    await screenshot(hana, "table-05-research-phone");
  });
});
