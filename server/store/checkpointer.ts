import type { Worker } from "node:worker_threads";
import type { CheckpointerReply, CheckpointerRequest, CheckpointerSettings, CheckpointStats } from "./checkpoint-worker";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { moduleWorker } from "./ts-worker";

/**
 * The main thread's handle on the checkpoint worker (checkpoint-worker.ts). The worker is unref'd (it never
 * keeps a process alive) and terminated on `stop`; a worker that is killed mid-checkpoint loses nothing,
 * since a checkpoint only copies pages that are already durable in the WAL.
 */
export interface Checkpointer {
  /** Runs a checkpoint now (as the worker's timer would) and resolves with the totals so far. */
  checkpoint(): Promise<CheckpointStats>;
  stats(): Promise<CheckpointStats>;
  /** Terminates the worker; resolves once its thread has exited. */
  stop(): Promise<void>;
}

export interface CheckpointerEvents {
  /** The worker could not start or died: the writer should checkpoint by itself again. */
  onFailure(reason: string): void;
}

export type { CheckpointStats };

// The worker's path is built from this file's path, not with `new URL("./…", import.meta.url)`: Vite rewrites
// that pattern into a web asset URL in browser-like test environments, where the worker then cannot load.
const here = fileURLToPath(import.meta.url);
const workerUrl = pathToFileURL(join(dirname(here), `checkpoint-worker${here.endsWith(".ts") ? ".ts" : ".js"}`));

export function startCheckpointer(settings: CheckpointerSettings, events: CheckpointerEvents): Checkpointer {
  const worker: Worker = moduleWorker(workerUrl, { workerData: { checkpointer: settings } });
  worker.unref();
  const waiting = new Map<number, { resolve: (stats: CheckpointStats) => void; reject: (error: Error) => void }>();
  let next = 0;
  let failure: Error | null = null;
  let stopping = false;
  const fail = (reason: string) => {
    if (failure) return;
    failure = new Error(`the WAL checkpoint worker stopped: ${reason}`);
    for (const waiter of waiting.values()) waiter.reject(failure);
    waiting.clear();
    if (!stopping) events.onFailure(reason);
  };
  worker.on("message", (reply: CheckpointerReply) => {
    if (reply.type === "failed") fail(reply.error);
    if (reply.type !== "done") return;
    waiting.get(reply.id)?.resolve(reply.stats);
    waiting.delete(reply.id);
  });
  worker.on("error", (error) => fail(error.message));
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", (code) => {
      fail(`exited with code ${code}`);
      resolve();
    }),
  );
  const ask = (type: CheckpointerRequest["type"]) =>
    new Promise<CheckpointStats>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ type, id } satisfies CheckpointerRequest);
    });
  return {
    checkpoint: () => ask("checkpoint"),
    stats: () => ask("stats"),
    stop: () => {
      stopping = true;
      void worker.terminate();
      return exited;
    },
  };
}
