import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "socket.io";
import { processStats } from "./load-stats";

/**
 * The echo servers' side of `bench:load`'s IPC (server/perf/load.ts): listen on 127.0.0.1 and report the
 * URL, answer "stats" (after a forced GC) and "stats-nogc" with the process's figures, stop on "stop", and
 * never outlive the bench.
 */
export function serveEchoToBench(http: HttpServer, io: Server): void {
  http.listen(0, "127.0.0.1", () => {
    process.send?.({ type: "ready", url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
  });
  process.once("disconnect", () => process.exit(0));
  process.on("message", (message: unknown) => {
    if (message === "stats" || message === "stats-nogc") {
      if (message === "stats") (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ type: "stats", stats: processStats() });
    } else if (message === "stop") {
      io.close();
      process.exit(0);
    }
  });
}
