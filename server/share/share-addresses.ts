import { isIP } from "node:net";
import type { NetworkInterfaceInfo } from "node:os";
import type { ShareAddresses } from "../../shared/share";

/** What `os.networkInterfaces()` returns; injected so that tests can stand in any machine's addresses. */
export type NetworkInterfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

export interface ListenAddress {
  /** What the server listens on (HOST). */
  host: string;
  port: number;
  /** SNEAK_PUBLIC_URL: where players reach this server, when the operator says so. */
  publicUrl: string | null;
}

const WILDCARDS = new Set(["0.0.0.0", "::", "0:0:0:0:0:0:0:0", "*"]);

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare.endsWith(".localhost") || bare === "::1" || /^127\./.test(bare) || bare === "::ffff:127.0.0.1";
}

/** Interfaces that rarely lead to the players' network (containers, VMs, VPN tunnels): listed after the others. */
const VIRTUAL_INTERFACE = /^(docker|br-|veth|virbr|vmnet|vboxnet|utun|tun|tap|zt|tailscale|wg|podman|cni|flannel|lxc|lxd)/i;

/** Home and office networks first (192.168/16, 10/8, 172.16/12), then anything else; link-local last. */
function rankOf(address: string, interfaceName: string): number {
  let rank = 2;
  if (/^192\.168\./.test(address)) rank = 0;
  else if (/^10\./.test(address) || /^172\.(1[6-9]|2\d|3[01])\./.test(address)) rank = 1;
  else if (/^169\.254\./.test(address)) rank = 4;
  return VIRTUAL_INTERFACE.test(interfaceName) ? rank + 5 : rank;
}

/** The machine's IPv4 addresses that other devices may reach, best first (as Vite's "Network:" lines list them). */
export function networkAddresses(interfaces: NetworkInterfaces): string[] {
  const found: { address: string; rank: number; order: number }[] = [];
  for (const [name, entries] of Object.entries(interfaces)) {
    for (const entry of entries ?? []) {
      // Node 18.0–18.3 reported the family as a number.
      const v4 = entry.family === "IPv4" || (entry.family as unknown) === 4;
      if (!v4 || entry.internal || isLoopbackHost(entry.address)) continue;
      if (found.some((f) => f.address === entry.address)) continue;
      found.push({ address: entry.address, rank: rankOf(entry.address, name), order: found.length });
    }
  }
  return found.sort((a, b) => a.rank - b.rank || a.order - b.order).map((f) => f.address);
}

const origin = (host: string, port: number) => `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;

/**
 * The addresses friends can open to reach this server: SNEAK_PUBLIC_URL when set; else, when the server
 * listens beyond loopback, the machine's network addresses; else none, and `reach: "local"` says that only
 * this computer can open the game.
 */
export function shareAddresses(listen: ListenAddress, interfaces: NetworkInterfaces): ShareAddresses {
  const bareHost = listen.host.replace(/^\[|\]$/g, "");
  const local = origin(WILDCARDS.has(bareHost) ? "localhost" : bareHost, listen.port);
  if (listen.publicUrl) return { reach: "public", urls: [listen.publicUrl.replace(/\/+$/, "")], local };
  if (isLoopbackHost(bareHost)) return { reach: "local", urls: [], local };
  if (WILDCARDS.has(bareHost)) return { reach: "network", urls: networkAddresses(interfaces).map((address) => origin(address, listen.port)), local };
  return { reach: "network", urls: [origin(bareHost, listen.port)], local };
}

/** The start-up lines that tell the host what to send to friends. */
export function startupLines(addresses: ShareAddresses): string[] {
  const lines = [`  Local:   ${addresses.local}/`];
  if (addresses.reach === "public") lines.push(`  Public:  ${addresses.urls[0]}/  (SNEAK_PUBLIC_URL: send this to friends)`);
  else if (addresses.reach === "local") lines.push("  Network: only this computer can join. To invite friends on your network: HOST=0.0.0.0 npm start");
  else if (addresses.urls.length === 0) lines.push("  Network: no network address found: connect this computer to your Wi-Fi or LAN");
  else for (const url of addresses.urls) lines.push(`  Network: ${url}/`);
  return lines;
}
