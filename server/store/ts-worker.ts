import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Starts a worker thread on one of our modules, wherever the server runs: under tsx (`npm start`, `npm run
 * dev`, the benches) and under vitest the module is a `.ts` file, which a bare worker cannot load, so the
 * worker registers tsx's loader first (as server/perf/load-judge-worker.ts does); a module compiled to
 * `.js` is loaded directly. tsx is resolved from this file, not from the working directory.
 */
export function moduleWorker(moduleUrl: URL, options: Omit<WorkerOptions, "eval"> = {}): Worker {
  if (!moduleUrl.pathname.endsWith(".ts")) return new Worker(moduleUrl, options);
  const tsxApi = pathToFileURL(tsxEsmApi()).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** tsx's ESM loader API (its `import` export; the CommonJS one cannot register from an eval'd worker). */
function tsxEsmApi(): string {
  const commonJs = createRequire(import.meta.url).resolve("tsx/esm/api");
  const esm = commonJs.replace(/\.cjs$/, ".mjs");
  return existsSync(esm) ? esm : commonJs;
}
