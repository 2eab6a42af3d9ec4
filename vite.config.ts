import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// One config for the client build (served by the game server from dist/) and for vitest.
export default defineConfig({
  root: "client",
  plugins: [react()],
  // Two pages: the game (index.html) and the human studies (study.html, served at /s/ID and /studies).
  build: { outDir: "../dist", emptyOutDir: true, rollupOptions: { input: { main: "client/index.html", study: "client/study.html" } } },
  server: { proxy: { "/socket.io": { target: "http://127.0.0.1:3000", ws: true }, "/api": "http://127.0.0.1:3000" } },
  test: {
    root: ".",
    include: ["test/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: integration and browser suites fight for them, so cap parallel files.
    maxWorkers: 2,
  },
});
