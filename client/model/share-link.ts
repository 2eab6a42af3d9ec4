import type { ShareAddresses } from "../../shared/share";

/** The page's own address, as the browser reports it. */
export interface PageLocation {
  origin: string;
  hostname: string;
}

/** What the lobby offers: the link's origins (best first), whether friends' devices can open them, and why not. */
export interface ShareTarget {
  origins: string[];
  /** False: the link opens on this computer only, and `problem` says what the host can do. */
  reachable: boolean;
  problem: string | null;
}

const OPEN_IT = "To invite friends on your Wi-Fi, stop the server and start it with HOST=0.0.0.0 npm start (or set SNEAK_PUBLIC_URL to an address they can open).";

function isLocalHostname(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare.endsWith(".localhost") || bare === "::1" || bare === "0.0.0.0" || bare === "::" || /^127\./.test(bare);
}

/**
 * Which origin the share link and QR code use. The server's answer first (SNEAK_PUBLIC_URL, or its network
 * addresses, with the one this page was opened at, if listed, first); a page opened at a non-local address
 * (through a reverse proxy) already is one friends can use; otherwise the link is this computer's only.
 */
export function shareTarget(share: ShareAddresses | null, page: PageLocation): ShareTarget {
  const pageIsLocal = isLocalHostname(page.hostname);
  if (share && share.urls.length > 0) {
    const here = share.urls.find((url) => new URL(url).hostname === page.hostname);
    return { origins: here ? [here, ...share.urls.filter((u) => u !== here)] : share.urls, reachable: true, problem: null };
  }
  if (!pageIsLocal) return { origins: [page.origin], reachable: true, problem: null };
  const origin = page.hostname === "0.0.0.0" && share ? share.local : page.origin;
  if (share?.reach === "network") {
    return { origins: [origin], reachable: false, problem: "This computer has no network address right now, so friends' devices cannot reach it: connect it to your Wi-Fi or LAN, then reload this page." };
  }
  if (share?.reach === "local") return { origins: [origin], reachable: false, problem: `Only this computer can open this link: the server listens on this computer alone. ${OPEN_IT}` };
  return { origins: [origin], reachable: false, problem: `This link may open on this computer only. ${OPEN_IT}` };
}
