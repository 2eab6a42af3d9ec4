import type { Browser, BrowserContext, Page } from "playwright-core";
import type { NetworkInterfaceInfo } from "node:os";
import jsQR from "jsqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server/app";
import { startTestServer } from "../support/socket-server";
import { ensureClientBuilt, launchChromium, screenshot } from "./client-browser";

/**
 * The lobby's invitation in Chromium against real servers whose network addresses are stubbed: the link, the
 * Copy button and the QR code (decoded from the pixels the page drew) carry an address friends' devices can
 * open, or the page says plainly that only this computer can. Desktop and a 360 px phone, light and dark.
 */

const LAN: NodeJS.Dict<NetworkInterfaceInfo[]> = {
  lo: [{ address: "127.0.0.1", family: "IPv4", internal: true, netmask: "255.0.0.0", mac: "00:00:00:00:00:00", cidr: "127.0.0.1/8" }],
  docker0: [{ address: "172.17.0.1", family: "IPv4", internal: false, netmask: "255.255.0.0", mac: "02:42:00:00:00:00", cidr: "172.17.0.1/16" }],
  wlan0: [{ address: "192.168.1.20", family: "IPv4", internal: false, netmask: "255.255.255.0", mac: "00:11:22:33:44:55", cidr: "192.168.1.20/24" }],
};

let browser: Browser;
const servers: RunningServer[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  for (const s of servers) await s.close();
});

async function hostLobby(server: RunningServer, opts: { phone?: boolean; dark?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: opts.phone ? { width: 360, height: 740 } : { width: 1200, height: 900 },
    colorScheme: opts.dark ? "dark" : "light",
    isMobile: opts.phone ?? false,
    hasTouch: opts.phone ?? false,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  contexts.push(context);
  const page = await context.newPage();
  // Always opened through loopback, as the host's own browser does.
  await page.goto(`http://127.0.0.1:${server.port}/`);
  await page.getByLabel("Your name").fill("Hostess");
  await page.getByRole("button", { name: "Create a room" }).click();
  await page.getByTestId("room-code").waitFor();
  return page;
}

/**
 * The QR code as the page drew it, rasterised in the page and decoded here. The page sends one character per
 * pixel, dark or light (the code is black on white), rather than every RGBA byte.
 */
async function decodeQr(page: Page): Promise<string | null> {
  const size = 264;
  const bits = await page.evaluate(async (size) => {
    const svg = document.querySelector<SVGSVGElement>("[data-testid=share-qr]")!;
    const blob = new Blob([new XMLSerializer().serializeToString(svg)], { type: "image/svg+xml" });
    const img = new Image();
    img.src = URL.createObjectURL(blob);
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext("2d")!;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(img, 0, 0, size, size);
    const rgba = ctx.getImageData(0, 0, size, size).data;
    let out = "";
    for (let i = 0; i < rgba.length; i += 4) out += rgba[i] < 128 ? "1" : "0";
    return out;
  }, size);
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < bits.length; i++) rgba.fill(bits[i] === "1" ? 0 : 255, i * 4, i * 4 + 3).fill(255, i * 4 + 3, i * 4 + 4);
  return jsQR(rgba, size, size)?.data ?? null;
}

/** The share link once the server's answer is in (a loaded machine can take a while). */
const linkBecomes = (page: Page, expected: string) => expect.poll(() => page.getByTestId("share-link").inputValue(), { timeout: 20_000 }).toBe(expected);

describe("inviting friends from the lobby", () => {
  it("a server open to the network: the link, Copy and the QR code carry the machine's Wi-Fi address", { timeout: 120_000 }, async () => {
    const server = await startTestServer({ host: "0.0.0.0", staticDir: "dist" }, { networkInterfaces: () => LAN });
    servers.push(server);
    for (const [label, opts] of [
      ["desktop-light", {}],
      ["phone-dark", { phone: true, dark: true }],
    ] as const) {
      const page = await hostLobby(server, opts);
      const code = await page.getByTestId("room-code").textContent();
      const expected = `http://192.168.1.20:${server.port}/r/${code}`;
      await linkBecomes(page, expected);
      expect(await page.getByTestId("share-problem").count()).toBe(0);
      const qr = page.getByTestId("share-qr");
      if ("phone" in opts) {
        // On a phone the QR code waits behind its summary, and Start is on the first screen.
        expect(await qr.isVisible()).toBe(false);
        const start = await page.getByRole("button", { name: "Start the game" }).boundingBox();
        expect(start && start.y + start.height).toBeLessThanOrEqual(740);
        await page.getByText("QR code for friends nearby").click();
      }
      await expect.poll(() => qr.isVisible()).toBe(true);
      expect(await decodeQr(page)).toBe(expected);
      await page.getByRole("button", { name: "Copy" }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
      // The other address (Docker's bridge) is one choice away, never the default.
      await page.getByText("Link does not open on a friend's device?").click();
      await page.getByTestId("share-origin").selectOption(`http://172.17.0.1:${server.port}`);
      await linkBecomes(page, `http://172.17.0.1:${server.port}/r/${code}`);
      expect(await decodeQr(page)).toBe(`http://172.17.0.1:${server.port}/r/${code}`);
      if ("phone" in opts) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, `share-${label}`);
    }
  });

  it("SNEAK_PUBLIC_URL is what friends get", { timeout: 90_000 }, async () => {
    const server = await startTestServer({ publicUrl: "https://party.example.org", staticDir: "dist" }, { networkInterfaces: () => LAN });
    servers.push(server);
    const page = await hostLobby(server);
    const code = await page.getByTestId("room-code").textContent();
    await linkBecomes(page, `https://party.example.org/r/${code}`);
    expect(await decodeQr(page)).toBe(`https://party.example.org/r/${code}`);
  });

  it("a server on loopback says plainly that only this computer can join, and how to change that; no QR code", { timeout: 90_000 }, async () => {
    const server = await startTestServer({ staticDir: "dist" }, { networkInterfaces: () => LAN });
    servers.push(server);
    const page = await hostLobby(server, { phone: true });
    const problem = page.getByTestId("share-problem");
    await problem.waitFor();
    expect(await problem.textContent()).toMatch(/Only this computer can open this link.*HOST=0\.0\.0\.0 npm start/);
    expect(await page.getByTestId("share-qr").count()).toBe(0);
    expect(await page.getByTestId("share-link").inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/r\/[A-Z]{4}$/);
    await screenshot(page, "share-loopback-phone");
  });
});
