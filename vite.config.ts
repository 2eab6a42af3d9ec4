import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import react from "@vitejs/plugin-react";

/**
 * The unit test files in node and the short integration files run without per-file isolation: a worker runs
 * one after the other, so that it loads and builds the lexicon (WordNet, the vectors, the associations, the
 * relatedness caches built on them) and imports the server once for all the files it runs instead of once
 * per file (each file still gets fresh test-file modules; the modules they import and their memoised caches
 * are shared). That halves those files' CPU. No such file mocks modules, fakes timers or writes process.env;
 * every server, database and process a file starts is its own, on a port of its own.
 */
export const SHARED = ["test/unit/*.test.ts", "test/integration/*.test.ts"];
/** In a worker of their own: these fake timers, stub the console or write process.env. */
export const STATEFUL = [
  "test/unit/server-room-clock.test.ts",
  "test/unit/server-room-parts-clock.test.ts",
  "test/unit/server-room-parts-members.test.ts",
  "test/integration/llm-evaluator.test.ts",
  "test/integration/llm-reasoning-models.test.ts",
  "test/integration/study-cluster.test.ts",
];
/** In a worker of their own: long files, seconds of their own work (servers, processes, waits) that shared imports would not shorten. */
export const LONG = [
  "test/integration/cluster-failover.test.ts",
  "test/integration/cluster-redis.test.ts",
  "test/integration/runner-cli.test.ts",
  "test/integration/runner-llm.test.ts",
  "test/integration/store-cli.test.ts",
  "test/integration/store-kill-restart.test.ts",
  "test/integration/store-writer-lock.test.ts",
  "test/integration/study-fill.test.ts",
  "test/integration/study-holds.test.ts",
  "test/integration/study-results.test.ts",
  "test/integration/wire-fuzz.test.ts",
];

/** Files that mostly wait (leases running out, processes starting), queued first to overlap the CPU-bound rest. */
const WAITING_FILES = ["test/integration/cluster-failover.test.ts", "test/integration/cluster-redis.test.ts"];

/**
 * The usual order (slowest known files first), but the waiting files first, then the shared project's files,
 * then the other isolated ones: a worker is kept for the next file only while the queue's next file is also
 * a shared one, so interleaved with the isolated files they would each load the lexicon again.
 */
class WaitingThenSharedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = (f: TestSpecification) => WAITING_FILES.some((name) => f.moduleId.endsWith(name));
    return [...sorted.filter(waiting), ...sorted.filter((f) => f.project.name === "shared"), ...sorted.filter((f) => f.project.name !== "shared" && !waiting(f))];
  }
}

// One config for the client build (served by the game server from dist/) and for vitest.
export default defineConfig({
  root: "client",
  plugins: [react()],
  // Two pages: the game (index.html) and the human studies (study.html, served at /s/ID and /studies).
  build: { outDir: "../dist", emptyOutDir: true, rollupOptions: { input: { main: "client/index.html", study: "client/study.html" } } },
  server: { proxy: { "/socket.io": { target: "http://127.0.0.1:3000", ws: true }, "/api": "http://127.0.0.1:3000" } },
  test: {
    root: ".",
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: a third file runs while the others wait on servers, browsers and leases.
    maxWorkers: 3,
    sequence: { sequencer: WaitingThenSharedFirst },
    projects: [
      { extends: true, test: { name: "shared", include: SHARED, exclude: [...STATEFUL, ...LONG], isolate: false } },
      // The client's .tsx files have a jsdom each; the browser tests a Chromium each.
      { extends: true, test: { name: "isolated", include: ["test/e2e/*.test.ts", "test/unit/*.test.tsx", ...STATEFUL, ...LONG] } },
    ],
  },
});
