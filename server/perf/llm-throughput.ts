/**
 * `npm run bench:llm-throughput`: the LLM judges against the fake OpenAI-compatible server with a
 * fixed latency, through the runner's own scoring path. Prints requests per instance per evaluator
 * (must be exactly 2), requests on a cached re-run (must be 0), and achieved requests/s as a
 * fraction of the ideal concurrency ÷ latency. Exits 1 when either count is off.
 *
 * Flags: --instances N (default 200), --latency MS (50), --concurrency N (8), --judges N (2).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CategoryEntry, Dataset, Instance, MessageGenerator } from "../../shared/sneak/types";
import { startFakeOpenAiServer } from "../../test/support/fake-openai-server";
import { closeLlm, createLlmEvaluator } from "../llm/index";
import type { RunContext } from "../benchmark/run-context";
import { scoreInstance } from "../benchmark/score-instance";

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} needs a positive integer, got "${process.argv[i + 1] ?? ""}"`);
    process.exit(2);
  }
  return value;
}

/** The first `count` instances of the shipped dataset (category by category), five decoys each. */
function instancesFromDataset(count: number): Instance[] {
  const dataset = JSON.parse(readFileSync(new URL("../../data/sneak-dataset.json", import.meta.url), "utf8")) as Dataset;
  const all = dataset.categories.flatMap((c: CategoryEntry) =>
    c.words.map((secret) => ({ id: `${c.category}/${secret}`, category: c.category, words: c.words, secret, decoys: c.decoys.slice(0, 5) })),
  );
  if (all.length < count) throw new Error(`the dataset has only ${all.length} instances`);
  return all.slice(0, count);
}

/** A distinct message per instance, so no two judge prompts coincide and every request is real. */
const benchGenerator: MessageGenerator = {
  id: "bench",
  generate: async (instance) => ({ message: `bench clue ${instance.id.length} ${instance.secret.length}x${instance.id.split("/")[0].length}` }),
};

async function main(): Promise<void> {
  const instanceCount = flag("instances", 200);
  const latencyMs = flag("latency", 50);
  const concurrency = flag("concurrency", 8);
  const judgeCount = flag("judges", 2);
  const instances = instancesFromDataset(instanceCount);
  const dir = mkdtempSync(join(tmpdir(), "sneak-llm-bench-"));
  const server = await startFakeOpenAiServer({ latencyMs });
  const judges = Array.from({ length: judgeCount }, (_, i) => `judge-${String.fromCharCode(97 + i)}`);
  const ctx: RunContext = {
    seed: 1,
    outDir: join(dir, "run"),
    concurrency,
    requestTimeoutMs: 10_000,
    cacheDir: join(dir, "cache"),
    noLogprobs: "error",
    log: (line) => console.error(line),
  };

  async function run(): Promise<{ seconds: number; cpuMs: number; scored: number }> {
    const evaluators = judges.map((m) => createLlmEvaluator(`llm:${m}@${server.baseURL}`, ctx));
    const cpu = process.cpuUsage();
    const started = performance.now();
    const results = await Promise.all(instances.map((instance) => scoreInstance(instance, benchGenerator, evaluators, ctx.seed)));
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    await closeLlm();
    return { seconds, cpuMs: (used.user + used.system) / 1000, scored: results.filter((r) => r.status === "scored").length };
  }

  try {
    const first = await run();
    const perJudge = judges.map((m) => server.requestCount(m) / instances.length);
    const sent = server.requestCount();
    const achieved = sent / first.seconds;
    const peak = server.peakInFlight;
    const ideal = concurrency / (latencyMs / 1000);
    server.resetCounts();
    const second = await run();
    const cachedRequests = server.requestCount();

    console.log(`LLM judge throughput against the fake server (${instances.length} dataset instances, ${judges.length} judges on one endpoint)`);
    console.log(`latency ${latencyMs} ms, concurrency ${concurrency} per endpoint, cache + audit on`);
    console.log("");
    judges.forEach((m, i) => console.log(`requests per instance, ${m}: ${perJudge[i]}  (must be exactly 2)`));
    console.log(`instances scored: ${first.scored}/${instances.length}`);
    console.log(`requests on the cached re-run: ${cachedRequests}  (must be 0; ${second.scored}/${instances.length} scored, ${second.seconds.toFixed(2)} s)`);
    console.log(`peak requests in flight at the server: ${peak} (limit ${concurrency} per endpoint)`);
    console.log(`achieved: ${sent} requests in ${first.seconds.toFixed(2)} s = ${achieved.toFixed(1)} req/s`);
    console.log(`ideal concurrency ÷ latency: ${ideal.toFixed(1)} req/s → ${((achieved / ideal) * 100).toFixed(1)}% of ideal`);
    // On a busy machine the gap to ideal is CPU: this is what each request costs, client and fake server together.
    console.log(`CPU per request (this process: client, cache, audit and fake server): ${(first.cpuMs / sent).toFixed(2)} ms`);
    const ok = perJudge.every((n) => n === 2) && cachedRequests === 0;
    if (!ok) console.log("FAILED: a request count is off");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
