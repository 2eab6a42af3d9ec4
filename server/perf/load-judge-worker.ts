import { isMainThread, parentPort, Worker } from "node:worker_threads";
import type { AllyQuery, ChameleonQuery, Evaluator, Judgement } from "../../shared/sneak/types";

/**
 * An experiment for `npm run bench:load -- --scoring worker`: the lexical judge in a worker thread, so that
 * scoring clues does not hold the game server's event loop. Same id and answers as the in-process judge;
 * it measures what moving judges off the main thread would buy (docs/PERFORMANCE.md).
 */

interface Request {
  id: number;
  role: "ally" | "chameleon";
  query: AllyQuery | ChameleonQuery;
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const { createLexicalEvaluator } = await import("../evaluators/lexical/index");
  const judge = createLexicalEvaluator();
  port.on("message", async (request: Request) => {
    try {
      const judgement = request.role === "ally" ? await judge.ally(request.query as AllyQuery) : await judge.chameleon(request.query as ChameleonQuery);
      port.postMessage({ id: request.id, judgement });
    } catch (error) {
      port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}

export function workerLexicalJudge(): Evaluator {
  // The worker loads this TypeScript file through tsx's loader, registered in the worker itself.
  const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true });
  worker.unref();
  const pending = new Map<number, { resolve: (j: Judgement) => void; reject: (e: Error) => void }>();
  let next = 0;
  worker.on("message", (reply: { id: number; judgement?: Judgement; error?: string }) => {
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.judgement) waiter?.resolve(reply.judgement);
    else waiter?.reject(new Error(reply.error ?? "the judge worker failed"));
  });
  worker.on("error", (error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  });
  const call = (role: Request["role"], query: AllyQuery | ChameleonQuery) =>
    new Promise<Judgement>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, role, query } satisfies Request);
    });
  return { id: "lexical", ally: (q) => call("ally", q), chameleon: (q) => call("chameleon", q) };
}
