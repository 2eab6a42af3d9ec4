import type { IncomingMessage } from "node:http";

/**
 * Whether a socket handshake may proceed. Browsers always send Origin on WebSocket upgrades, so a
 * missing Origin means a non-browser client (a research bot, a test), which cross-site attacks cannot
 * forge; a present Origin must be the server's own host or one the operator allowed.
 */
export function isOriginAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes("*") || allowedOrigins.includes(origin)) return true;
  const host = request.headers.host;
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
