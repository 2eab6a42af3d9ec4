import type { IncomingMessage } from "node:http";
import { isLoopbackHost } from "../share/share-addresses";

/**
 * Whether a socket handshake may proceed. Browsers always send Origin on WebSocket upgrades, so a
 * missing Origin means a non-browser client (a research bot, a test), which cross-site attacks cannot
 * forge; a present Origin must be the server's own host or one the operator allowed.
 * The loopback names are one host: a page opened at http://localhost:3000 may talk to the server reached as
 * 127.0.0.1:3000 (or [::1]:3000), as people type "localhost" whatever the server printed. Only a page served
 * from this computer's loopback on this very port passes, which no other site can be.
 */
export function isOriginAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes("*") || allowedOrigins.includes(origin)) return true;
  const host = request.headers.host;
  if (!host) return false;
  try {
    const from = new URL(origin);
    if (from.host === host) return true;
    const to = new URL(`http://${host}`);
    return from.protocol === "http:" && isLoopbackHost(from.hostname) && isLoopbackHost(to.hostname) && portOf(from) === portOf(to);
  } catch {
    return false;
  }
}

function portOf(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}
