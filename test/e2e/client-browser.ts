import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

/** Helpers for the client's browser tests: a fresh client build, Debian's Chromium, and frame capture. */

const ROOT = path.resolve(import.meta.dirname, "../..");
export const SCREENSHOT_DIR = path.join(ROOT, "test-output", "e2e");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds dist/ with vite when it is missing or older than any client or shared source. */
export function ensureClientBuilt(): void {
  const index = path.join(ROOT, "dist", "index.html");
  const sources = Math.max(newestMtime(path.join(ROOT, "client")), newestMtime(path.join(ROOT, "shared")), statSync(path.join(ROOT, "vite.config.ts")).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync(process.execPath, [path.join(ROOT, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"], { cwd: ROOT, stdio: "inherit" });
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

/** Every socket.io text frame a page receives, kept across reloads (the page object outlives them). */
export function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on("websocket", (ws) => {
    ws.on("framereceived", ({ payload }) => {
      frames.push(typeof payload === "string" ? payload : payload.toString("utf8"));
    });
  });
  return frames;
}

/** The [event, payload] of a socket.io EVENT packet ("42[...]"), or null for pings and other packets. */
export function socketEventOf(frame: string): [string, unknown] | null {
  const m = /^42(\/[^,]*,)?(\d*)(\[.*)$/s.exec(frame);
  if (!m) return null;
  try {
    const parsed = JSON.parse(m[3]) as unknown[];
    return [String(parsed[0]), parsed[1]];
  } catch {
    return null;
  }
}

/**
 * Whole-page screenshots for a person to look at (nothing reads them): about a quarter of a browser test's
 * time, so they are taken only when asked for, `SNEAK_SCREENSHOTS=1 npx vitest run test/e2e`.
 */
export const TAKE_SCREENSHOTS = process.env.SNEAK_SCREENSHOTS === "1";

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
