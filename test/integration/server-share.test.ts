import { afterAll, describe, expect, it } from "vitest";
import type { NetworkInterfaceInfo } from "node:os";
import { networkAddresses, shareAddresses, startupLines, type NetworkInterfaces } from "../../server/share/share-addresses";
import { configFromEnv } from "../../server/config";
import { ShareAddressesSchema } from "../../shared/share";
import { startTestServer } from "../support/socket-server";

const v4 = (address: string, internal = false): NetworkInterfaceInfo => ({ address, family: "IPv4", internal, netmask: "255.255.255.0", mac: "00:00:00:00:00:00", cidr: `${address}/24` });
const v6 = (address: string): NetworkInterfaceInfo => ({ address, family: "IPv6", internal: false, netmask: "ffff:ffff:ffff:ffff::", mac: "00:00:00:00:00:00", cidr: `${address}/64`, scopeid: 0 });

/** A laptop on home Wi-Fi with Docker and a VPN running, as os.networkInterfaces() reports it. */
const LAPTOP: NetworkInterfaces = {
  lo: [v4("127.0.0.1", true)],
  docker0: [v4("172.17.0.1")],
  tailscale0: [v4("100.101.102.103")],
  wlp2s0: [v4("192.168.1.20"), v6("fe80::1")],
  enp3s0: [v4("10.0.0.5")],
};

describe("the addresses friends can use", () => {
  it("lists the machine's IPv4 addresses with the home network first and virtual interfaces last, loopback and IPv6 left out", () => {
    expect(networkAddresses(LAPTOP)).toEqual(["192.168.1.20", "10.0.0.5", "172.17.0.1", "100.101.102.103"]);
    expect(networkAddresses({ lo: [v4("127.0.0.1", true)] })).toEqual([]);
  });

  it("a server on loopback is for this computer only, and the start-up lines say how to open it", () => {
    const share = shareAddresses({ host: "127.0.0.1", port: 3000, publicUrl: null }, LAPTOP);
    expect(share).toEqual({ reach: "local", urls: [], local: "http://127.0.0.1:3000" });
    expect(startupLines(share).join("\n")).toContain("HOST=0.0.0.0 npm start");
    expect(shareAddresses({ host: "localhost", port: 3000, publicUrl: null }, LAPTOP).reach).toBe("local");
    expect(shareAddresses({ host: "::1", port: 3000, publicUrl: null }, LAPTOP).reach).toBe("local");
  });

  it("a server on every interface offers the network addresses, as Vite's Network: lines", () => {
    const share = shareAddresses({ host: "0.0.0.0", port: 3000, publicUrl: null }, LAPTOP);
    expect(share.reach).toBe("network");
    expect(share.urls[0]).toBe("http://192.168.1.20:3000");
    expect(share.local).toBe("http://localhost:3000");
    expect(startupLines(share)).toContain("  Network: http://192.168.1.20:3000/");
    expect(shareAddresses({ host: "::", port: 8080, publicUrl: null }, LAPTOP).urls[0]).toBe("http://192.168.1.20:8080");
    // Listening everywhere on a machine with no network: said plainly, not an empty list.
    const offline = shareAddresses({ host: "0.0.0.0", port: 3000, publicUrl: null }, { lo: [v4("127.0.0.1", true)] });
    expect(offline).toMatchObject({ reach: "network", urls: [] });
    expect(startupLines(offline).join("\n")).toContain("no network address");
  });

  it("a server on one address offers that address, and SNEAK_PUBLIC_URL wins over everything", () => {
    expect(shareAddresses({ host: "192.168.1.20", port: 3000, publicUrl: null }, LAPTOP).urls).toEqual(["http://192.168.1.20:3000"]);
    const pub = shareAddresses({ host: "127.0.0.1", port: 3000, publicUrl: "https://sneak.example.org" }, LAPTOP);
    expect(pub).toMatchObject({ reach: "public", urls: ["https://sneak.example.org"] });
    expect(startupLines(pub).join("\n")).toContain("https://sneak.example.org/");
  });

  it("SNEAK_PUBLIC_URL must be an origin; a trailing slash is dropped", () => {
    expect(configFromEnv({ SNEAK_PUBLIC_URL: "https://sneak.example.org/" }).publicUrl).toBe("https://sneak.example.org");
    expect(configFromEnv({}).publicUrl).toBeNull();
    expect(() => configFromEnv({ SNEAK_PUBLIC_URL: "sneak.example.org" })).toThrow(/SNEAK_PUBLIC_URL/);
    expect(() => configFromEnv({ SNEAK_PUBLIC_URL: "https://sneak.example.org/game" })).toThrow(/no path/);
  });
});

describe("GET /api/share on a real server", () => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it("answers the stubbed machine's addresses with the port the server really listens on", async () => {
    const server = await startTestServer({ host: "0.0.0.0" }, { networkInterfaces: () => LAPTOP });
    servers.push(server);
    const res = await fetch(`http://127.0.0.1:${server.port}/api/share`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = ShareAddressesSchema.parse(await res.json());
    expect(body).toEqual({ reach: "network", urls: [`http://192.168.1.20:${server.port}`, `http://10.0.0.5:${server.port}`, `http://172.17.0.1:${server.port}`, `http://100.101.102.103:${server.port}`], local: `http://localhost:${server.port}` });
  });

  it("a loopback server answers reach local, and a public URL is passed on", async () => {
    const local = await startTestServer({}, { networkInterfaces: () => LAPTOP });
    servers.push(local);
    expect(await (await fetch(`${local.url}/api/share`)).json()).toMatchObject({ reach: "local", urls: [] });
    const pub = await startTestServer({ publicUrl: "https://party.example.org" }, { networkInterfaces: () => LAPTOP });
    servers.push(pub);
    expect(await (await fetch(`${pub.url}/api/share`)).json()).toMatchObject({ reach: "public", urls: ["https://party.example.org"] });
  });
});
