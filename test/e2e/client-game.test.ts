import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoomSnapshot } from "../../shared/protocol";
import type { RunningServer } from "../../server/app";
import { SCREENSHOT_DIR, TAKE_SCREENSHOTS, ensureClientBuilt, launchChromium, recordFrames, screenshot, socketEventOf } from "./client-browser";
import { startServerWithGameLog } from "./client-server";

/**
 * The whole party in a real browser: three people (one on a 360 px phone) and two lexical bots play a game
 * to the winner against a real server serving the built client; a spectator watches in dark mode. One
 * player reloads during their own clue turn and must keep the seat. The Chameleon's page (and the
 * spectator's) must never show or receive the secret before the reveal.
 */

interface Person {
  name: string;
  context: BrowserContext;
  page: Page;
  frames: string[];
  shots: Set<string>;
}

/** What a page can do now, read from the DOM only: the test clicks what a person would click. */
interface PageState {
  phase: string;
  round: number;
  role: string;
  action: "clue" | "ready" | "vote" | "tiebreak" | "guess" | "next" | "over" | null;
  key: string;
}

function readPageState(lastKey: string): PageState | null {
  const room = document.querySelector<HTMLElement>("[data-testid=room]");
  if (!room) return null;
  const phase = room.dataset.phase ?? "";
  const round = Number(room.dataset.round ?? 0);
  const role = room.dataset.role ?? "";
  let action: PageState["action"] = null;
  const buttons = [...document.querySelectorAll("button")];
  if (phase === "gameOver") action = "over";
  else if (document.querySelector("[data-testid=clue-input]")) action = "clue";
  else if (phase === "discussion" && buttons.some((b) => b.textContent === "I'm ready to vote" && !b.disabled)) action = "ready";
  else if (phase === "vote" && document.querySelector("[data-testid=vote-option]:not([disabled])") && !document.querySelector("[data-testid=vote-option][aria-pressed=true]")) action = "vote";
  else if (phase === "tieBreak" && document.querySelector("[data-testid=tiebreak-option]")) action = "tiebreak";
  else if (phase === "guess" && document.querySelector("[data-testid=guess-confirm]")) action = "guess";
  else if (phase === "reveal" && document.querySelector("[data-testid=next-round]") && !document.body.textContent?.includes("scoring…")) action = "next";
  const clueCount = document.querySelectorAll("[data-testid=clue-item]").length;
  const key = `${phase}|${round}|${role}|${action}|${clueCount}`;
  return key === lastKey ? null : { phase, round, role, action, key };
}

const CLUES = ["quite common", "very familiar", "pretty ordinary", "rather typical", "so everyday", "fairly popular", "rather usual", "very normal"];

/** Round number → the human who is the Chameleon, as their own page shows it: the others vote for them so that the guess gets played. */
const chameleonOfRound = new Map<number, string>();

let server: RunningServer;
let browser: Browser;
const people: Person[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  server = await startServerWithGameLog("e2e");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const p of people) await p.context.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

async function person(name: string, opts: { width: number; height: number; dark?: boolean }): Promise<Person> {
  const context = await browser.newContext({
    viewport: { width: opts.width, height: opts.height },
    colorScheme: opts.dark ? "dark" : "light",
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  const frames = recordFrames(page);
  const p = { name, context, page, frames, shots: new Set<string>() };
  people.push(p);
  return p;
}

async function shot(p: Person, label: string): Promise<void> {
  if (p.shots.has(label)) return;
  p.shots.add(label);
  await screenshot(p.page, `${label}-${p.name.toLowerCase()}`);
}

/** Text the Chameleon's and the spectator's pages showed outside the grid before a reveal, checked against the secrets at the end. */
const hiddenTexts: { name: string; game: number; round: number; text: string }[] = [];

/** The Chameleon's and the spectator's pages mark no word as the secret, and keep their text for the final check. */
async function assertNoSecretShown(p: Person): Promise<void> {
  const seen = await p.page.evaluate(() => {
    const room = document.querySelector<HTMLElement>("[data-testid=room]");
    const role = room?.dataset.role;
    const phase = room?.dataset.phase;
    if (!room || (role !== "chameleon" && role !== "spectator") || phase === "reveal" || phase === "gameOver") return null;
    const marked = document.querySelector("[data-secret], [data-testid=secret-word], .is-secret, [data-testid=reveal-secret]");
    // Everything on the page but the grid itself, where every word (the secret among them) is shown to all.
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("[data-testid=word-grid]").forEach((grid) => grid.remove());
    return { marked: marked ? `${role} sees ${marked.outerHTML}` : null, round: Number(room.dataset.round), text: copy.textContent ?? "" };
  });
  if (!seen) return;
  expect(seen.marked, `${p.name}'s page`).toBeNull();
  expect(seen.text).not.toContain("The secret word is");
  hiddenTexts.push({ name: p.name, game: gameNumber, round: seen.round, text: seen.text });
}

/** 1 for the first game; the test bumps it when the host plays again. */
let gameNumber = 1;

async function giveClue(p: Person, index: number, checkValidation: boolean): Promise<void> {
  const input = p.page.getByTestId("clue-input");
  if (checkValidation) {
    // Live feedback from the shared validator: a grid word and a clue that is too long are caught as typed.
    const gridWord = (await p.page.locator("[data-testid=word-grid] li").first().textContent())!.replace(" (the secret word)", "").trim();
    await input.fill(gridWord);
    await expect.poll(() => p.page.getByTestId("clue-hint").textContent()).toContain("a word on the grid");
    await input.fill("one two three");
    await expect.poll(() => p.page.getByTestId("clue-hint").textContent()).toContain("the limit is 2 words");
    await shot(p, "clue-validation");
  }
  await input.fill(CLUES[index % CLUES.length]);
  await p.page.getByRole("button", { name: "Give clue" }).click();
  await input.waitFor({ state: "detached" });
}

/** One person's loop: wait for the page to change, screenshot each new phase, do what the page offers. */
async function play(p: Person, opts: { reloadOnFirstTurn?: boolean; stats: { chameleonRounds: number; clues: number } }): Promise<void> {
  let lastKey = "";
  let reloaded = false;
  let checkedValidation = false;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const handle = await p.page.waitForFunction(readPageState, lastKey, { polling: 100, timeout: 60_000 });
    const state = (await handle.jsonValue()) as PageState;
    lastKey = state.key;
    await assertNoSecretShown(p);
    if (state.role === "chameleon" && state.phase === "clues") {
      opts.stats.chameleonRounds++;
      chameleonOfRound.set(state.round, p.name);
    }
    await shot(p, `${String(["lobby", "clues", "discussion", "vote", "tieBreak", "guess", "reveal", "gameOver"].indexOf(state.phase) + 1).padStart(2, "0")}-${state.phase}${state.role === "chameleon" && state.phase === "clues" ? "-chameleon" : ""}`);
    switch (state.action) {
      case "over":
        return;
      case "clue": {
        if (opts.reloadOnFirstTurn && !reloaded) {
          reloaded = true;
          await reloadAndKeepSeat(p);
          lastKey = "";
          break;
        }
        await giveClue(p, opts.stats.clues++, !checkedValidation);
        checkedValidation = true;
        break;
      }
      case "ready":
        if (p.name === "Ana") {
          // The discussion happens in the chat: everyone at the table sees the line.
          await p.page.getByLabel("Message", { exact: true }).fill(`Round ${state.round}: who said something odd?`);
          await p.page.getByRole("button", { name: "Send" }).click();
          await p.page.getByTestId("chat-log").getByText(`Round ${state.round}: who said something odd?`).waitFor();
        }
        await p.page.getByRole("button", { name: "I'm ready to vote" }).click();
        break;
      case "vote":
        {
          const suspect = chameleonOfRound.get(state.round);
          const option = p.page.locator("[data-testid=vote-option]", { hasText: suspect ?? "" }).first();
          const target = suspect && suspect !== p.name ? option : p.page.getByTestId("vote-option").first();
          if (p.name === "Cleo") {
            // Keyboard again: focus the card and press Space, as a screen-reader user would (one step, so that a
            // snapshot re-rendering the cards in between cannot take the focus away).
            await target.press("Space");
          } else {
            await target.click();
          }
        }
        // The vote shows as chosen, or, for the last voter, the vote ends.
        await p.page.waitForFunction(
          () => document.querySelector("[data-testid=vote-option][aria-pressed=true]") || document.querySelector("[data-testid=room]")?.getAttribute("data-phase") !== "vote",
          undefined,
          { polling: 100 },
        );
        break;
      case "tiebreak":
        await p.page.getByTestId("tiebreak-option").first().click();
        break;
      case "guess":
        await p.page.locator("[data-testid=word-grid] button:not([disabled])").first().click();
        await p.page.getByTestId("guess-confirm").click();
        break;
      case "next":
        await p.page.getByTestId("next-round").click();
        break;
      default:
        break;
    }
  }
  throw new Error(`${p.name}: the game did not end in time`);
}

/** A reload in the middle of the player's own turn: same seat, same token, and the turn is still theirs. */
async function reloadAndKeepSeat(p: Person): Promise<void> {
  const before = await p.page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith("sneak.seat."))?.[1] ?? null);
  expect(before).not.toBeNull();
  await p.page.reload();
  await p.page.getByTestId("room").waitFor();
  await expect.poll(() => p.page.locator("[data-testid=player-row]", { hasText: "You" }).textContent()).toContain(p.name);
  const after = await p.page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith("sneak.seat."))?.[1] ?? null);
  expect(JSON.parse(after!)).toEqual(JSON.parse(before!));
  expect(await p.page.getByText("Join room").count()).toBe(0);
  await p.page.getByTestId("clue-input").waitFor();
  await screenshot(p.page, "03-after-reload-ben");
}

/** Every room:state a page received: secrets only for informed players, scores only after the reveal. */
function auditFrames(p: Person): { states: number; hiddenRounds: number } {
  let states = 0;
  let hiddenRounds = 0;
  for (const frame of p.frames) {
    const event = socketEventOf(frame);
    if (!event || event[0] !== "room:state") continue;
    states++;
    const snapshot = event[1] as RoomSnapshot;
    for (const round of snapshot.game.rounds) {
      if (round.revealed) continue;
      for (const clue of round.clues) expect(clue.scores ?? [], `${p.name}: scores before the reveal`).toEqual([]);
      if (round.role === "informed") continue;
      hiddenRounds++;
      expect(round.secret, `${p.name} (${round.role}) received the secret of round ${round.number}`).toBeNull();
      expect(JSON.stringify(round)).not.toMatch(/"secret":"/);
    }
  }
  return { states, hiddenRounds };
}

/** The page's background colour: which of the palette's two values (client/styles/app.css) is in force. */
const LIGHT_BG = "rgb(245, 241, 234)";
const DARK_BG = "rgb(19, 17, 25)";
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe("the browser client", () => {
  it("three people and two bots play a game to the winner; a reload keeps the seat; the secret stays hidden", async () => {
    const ana = await person("Ana", { width: 1280, height: 900 });
    const ben = await person("Ben", { width: 360, height: 780 });
    const cleo = await person("Cleo", { width: 820, height: 1000 });
    const dee = await person("Dee", { width: 1100, height: 900, dark: true });

    // Ana creates the room from the home page.
    await ana.page.goto(server.url);
    await screenshot(ana.page, "00-home-ana");
    await ben.page.goto(server.url);
    await screenshot(ben.page, "00-home-ben");
    await ana.page.getByLabel("Your name").fill("Ana");
    await ana.page.getByRole("button", { name: "Create a room" }).click();
    const code = (await ana.page.getByTestId("room-code").textContent())!;
    expect(code).toMatch(/^[A-Z]{4}$/);
    expect(new URL(ana.page.url()).pathname).toBe(`/r/${code}`);
    const link = await ana.page.getByTestId("share-link").inputValue();
    expect(link).toBe(`${server.url}/r/${code}`);

    // Ben opens the share link on his phone and lands straight in the room's join form.
    await ben.page.goto(link);
    await ben.page.getByRole("button", { name: "Take a seat" }).waitFor();
    await screenshot(ben.page, "00-share-link-ben");
    await ben.page.getByLabel("Your name").fill("Ben");
    await ben.page.getByRole("button", { name: "Take a seat" }).click();
    await ben.page.getByTestId("room-code").waitFor();
    // Ben prefers dark mode: the toggle goes system → dark and is remembered.
    expect(await pageBackground(ben.page)).toBe(LIGHT_BG);
    await ben.page.getByRole("button", { name: /Change theme/ }).click();
    expect(await ben.page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem("sneak.theme")])).toEqual(["dark", "dark"]);
    expect(await pageBackground(ben.page)).toBe(DARK_BG);

    // Cleo types the code on the home page; Dee watches.
    await cleo.page.goto(server.url);
    await cleo.page.getByLabel("Your name").fill("Cleo");
    // A mistyped code is refused, and the page says so.
    const wrong = code === "QQQQ" ? "QQQZ" : "QQQQ";
    await cleo.page.getByLabel("Room code").fill(wrong);
    await cleo.page.getByRole("button", { name: "Join", exact: true }).click();
    await cleo.page.getByTestId("notice").filter({ hasText: "No room with code" }).waitFor();
    await screenshot(cleo.page, "00-wrong-code-cleo");
    await cleo.page.getByRole("button", { name: "Dismiss notification" }).click();
    await cleo.page.getByLabel("Room code").fill("");
    // Cleo uses the keyboard only: type the code, press Enter.
    await cleo.page.getByLabel("Room code").focus();
    await cleo.page.keyboard.type(code.toLowerCase());
    await cleo.page.keyboard.press("Enter");
    await cleo.page.getByTestId("room-code").waitFor();
    await dee.page.goto(link);
    await dee.page.getByLabel("Your name").fill("Dee");
    await dee.page.getByRole("button", { name: "Just watch" }).click();
    await dee.page.getByTestId("room").waitFor();
    // Dee's system is dark and she never touched the toggle: the page follows the system.
    expect(await pageBackground(dee.page)).toBe(DARK_BG);
    expect(await pageBackground(ana.page)).toBe(LIGHT_BG);

    // The host adds two bots and sets a short game; everyone else sees the settings read-only.
    for (let i = 0; i < 2; i++) {
      const rows = await ana.page.getByTestId("player-row").count();
      await ana.page.getByRole("button", { name: "+ Add bot" }).click();
      await expect.poll(() => ana.page.getByTestId("player-row").count()).toBe(rows + 1);
    }
    await ana.page.getByLabel("2 words").click();
    await expect.poll(() => ana.page.getByLabel("2 words").isChecked()).toBe(true);
    await ana.page.getByLabel("Points to win").selectOption("3");
    await expect.poll(() => cleo.page.getByTestId("settings-readonly").textContent()).toContain("up to 2 words");
    await expect.poll(() => ben.page.getByTestId("player-row").count()).toBe(5);
    expect(await ben.page.locator("[data-testid=player-row]", { hasText: "Lexical bot" }).count()).toBe(2);
    expect(await ben.page.getByRole("button", { name: "Start the game" }).count()).toBe(0);
    await screenshot(ana.page, "01-lobby-host-ana");
    // The host's controls on a phone too.
    await ana.page.setViewportSize({ width: 360, height: 780 });
    await screenshot(ana.page, "01-lobby-host-ana-360px");
    await ana.page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(ben.page, "01-lobby-ben");
    await screenshot(dee.page, "01-lobby-spectator-dee");
    await ana.page.getByRole("button", { name: "Start the game" }).click();

    const stats = { chameleonRounds: 0, clues: 0 };
    await Promise.all([
      play(ana, { stats }),
      play(ben, { stats, reloadOnFirstTurn: true }),
      play(cleo, { stats }),
      play(dee, { stats }),
    ]);

    // Everyone sees the same winner, with at least the target score.
    const winner = (await ana.page.getByTestId("winner").textContent())!;
    for (const p of [ben, cleo, dee]) await expect.poll(() => p.page.getByTestId("winner").textContent()).toBeTruthy();
    expect(winner).toMatch(/wins?!|You win!/);
    const top = await ana.page.locator("[data-testid=scoreboard] .points").first().textContent();
    expect(Number(top)).toBeGreaterThanOrEqual(3);
    for (const p of [ana, ben, cleo, dee]) await screenshot(p.page, `08-gameOver-final-${p.name.toLowerCase()}`);

    // The secrets of the finished game, from the game-over snapshot: none appeared on a hidden page's text.
    const gameOver = ana.frames
      .map(socketEventOf)
      .filter((e): e is [string, unknown] => e !== null && e[0] === "room:state")
      .map((e) => e[1] as RoomSnapshot)
      .filter((snap) => snap.game.phase === "gameOver")
      .at(-1)!;
    const secrets = new Map(gameOver.game.rounds.map((r) => [r.number, r.secret!]));
    expect(hiddenTexts.length).toBeGreaterThan(0);
    for (const seen of hiddenTexts) {
      const secret = secrets.get(seen.round)!;
      expect(new RegExp(`\\b${secret}\\b`, "i").test(seen.text), `${seen.name} saw "${secret}" outside the grid in round ${seen.round}`).toBe(false);
    }

    // The finished game's data, on the researchers' page: the export button downloads a JSONL of the room's games
    // (one so far) holding exactly the game's clues.
    await ana.page.getByTestId("research-link").click();
    const [download] = await Promise.all([ana.page.waitForEvent("download"), ana.page.getByTestId("export-jsonl").click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^sneak-${code}-.+\\.jsonl$`));
    const lines = readFileSync((await download.path())!, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { type: string; message?: string });
    const given = gameOver.game.rounds.flatMap((r) => r.clues.map((c) => c.text));
    expect(lines.filter((l) => l.type === "clue").map((l) => l.message)).toEqual(given);
    expect(lines.filter((l) => l.type === "round")).toHaveLength(gameOver.game.rounds.length);
    await ana.page.getByTestId("export-status").filter({ hasText: "Downloaded" }).waitFor();
    if (TAKE_SCREENSHOTS) await ana.page.getByTestId("game-data").screenshot({ path: path.join(SCREENSHOT_DIR, "08-gameOver-export-ana.png") });
    await ana.page.goBack();
    await ana.page.locator("[data-testid=room][data-phase=gameOver]").waitFor();
    // The room's leaderboard names everyone at the table; the researchers' page ranks this game's generators: Ben
    // follows the link on his phone (dark mode) and comes back.
    expect(await ben.page.getByTestId("standing").count()).toBe(gameOver.game.seats.length);
    await ben.page.getByTestId("research-link").click();
    await ben.page.getByTestId("lb-generator-row").first().waitFor();
    const generators = await ben.page.getByTestId("lb-generator-row").evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.generator));
    expect(generators).toEqual(expect.arrayContaining(["human", "bot:lexical"]));
    await ben.page.getByTestId("generator-tradeoff").locator("svg.recharts-surface").waitFor();
    await screenshot(ben.page, "09-leaderboard-ben-360px-dark");
    await ben.page.goBack();
    await ben.page.locator("[data-testid=room][data-phase=gameOver]").waitFor();
    // And on a desktop, light, reached from the home page.
    const desk = await ana.context.newPage();
    await desk.goto(server.url);
    await desk.getByTestId("home-research-link").click();
    await desk.getByTestId("generator-tradeoff").locator("svg.recharts-surface").waitFor();
    expect(new URL(desk.url()).pathname).toBe("/research");
    await screenshot(desk, "09-leaderboard-desktop");
    await desk.close();
    gameNumber++;

    // Play again: the same table is dealt a fresh game, scores back to zero.
    await ana.page.getByTestId("play-again").click();
    for (const p of [ana, ben, cleo, dee]) {
      await p.page.locator("[data-testid=room][data-phase=clues][data-round='1']").waitFor();
      expect(await p.page.locator("[data-testid=player-row] .points").allTextContents()).toEqual(["0", "0", "0", "0", "0"]);
    }

    // No page received a secret it should not have, or a score before the reveal.
    const audits = Object.fromEntries([ana, ben, cleo, dee].map((p) => [p.name, auditFrames(p)]));
    for (const [name, a] of Object.entries(audits)) expect(a.states, `${name} received snapshots`).toBeGreaterThan(10);
    // The spectator never knows the secret, so its audit always covers hidden rounds; a human chameleon's too.
    expect(audits.Dee.hiddenRounds).toBeGreaterThan(0);
    const humanChameleonFrames = audits.Ana.hiddenRounds + audits.Ben.hiddenRounds + audits.Cleo.hiddenRounds;
    expect(humanChameleonFrames > 0).toBe(stats.chameleonRounds > 0);
  }, 240_000);

  it("three people alone: a three-way tie goes to the dealer, and a caught Chameleon gets two guesses", async () => {
    const [xia, yann, zoe] = [await person("Xia", { width: 1000, height: 900 }), await person("Yann", { width: 1000, height: 900 }), await person("Zoe", { width: 390, height: 844 })];
    await xia.page.goto(server.url);
    await xia.page.getByLabel("Your name").fill("Xia");
    await xia.page.getByRole("button", { name: "Create a room" }).click();
    const link = await xia.page.getByTestId("share-link").inputValue();
    for (const p of [yann, zoe]) {
      await p.page.goto(link);
      await p.page.getByLabel("Your name").fill(p.name);
      await p.page.getByRole("button", { name: "Take a seat" }).click();
      await p.page.getByTestId("room-code").waitFor();
    }
    await expect.poll(() => xia.page.getByTestId("player-row").count()).toBe(3);
    await xia.page.getByLabel("Points to win").selectOption("1");
    await xia.page.getByLabel("Discussion").selectOption("0");
    // Settings are the server's: the box shows ticked once the new snapshot arrives.
    await xia.page.getByLabel("3 players: a caught Chameleon gets two guesses").click();
    await expect.poll(() => xia.page.getByLabel("3 players: a caught Chameleon gets two guesses").isChecked()).toBe(true);
    await expect.poll(() => zoe.page.getByTestId("settings-readonly").textContent()).toContain("3 players: two guesses");
    await xia.page.getByRole("button", { name: "Start the game" }).click();

    const all = [xia, yann, zoe];
    const roleOf = async (p: Person) => (await p.page.getByTestId("room").getAttribute("data-role"))!;
    await Promise.all(all.map((p) => p.page.locator("[data-testid=room][data-phase=clues]").waitFor()));
    const chameleon = (await Promise.all(all.map(async (p) => ((await roleOf(p)) === "chameleon" ? p : null)))).find((p) => p !== null) ?? null;
    const informed = all.find((p) => p !== chameleon)!;
    const secret = (await informed.page.getByTestId("secret-word").textContent())!;

    // Three one-word clues, in turn order.
    for (let i = 0; i < 3; i++) {
      const turn = await Promise.race(all.map((p) => p.page.getByTestId("clue-input").waitFor().then(() => p)));
      await turn.page.getByTestId("clue-input").fill(["common", "familiar", "ordinary"][i]);
      await turn.page.getByRole("button", { name: "Give clue" }).click();
      await turn.page.getByTestId("clue-input").waitFor({ state: "detached" });
    }

    // Everyone votes for the next player: one vote each, a three-way tie.
    await Promise.all(all.map((p) => p.page.locator("[data-testid=room][data-phase=vote]").waitFor()));
    for (const [voter, target] of [[xia, yann], [yann, zoe], [zoe, xia]] as const) {
      await voter.page.locator("[data-testid=vote-option]", { hasText: target.name }).click();
    }
    await Promise.all(all.map((p) => p.page.locator("[data-testid=room][data-phase=tieBreak]").waitFor()));
    expect(await yann.page.getByTestId("tiebreak-option").count()).toBe(0);
    await screenshot(yann.page, "05-tieBreak-waiting-yann");
    await screenshot(xia.page, "05-tieBreak-dealer-xia");
    // Xia deals round 1 (she is the host) and accuses the Chameleon: all three are tied, so even herself.
    const accused = chameleon ?? yann;
    await xia.page.getByTestId("tiebreak-option").filter({ hasText: accused.name }).click();

    if (accused === chameleon) {
      await chameleon.page.locator("[data-testid=room][data-phase=guess]").waitFor();
      await expect.poll(() => chameleon.page.getByText("You have 2 guesses.").count()).toBe(1);
      const wrong = (await chameleon.page.locator("[data-testid=word-grid] button").allTextContents()).find((w) => w !== secret)!;
      await chameleon.page.getByRole("button", { name: wrong, exact: true }).click();
      await chameleon.page.getByTestId("guess-confirm").click();
      await expect.poll(() => chameleon.page.getByText(`Wrong so far: ${wrong}`).count()).toBe(1);
      await screenshot(chameleon.page, "06-guess-second-try");
      await chameleon.page.getByRole("button", { name: secret, exact: true }).click();
      await chameleon.page.getByTestId("guess-confirm").click();
    }
    await Promise.all(all.map((p) => p.page.locator("[data-testid=room][data-phase=gameOver]").waitFor()));
    const outcome = await informed.page.getByTestId("outcome").textContent();
    expect(outcome).toBe(accused === chameleon ? `${chameleon!.name} was caught but guessed the word` : `${chameleon?.name ?? "The Chameleon"} got away!`);
    expect(await xia.page.getByText("The vote tied; Xia, the dealer, chose.").count()).toBe(1);
    await screenshot(zoe.page, "08-gameOver-three-zoe");
  }, 120_000);
});
