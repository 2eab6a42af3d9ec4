import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import react from "@vitejs/plugin-react";

/**
 * Unit tests that read the lexicon (WordNet, the vectors, the associations, the relatedness caches built
 * on them) and keep no state of their own between files: run without per-file isolation, so that a worker
 * loads and builds the lexicon once for all the files it runs instead of once per file (each file still
 * gets fresh test-file modules; the lexicon's modules and their memoised caches are shared). No file here
 * mocks modules, fakes timers or writes process.env.
 */
const SHARED_LEXICON = [
  "test/unit/bot-*.test.ts",
  "test/unit/compound-parts.test.ts",
  "test/unit/dataset-{deck,decoys,instances,invariants,merge,rebuild}.test.ts",
  "test/unit/lexeval-*.test.ts",
  "test/unit/lexicon-text.test.ts",
  "test/unit/offensive-words.test.ts",
  "test/unit/runner-*.test.ts",
  "test/unit/sense-vectors.test.ts",
  "test/unit/word-associations.test.ts",
  "test/unit/wordnet-reader.test.ts",
];

/**
 * The usual order (slowest known files first), but the lexicon project's files before all others: a worker
 * is kept for the next file only while the queue's next file is also a shared-lexicon one, so interleaved
 * with the isolated files they would each load the lexicon again.
 */
class LexiconFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.project.name === "lexicon"), ...sorted.filter((f) => f.project.name !== "lexicon")];
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
    // Two cores: integration and browser suites fight for them, so cap parallel files.
    maxWorkers: 2,
    sequence: { sequencer: LexiconFilesFirst },
    projects: [
      { extends: true, test: { name: "lexicon", include: SHARED_LEXICON, isolate: false } },
      { extends: true, test: { name: "isolated", include: ["test/**/*.test.{ts,tsx}"], exclude: SHARED_LEXICON } },
    ],
  },
});
