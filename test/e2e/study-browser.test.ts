import type { Browser, BrowserContext, Page } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStudy } from "../../server/studies/build-study";
import type { StudyRecord } from "../../server/studies/study-types";
import { StudySpecSchema } from "../../shared/studies/spec";
import type { StudyTask } from "../../shared/studies/protocol";
import { TEST_DATASET } from "../support/socket-server";
import { startStudyServer } from "../support/study-server";
import { legalFiller, randomAnswerer, runParticipant } from "../support/study-participants";
import { startStudyProxy, type StudyProxy } from "../support/study-proxy";
import { evaluatorsFor } from "../../server/server-deps";
import { ensureClientBuilt, launchChromium, screenshot } from "./client-browser";

/**
 * Participants in Chromium, with the keyboard alone, on a desktop and on a 360 px phone: the consent, one
 * item of each task (the paper's Figures 5–7), the end. The page must never be wider than the phone, and a
 * reload in the middle must come back to the same item. Screenshots land in test-output/e2e/study-*.
 */

const dir = mkdtempSync(join(tmpdir(), "sneak-study-e2e-"));
let server: Awaited<ReturnType<typeof startStudyServer>>;
let browser: Browser;
const contexts: BrowserContext[] = [];
const studies = new Map<StudyTask, StudyRecord>();
let crowd: StudyRecord;
let proxy: StudyProxy;
const RESEARCH_KEY = "a-research-key-for-the-browser-test";

beforeAll(async () => {
  ensureClientBuilt();
  server = await startStudyServer({ path: join(dir, "log.db"), sync: "normal", databaseUrl: null }, TEST_DATASET, {
    staticDir: "dist",
    researchKey: RESEARCH_KEY,
    evaluators: await evaluatorsFor(["lexical"], () => {}),
  });
  const lines = TEST_DATASET.categories.map((c) => ({ category: c.category, secret: c.words[1], message: legalFiller(c.words), generator: "human" }));
  // One study per task, two items per participant, so that every run meets exactly the task it checks.
  for (const task of ["generation", "ally", "chameleon"] as const) {
    const spec = StudySpecSchema.parse({ title: `The ${task} task`, tasks: [task], itemsPerParticipant: 2, messages: task === "generation" ? { kind: "none" } : { kind: "file", name: "m.jsonl", lines } });
    const built = buildStudy(spec, TEST_DATASET, "cli");
    await server.studies.create(built.study, built.items);
    studies.set(task, built.study);
  }
  // A Prolific study, reached through a load balancer (its public address) that can lose every connection.
  const spec = StudySpecSchema.parse({ title: "On Prolific", tasks: ["ally"], itemsPerParticipant: 2, completionCode: "C0DE-42", completionUrl: "https://app.prolific.com/submissions/complete?cc=C0DE42", messages: { kind: "file", name: "m.jsonl", lines } });
  const built = buildStudy(spec, TEST_DATASET, "cli");
  await server.studies.create(built.study, built.items);
  crowd = built.study;
  proxy = await startStudyProxy([server.url]);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await proxy?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pageAt(width: number): Promise<Page> {
  const context = await browser.newContext(width < 500 ? { viewport: { width, height: 740 }, isMobile: true, hasTouch: true } : { viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

async function assertFits(page: Page, width: number, label: string): Promise<void> {
  await screenshot(page, `study-${label}`);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${label} is ${scrollWidth}px wide`).toBeLessThanOrEqual(width);
}

/** Presses Tab until the focused element matches, at most 15 times: how a keyboard user gets somewhere. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function answerWithKeyboard(page: Page, task: StudyTask): Promise<void> {
  const article = page.locator("article.study-item");
  await expect.poll(() => article.getAttribute("data-task")).toBe(task);
  // A new item puts the focus on its heading.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("item-title");
  if (task === "generation") {
    await tabTo(page, "input.study-input");
    const words = await page.locator(".word-cell").allTextContents();
    await page.keyboard.type(legalFiller(words.map((w) => w.replace(" (the secret word)", ""))));
    await page.keyboard.press("Enter");
  } else {
    await tabTo(page, "input[type=radio]");
    await page.keyboard.press("ArrowDown");
    expect(await page.locator("input[type=radio]:checked").count()).toBe(1);
    await tabTo(page, "button[type=submit]");
    await page.keyboard.press("Enter");
  }
}

describe.each([
  ["desktop", 1280],
  ["phone", 360],
] as const)("a participant on a %s", (device, width) => {
  for (const task of ["generation", "ally", "chameleon"] as const) {
    it(`does the ${task} task with the keyboard alone, and resumes after a reload`, async () => {
      const study = studies.get(task)!;
      const page = await pageAt(width);
      await page.goto(`${server.url}/s/${study.id}`);
      await page.getByRole("heading", { name: `The ${task} task` }).waitFor();
      await assertFits(page, width, `${device}-${task}-consent`);
      await tabTo(page, "input[type=checkbox]");
      await page.keyboard.press("Space");
      await tabTo(page, "button[type=submit]");
      await page.keyboard.press("Enter");
      await page.locator("article.study-item").waitFor();
      expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
      // What the chameleon task shows: the message, the words, never which one is the secret.
      if (task === "chameleon") {
        expect(await page.locator(".is-secret").count()).toBe(0);
        expect(await page.getByText("The secret word is").count()).toBe(0);
        expect(await page.locator("input[type=radio]").count()).toBe(TEST_DATASET.categories[0].words.length);
      } else expect(await page.locator(".word-cell.is-secret").count()).toBe(1);
      await assertFits(page, width, `${device}-${task}-item`);
      await answerWithKeyboard(page, task);
      await expect.poll(() => page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("1");
      // Leave and come back on the same device: the same item, where they were.
      const before = await page.locator("article.study-item").textContent();
      await page.reload();
      await page.locator("article.study-item").waitFor();
      expect(await page.locator("article.study-item").textContent()).toBe(before);
      expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("1");
      await answerWithKeyboard(page, task);
      await page.getByRole("heading", { name: /Thank you/ }).waitFor();
      await assertFits(page, width, `${device}-${task}-done`);
      const participant = (await page.locator(".participant-code").textContent())!;
      const data = await server.studies.data(study);
      expect(data.answers.filter((a) => a.participantId === participant)).toHaveLength(2);
    }, 60_000);
  }
});

describe("a participant from a crowd platform", () => {
  it("is known by the link's PROLIFIC_PID, rides out a lost connection, and is shown the completion code and link", async () => {
    const page = await pageAt(360);
    await page.goto(`${proxy.url}/s/${crowd.id}?PROLIFIC_PID=5f0c1a2b3c4d5e6f7a8b9c0d&STUDY_ID=x&SESSION_ID=y`);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Start" }).click();
    await page.locator("article.study-item").waitFor();
    // The connection drops while they answer: the page says it is reconnecting, then the answer lands.
    proxy.down = true;
    await page.locator("input[type=radio]").first().check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Reconnecting to the study").waitFor();
    proxy.down = false;
    await expect.poll(() => page.getByRole("progressbar").getAttribute("aria-valuenow"), { timeout: 15_000 }).toBe("1");
    await page.locator("input[type=radio]").first().check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: /Thank you/ }).waitFor();
    expect(await page.locator(".completion-code").textContent()).toBe("C0DE-42");
    expect(await page.getByRole("link", { name: "Return to the site that sent you here" }).getAttribute("href")).toBe("https://app.prolific.com/submissions/complete?cc=C0DE42");
    await assertFits(page, 360, "phone-prolific-done");
    const data = await server.studies.data(crowd);
    expect(data.participants.map((p) => p.platformId)).toEqual(["5f0c1a2b3c4d5e6f7a8b9c0d"]);
    expect(data.answers).toHaveLength(2);
    expect((await page.content()).includes("5f0c1a2b3c4d5e6f7a8b9c0d")).toBe(false);
  }, 60_000);
});

describe("a researcher on the page", () => {
  it("creates a study with the research key, follows it with the study's key, computes Tables 5-7 and downloads the answers", async () => {
    const page = await pageAt(1280);
    await page.goto(`${server.url}/studies`);
    await page.getByLabel("Research key").fill(RESEARCH_KEY);
    await page.getByLabel("Title (participants see it)").fill("Made on the page");
    // The test's three-category dataset has no synonym for an attention check (the default dataset has 30).
    await page.getByLabel("Attention checks per participant").fill("0");
    await page.getByRole("button", { name: "Create the study" }).click();
    const heading = page.getByRole("heading", { name: /^Study [a-z0-9]{10} is open$/ });
    await heading.waitFor();
    const id = /Study ([a-z0-9]{10})/.exec((await heading.textContent())!)![1];
    const key = (await page.locator(".participant-code").textContent())!;
    expect(key).toMatch(/^sk-/);
    // Two people take part (over HTTP), then the researcher opens the study's page from the link with the key.
    for (let i = 0; i < 2; i++) await runParticipant(server.url, id, i, randomAnswerer, []);
    await page.getByRole("link", { name: "the study's results page" }).click();
    await page.getByRole("heading", { name: "Made on the page" }).waitFor();
    // The key leaves the address bar (and so the history) as soon as the page has it.
    expect(page.url()).toBe(`${server.url}/studies/${id}`);
    expect(await page.locator("table caption", { hasText: "Progress per task" }).count()).toBe(1);
    await page.getByRole("button", { name: "Compute the tables" }).click();
    await page.locator("caption", { hasText: "Table 5" }).waitFor({ timeout: 30_000 });
    expect(await page.locator("caption", { hasText: "Table 6" }).count()).toBe(1);
    expect(await page.locator("caption", { hasText: "Table 7" }).count()).toBe(1);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export (JSONL)" }).click();
    expect((await download).suggestedFilename()).toBe(`sneak-study-${id}.jsonl`);
    const people = page.waitForEvent("download");
    await page.getByRole("button", { name: "Participants (CSV)" }).click();
    expect((await people).suggestedFilename()).toBe(`sneak-study-${id}-participants.csv`);
    // The study's own messages, each checked by the offensive-word filter before anyone judged it.
    const review = page.getByRole("region", { name: "The messages and their review" });
    await review.waitFor();
    expect(await review.getByText("approved (filter)").count()).toBeGreaterThan(0);
    await screenshot(page, "study-researcher");
    // A wrong research key is refused with the server's reason.
    await page.goto(`${server.url}/studies`);
    await page.getByLabel("Research key").fill("not-the-research-key-at-all");
    await page.getByLabel("Title (participants see it)").fill("Refused");
    await page.getByRole("button", { name: "Create the study" }).click();
    await page.getByRole("alert").filter({ hasText: "the research key is wrong" }).waitFor();
  }, 90_000);
});
