import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A load balancer in front of a study's processes, on 127.0.0.1, as the public address (SNEAK_PUBLIC_URL) of
 * a cluster: each request goes to the next target in turn; a target that refuses the connection (a killed
 * process) is skipped; when none answers, 502, as nginx says it. `down` makes it drop every connection, as a
 * phone that lost its network sees.
 */
export interface StudyProxy {
  url: string;
  down: boolean;
  close(): Promise<void>;
}

/** `targets` is read at every request: a test may add processes after the proxy is up. */
export async function startStudyProxy(targets: readonly string[]): Promise<StudyProxy> {
  let turn = 0;
  const state = { down: false };
  const server = http.createServer((req, res) => {
    if (state.down) return void req.socket.destroy();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const start = turn++;
      const attempt = (i: number) => {
        if (i >= targets.length) {
          res.writeHead(502, { "content-type": "text/html" }).end("<h1>502 Bad Gateway</h1>");
          return;
        }
        const target = new URL(targets[(start + i) % targets.length]);
        const forward = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (upstream) => {
          res.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(res);
        });
        // A target that refuses the connection is skipped; one that dies mid-answer cuts this answer off.
        forward.on("error", () => (res.headersSent ? res.destroy() : attempt(i + 1)));
        forward.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
