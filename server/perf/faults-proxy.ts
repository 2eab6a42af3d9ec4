import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A TCP relay in front of the fake LLM endpoint, so that `npm run bench:faults` can take the endpoint down
 * for real (connections refused) and bring it back on the same address mid-game.
 */
export interface SwitchableProxy {
  port: number;
  up(): Promise<void>;
  /** Stops listening and cuts open connections: clients get ECONNREFUSED / ECONNRESET. */
  down(): Promise<void>;
  close(): Promise<void>;
}

export async function startSwitchableProxy(targetPort: number): Promise<SwitchableProxy> {
  const open = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(targetPort, "127.0.0.1");
        open.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      open.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  return {
    get port() {
      return port;
    },
    up: () => (server ? Promise.resolve() : listen()),
    down: stop,
    close: stop,
  };
}
