import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CLUE_CHARS } from "../../shared/game/clue-validation";
import { CUMULATIVE_NOTE } from "../../client/charts/LeakageCurve";
import type { RunningServer } from "../../server/app";
import { ensureClientBuilt, launchChromium, screenshot } from "./client-browser";
import { startServerWithGameLog } from "./client-server";

/**
 * Three people on 360 px phones play a round with the longest text the rules allow: 24-character names, a
 * custom card of 30-character words under a 40-character category, clues of one 34-letter word and of five
 * long words, and a chat line with no spaces. On every screen (home, lobby, clues, discussion, vote, reveal,
 * game over, leaderboard, a link to a room that does not exist) no text may widen the page beyond the
 * viewport: `document.documentElement.scrollWidth <= 360`. Screenshots land in test-output/e2e/phone-*.
 */

const WIDTH = 360;
const NAMES = ["Bartholomew_Fitzgeraldsn", "Wolfeschlegelsteinhausen", "Anastasiya Konstantinova"];
const CATEGORY = "Incomprehensibilities-and-other-words!!!";
// Eight distinct 30-character words (the rules' longest), none of them sharing a token with the clues below.
const LONG_WORDS = ["orthodontist", "psychiatrist", "paediatrician", "gynaecologist", "otorhinolaryngology", "immunohistochemistry"];
const CARD_WORDS = [
  "Pneumonoultramicroscopicsilico",
  "Hippopotomonstrosesquippedalia",
  "Floccinaucinihilipilificationx",
  "Antidisestablishmentarianismxx",
  "Honorificabilitudinitatibusxxx",
  "Thyroparathyroidectomizedxxxxx",
  "Dichlorodifluoromethanexxxxxxx",
  "Spectrophotofluorometricallyxx",
  // The deck's longest words: they must fit their cell whole, never break mid-word ("orthodonti|st").
  ...LONG_WORDS,
];
const CLUES = [
  "Supercalifragilisticexpialidocious",
  "unquestionably extraordinarily incomprehensible uncharacteristically outlandish",
  "Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
];
const CHAT = "Whooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooo?";

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  server = await startServerWithGameLog("e2e-phone");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

async function phone(dark = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 740 }, colorScheme: dark ? "dark" : "light", isMobile: true, hasTouch: true });
  contexts.push(context);
  return context.newPage();
}

/** The page is no wider than the phone; on failure, the elements that stick out say where to look. */
async function assertFits(page: Page, label: string): Promise<void> {
  const seen = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = (el: Element) => el.getBoundingClientRect().right > width + 0.5 && !el.closest(".table-wrap, .recharts-wrapper");
    // The innermost elements that stick out: the text or control to blame, not every box around it.
    const sticking = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => out(el) && ![...el.children].some(out))
      .slice(0, 6)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").slice(0, 30)}" right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, sticking };
  });
  await screenshot(page, `phone-${label}`);
  expect(seen.scrollWidth, `${label} is ${seen.scrollWidth}px wide: ${seen.sticking.join("; ")}`).toBeLessThanOrEqual(WIDTH);
}

/** Grid words something else is drawn over (a floating countdown), as the page's own hit test finds them. */
async function coveredWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>("[data-testid=word-grid] .word-cell")) {
      const r = cell.getBoundingClientRect();
      for (const [x, y] of [[r.left + 4, r.top + 4], [r.right - 4, r.top + 4], [r.left + r.width / 2, r.top + r.height / 2], [r.left + 4, r.bottom - 4], [r.right - 4, r.bottom - 4]]) {
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && !cell.contains(hit)) covered.push(`${cell.textContent} under ${hit.tagName.toLowerCase()}.${hit.className}`);
      }
    }
    return covered;
  });
}

/** The charts: named for screen readers, and not a Tab stop that announces nothing. */
async function assertChartsAccessible(page: Page, testIds: string[]): Promise<void> {
  for (const id of testIds) {
    const chart = page.getByTestId(id);
    expect(await chart.evaluate((el) => el.getAttribute("aria-label") ?? "")).not.toBe("");
    const stops = await chart.evaluate((el) => [...el.querySelectorAll<HTMLElement>("*")].filter((e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled).map((e) => e.tagName.toLowerCase()));
    expect(stops, `${id} has Tab stops`).toEqual([]);
  }
}

const phaseOf = (page: Page) => page.getByTestId("room").getAttribute("data-phase");
const roleOf = async (page: Page) => (await page.getByTestId("room").getAttribute("data-role"))!;

/** One round from the first clue to the reveal, every screen checked on every phone. */
async function playRound(pages: Page[], label: string, opts: { checkClueBox: boolean; chat: boolean }): Promise<void> {
  await Promise.all(pages.map((p) => p.locator("[data-testid=room][data-phase=clues]").waitFor()));
  for (const [i, page] of pages.entries()) await assertFits(page, `02-clues-${label}-${i}-${await roleOf(page)}`);
  // Long grid words sit whole on one line of their cell (set smaller), inside it.
  const cells = await pages[0].getByTestId("word-grid").evaluate((grid) =>
    [...grid.querySelectorAll<HTMLElement>(".word-cell")].map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell.firstChild!);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return { word: cell.firstChild!.textContent!, lines, fits: cell.scrollWidth <= cell.clientWidth };
    }),
  );
  for (const cell of cells.filter((c) => !c.word.includes(" "))) {
    expect(cell, `"${cell.word}" breaks inside its cell`).toMatchObject({ lines: 1, fits: true });
  }
  // Every cell stays inside the card.
  const spills = await pages[0].getByTestId("word-grid").evaluate((grid) => {
    const card = grid.closest(".card")!.getBoundingClientRect();
    return [...grid.querySelectorAll<HTMLElement>(".word-cell")].filter((cell) => cell.getBoundingClientRect().right > card.right + 0.5).map((cell) => cell.textContent);
  });
  expect(spills, "cells past the card").toEqual([]);
  // The secret banner sets a long secret smaller, whole on one line: "immunohistochemistry", not "immunohistochemi/stry".
  const informedPage = pages[(await Promise.all(pages.map(roleOf))).indexOf("informed")];
  const bannerLines = await informedPage.getByTestId("secret-word").evaluate((word) => {
    const [text, longest] = [word.textContent, word.style.getPropertyValue("--longest")];
    word.textContent = "immunohistochemistry";
    word.style.setProperty("--longest", "20");
    const range = document.createRange();
    range.selectNodeContents(word);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    const inside = word.getBoundingClientRect().right <= word.closest(".role-banner")!.getBoundingClientRect().right;
    [word.textContent, word.style.cssText] = [text, `--longest: ${longest}`];
    return { lines, inside };
  });
  expect(bannerLines).toEqual({ lines: 1, inside: true });

  // Three clues in turn order; the first also checks that the box stops at the rules' limit as you type.
  for (let i = 0; i < 3; i++) {
    const turn = await Promise.race(pages.map((p) => p.getByTestId("clue-input").waitFor({ timeout: 30_000 }).then(() => p)));
    const input = turn.getByTestId("clue-input");
    if (i === 0 && opts.checkClueBox) {
      await input.pressSequentially("x".repeat(MAX_CLUE_CHARS + 40));
      expect((await input.inputValue()).length).toBe(MAX_CLUE_CHARS);
      await input.fill("🦓🦓🦓");
      await expect.poll(() => turn.getByTestId("clue-hint").textContent()).toContain("no letters or digits");
      expect(await turn.getByTestId("clue-hint").textContent()).not.toContain("empty");
      await assertFits(turn, "02-clue-box");
    }
    await input.fill(CLUES[i]);
    // Scrolled to the clue box, the time left shows in it, over no grid word.
    await turn.getByRole("button", { name: "Give clue" }).scrollIntoViewIfNeeded();
    expect(await turn.getByTestId("countdown-float").count()).toBe(0);
    expect(await turn.getByRole("timer", { name: /Clue turn, your move/ }).count()).toBe(1);
    expect(await coveredWords(turn)).toEqual([]);
    await turn.getByRole("button", { name: "Give clue" }).click();
    await input.waitFor({ state: "detached" });
  }

  await Promise.all(pages.map((p) => p.locator("[data-testid=room][data-phase=discussion]").waitFor()));
  if (opts.chat) {
    await pages[0].getByLabel("Message", { exact: true }).fill(CHAT);
    await pages[0].getByRole("button", { name: "Send" }).click();
    for (const page of pages) await page.getByTestId("chat-log").getByText(CHAT).waitFor();
  }
  for (const [i, page] of pages.entries()) await assertFits(page, `03-discussion-${label}-${i}`);
  for (const page of pages) await page.getByRole("button", { name: "I'm ready to vote" }).click();

  // Votes: everyone names the same informed player (who names the other), so the Chameleon escapes to the reveal.
  await Promise.all(pages.map((p) => p.locator("[data-testid=room][data-phase=vote]").waitFor()));
  const roles = await Promise.all(pages.map(roleOf));
  const informed = pages.filter((_, i) => roles[i] !== "chameleon");
  const accused = NAMES[pages.indexOf(informed[0])];
  const other = NAMES[pages.indexOf(informed[1])];
  for (const [i, page] of pages.entries()) await assertFits(page, `04-vote-${label}-${i}`);
  for (const page of pages) {
    const target = page === informed[0] ? other : accused;
    await page.locator("[data-testid=vote-option]", { hasText: target }).click();
  }

  await Promise.all(pages.map((p) => p.locator("[data-testid=room][data-phase=reveal]").waitFor()));
  for (const page of pages) await expect.poll(() => page.getByText("scoring…").count(), { timeout: 30_000 }).toBe(0);
  for (const page of pages) await page.getByTestId("leakage-curve").locator("svg.recharts-surface").waitFor();
  // The curve says in one sentence what it shows, marks where the Chameleon's clue fell, and names it.
  const chameleonTurn = 1 + (await pages[0].getByTestId("clue-score-row").evaluateAll((rows) => rows.findIndex((r) => r.textContent?.includes("The Chameleon's own clue"))));
  expect(chameleonTurn).toBeGreaterThan(0);
  const note = await pages[0].getByTestId("leakage-note").textContent();
  expect(note).toContain(CUMULATIVE_NOTE);
  expect(note).toContain(`The Chameleon's own clue was clue ${chameleonTurn}.`);
  expect(await pages[0].getByTestId("leakage-curve").locator("svg text", { hasText: "▲ Chameleon" }).count()).toBe(1);
  await assertChartsAccessible(pages[0], ["leakage-curve"]);
  for (const [i, page] of pages.entries()) await assertFits(page, `05-reveal-${label}-${i}`);
}

/**
 * At game over the host manages the next game's bots on the phone: a bot is added, its level changed and it is
 * removed again, and every bot select shows its whole chosen text (none cut to "Norma…") beside the level guide.
 */
async function assertBotControlsReadable(host: Page): Promise<void> {
  const rows = await host.getByTestId("player-row").count();
  await host.getByText("Table for the next game").click();
  const table = host.getByTestId("next-table");
  await table.getByRole("button", { name: "+ Add bot" }).click();
  const level = table.getByTestId("bot-level-select");
  await level.waitFor();
  await level.selectOption("hard");
  await expect.poll(() => table.getByTestId("bot-level-select").inputValue()).toBe("hard");
  expect(await table.getByTestId("bot-level-guide").textContent()).toContain("Hard: guards the word closely");
  const cut = await table.locator("select").evaluateAll((selects) =>
    (selects as HTMLSelectElement[]).flatMap((select) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? "";
      // The text plus the select's padding must fit in its box; the drop-down arrow sits in the right padding.
      const needed = context.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return needed > select.clientWidth + 0.5 ? [`"${text}" needs ${Math.ceil(needed)}px, has ${select.clientWidth}px`] : [];
    }),
  );
  expect(cut).toEqual([]);
  await assertFits(host, "06-gameOver-bots");
  await table.getByRole("button", { name: /^Remove bot / }).click();
  await expect.poll(() => host.getByTestId("player-row").count()).toBe(rows);
}

describe("the client on a 360 px phone", () => {
  it("no screen is wider than the phone, with the longest names, custom words, clues and chat the rules allow", async () => {
    const pages = [await phone(), await phone(true), await phone()];
    const [host, second, third] = pages;

    // A link to a room that does not exist says so at once.
    await host.goto(`${server.url}/r/QQQQ`);
    await host.getByText("No room QQQQ — check the code or create one.").waitFor();
    expect(await host.getByText(/You're invited/).count()).toBe(0);
    await assertFits(host, "00-no-such-room");

    await host.getByTestId("no-room-home").click();
    await host.getByLabel("Your name").fill(NAMES[0]);
    await assertFits(host, "00-home");
    await host.getByRole("button", { name: "Create a room" }).click();
    const link = await host.getByTestId("share-link").inputValue();
    for (const [i, page] of [second, third].entries()) {
      await page.goto(link);
      await page.getByRole("button", { name: "Take a seat" }).waitFor();
      if (i === 0) await assertFits(page, "00-join");
      await page.getByLabel("Your name").fill(NAMES[i + 1]);
      await page.getByRole("button", { name: "Take a seat" }).click();
      await page.getByTestId("room-code").waitFor();
    }
    await expect.poll(() => host.getByTestId("player-row").count()).toBe(3);

    // The host: five-word clues, a short discussion, and only the custom card in the pool.
    await host.getByLabel("5 words").click();
    await expect.poll(() => host.getByLabel("5 words").isChecked()).toBe(true);
    await host.getByLabel("Discussion").selectOption("30");
    await host.getByRole("button", { name: "None", exact: true }).click();
    await host.getByLabel("Category", { exact: true }).fill(CATEGORY);
    await host.getByRole("textbox", { name: /^Words \(8 to 16/ }).fill(CARD_WORDS.join(", "));
    await host.getByRole("button", { name: "Add card" }).click();
    await expect.poll(() => third.getByTestId("settings-readonly").textContent()).toContain(CATEGORY);
    await assertFits(host, "01-lobby-host");
    await assertFits(third, "01-lobby-guest");
    await host.getByRole("button", { name: "Start the game" }).click();

    await playRound(pages, "custom", { checkClueBox: true, chat: true });
    await host.getByRole("button", { name: "End the game" }).click();
    await host.getByRole("button", { name: "Yes, end the game" }).click();
    await Promise.all(pages.map((p) => p.locator("[data-testid=room][data-phase=gameOver]").waitFor()));
    for (const [i, page] of pages.entries()) await assertFits(page, `06-gameOver-${i}`);
    expect(await phaseOf(second)).toBe("gameOver");
    await assertBotControlsReadable(host);

    // A second game on a dataset card: the reveal then has every bar and both charts.
    await host.getByText("Settings for the next game").click();
    await host.getByRole("button", { name: `Remove card ${CATEGORY}` }).click();
    await host.getByRole("button", { name: "All", exact: true }).click();
    await expect.poll(() => host.getByRole("button", { name: `Remove card ${CATEGORY}` }).count()).toBe(0);
    await host.getByTestId("play-again").click();
    await playRound(pages, "dataset", { checkClueBox: false, chat: false });
    await Promise.all(pages.map((p) => p.getByTestId("clue-scores").getByRole("meter").first().waitFor()));
    await second.getByTestId("tradeoff-scatter").locator("svg.recharts-surface").waitFor();
    await assertChartsAccessible(second, ["leakage-curve", "tradeoff-scatter"]);
    for (const [i, page] of pages.entries()) await assertFits(page, `05-reveal-dataset-scored-${i}`);
    await host.getByRole("button", { name: "End the game" }).click();
    await host.getByRole("button", { name: "Yes, end the game" }).click();
    await Promise.all(pages.map((p) => p.locator("[data-testid=room][data-phase=gameOver]").waitFor()));

    // The researchers' page from the game-over screen, and the way back to the room.
    await second.getByTestId("research-link").click();
    await second.getByTestId("lb-generator-row").first().waitFor();
    await second.getByTestId("generator-tradeoff").locator("svg.recharts-surface").waitFor();
    await assertChartsAccessible(second, ["generator-tradeoff"]);
    await assertFits(second, "07-leaderboard-dark");
    const back = second.getByTestId("lb-back");
    expect(await back.textContent()).toMatch(/^← Back to room [A-Z]{4}$/);
    await back.click();
    await second.locator("[data-testid=room][data-phase=gameOver]").waitFor();
  }, 240_000);
});
