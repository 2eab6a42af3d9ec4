/**
 * A human among bots, in Chromium, as a new player meets them: the host picks each bot's level in the lobby (a
 * second page, watching, sees the levels), then plays rounds until a bot Chameleon loses. Every informed bot's
 * clue shown at the reveals is legal and never the secret; the round results come from the page's own frames.
 * (Whether the bots' clues are in the card's sense is checked on the dataset's cards: test/unit/bot-strategy.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { RunningServer } from "../../server/app";
import type { RoomSnapshot } from "../../shared/protocol";
import { clueViolation, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import { rankSuspects, scoredLexicalClues } from "../../server/lexicon/lexical-clue";
import { ensureClientBuilt, launchChromium, recordFrames, socketEventOf } from "./client-browser";
import { startServerWithGameLog } from "./client-server";

const HUMAN_CLUES = ["common", "familiar", "ordinary", "typical", "everyday", "popular"];
/** Rounds the human plays at most before the test gives up on seeing a bot Chameleon lose. */
const MAX_ROUNDS = 12;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureClientBuilt();
  server = await startServerWithGameLog("e2e-bots");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The newest room:state a page received. */
function latestSnapshot(frames: readonly string[]): RoomSnapshot | null {
  for (let i = frames.length - 1; i >= 0; i--) {
    const event = socketEventOf(frames[i]);
    if (event && event[0] === "room:state") return event[1] as RoomSnapshot;
  }
  return null;
}

async function addBot(page: Page, level: "Easy" | "Normal" | "Hard"): Promise<void> {
  const rows = await page.getByTestId("player-row").count();
  await page.getByLabel("Bot level").selectOption({ label: level });
  await page.getByRole("button", { name: "+ Add bot" }).click();
  await expect.poll(() => page.getByTestId("player-row").count()).toBe(rows + 1);
}

describe("a human among bots", () => {
  it("chooses each bot's level in the lobby, and meets legal clues and a bot Chameleon that can lose", async () => {
    const host = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const frames = recordFrames(host);
    await host.goto(server.url);
    await host.getByLabel("Your name").fill("Ada");
    await host.getByRole("button", { name: "Create a room" }).click();
    const code = (await host.getByTestId("room-code").textContent())!.trim();

    await addBot(host, "Hard");
    await addBot(host, "Easy");
    await addBot(host, "Normal");
    const bots = () => latestSnapshot(frames)!.game.seats.filter((s) => s.kind === "bot");
    await expect.poll(() => bots().map((b) => b.botLevel)).toEqual(["hard", "easy", "normal"]);
    // The host sees a level control on each bot's seat, and changes one.
    const first = bots()[0];
    const control = host.getByLabel(`Level of ${first.name}`);
    expect(await control.inputValue()).toBe("hard");
    await control.selectOption("normal");
    await expect.poll(() => bots()[0].botLevel).toBe("normal");

    // Another device watching sees every bot's level on its seat.
    const watcher = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await watcher.goto(`${server.url}/r/${code}`);
    await watcher.getByLabel("Your name").fill("Wes");
    await watcher.getByRole("button", { name: "Just watch" }).click();
    await watcher.getByTestId("room").waitFor();
    await expect.poll(async () => (await watcher.getByTestId("bot-level-badge").allTextContents()).map((t) => t.trim().toLowerCase())).toEqual(["normal", "easy", "normal"]);
    await watcher.close();

    await host.getByLabel("Points to win").selectOption("20");
    await host.getByRole("button", { name: "Start the game" }).click();

    let roundsPlayed = 0;
    let botChameleonLost = 0;
    let checkedClues = 0;
    const seenReveals = new Set<number>();
    const deadline = Date.now() + 240_000;
    let clueIndex = 0;
    while (roundsPlayed < MAX_ROUNDS && botChameleonLost === 0 && Date.now() < deadline) {
      await host.waitForTimeout(150);
      const room = host.getByTestId("room");
      const phase = await room.getAttribute("data-phase");
      if (await host.getByTestId("clue-input").count()) {
        // Informed, the human gives a plain clue people give for the secret (as a new player would); as the
        // Chameleon, a vague word.
        const round = latestSnapshot(frames)!.game.rounds.at(-1)!;
        const plain = round.secret ? scoredLexicalClues({ category: round.category, words: round.words!, secret: round.secret, avoid: round.clues.map((c) => c.text), level: "easy" })[0]?.text : undefined;
        await host.getByTestId("clue-input").fill(plain ?? HUMAN_CLUES[clueIndex++ % HUMAN_CLUES.length]);
        await host.getByRole("button", { name: "Give clue" }).click();
      } else if (phase === "discussion" && (await host.getByRole("button", { name: "I'm ready to vote" }).isEnabled().catch(() => false))) {
        await host.getByRole("button", { name: "I'm ready to vote" }).click();
      } else if (phase === "vote" && (await host.locator("[data-testid=vote-option][aria-pressed=true]").count()) === 0 && (await host.locator("[data-testid=vote-option]:not([disabled])").count()) > 0) {
        // Informed, the human votes as a careful player would: for the clue that fits the secret worst.
        const snapshot = latestSnapshot(frames)!;
        const round = snapshot.game.rounds.at(-1)!;
        const suspect = round.secret
          ? rankSuspects({ category: round.category, words: round.words!, secret: round.secret, clues: round.clues.map((c) => ({ playerId: c.playerId, clue: c.text })), self: snapshot.you.playerId })[0]
          : undefined;
        const name = snapshot.game.seats.find((seat) => seat.id === suspect?.playerId)?.name;
        const option = name ? host.locator("[data-testid=vote-option]:not([disabled])", { hasText: name }) : host.locator("[data-testid=vote-option]:not([disabled])");
        await option.first().click();
      } else if (phase === "tieBreak" && (await host.getByTestId("tiebreak-option").count())) {
        await host.getByTestId("tiebreak-option").first().click();
      } else if (phase === "guess" && (await host.getByTestId("guess-confirm").count())) {
        await host.locator("[data-testid=word-grid] button:not([disabled])").first().click();
        await host.getByTestId("guess-confirm").click();
      } else if (phase === "reveal") {
        const snapshot = latestSnapshot(frames)!;
        const round = snapshot.game.rounds.at(-1)!;
        if (round.revealed && !seenReveals.has(round.number)) {
          seenReveals.add(round.number);
          roundsPlayed++;
          const chameleonIsBot = snapshot.game.seats.find((s) => s.id === round.chameleonId)?.kind === "bot";
          if (chameleonIsBot && round.outcome?.kind === "caught") botChameleonLost++;
          for (const clue of round.clues) {
            const bySeat = snapshot.game.seats.find((s) => s.id === clue.playerId);
            if (bySeat?.kind !== "bot" || clue.playerId === round.chameleonId) continue;
            expect(clueViolation(clue.text, round.words!, MAX_CLUE_WORDS), clue.text).toBeUndefined();
            expect(clue.text.toLowerCase()).not.toContain(round.secret!.toLowerCase());
            checkedClues++;
          }
        }
        if (botChameleonLost === 0 && (await host.getByTestId("next-round").count())) await host.getByTestId("next-round").click();
      }
    }
    expect(checkedClues).toBeGreaterThan(0);
    expect(botChameleonLost, `a bot Chameleon lost none of ${roundsPlayed} rounds`).toBeGreaterThan(0);
    await host.close();
  }, 300_000);
});
