import type { Instance } from "../../shared/sneak/types";
import { isEndpointDown } from "./endpoint-down";
import type { BenchOptions } from "./options";
import type { PreparedRun } from "./prepare-run";
import type { Progress } from "./progress";
import type { InstanceResult } from "./result-types";
import { appendResult } from "./results-file";
import { scoreInstance } from "./score-instance";

/**
 * Scores the pending instances with a bounded number in flight, appending each result to
 * results.jsonl in run order. Stops launching on an endpoint that is down, a bug, or a stop request,
 * lets the instances in flight finish, and keeps every finished result.
 */
export async function scoreAll(
  run: PreparedRun,
  pending: readonly Instance[],
  options: BenchOptions,
  dir: string,
  hooks: { progress: Progress; stopSignal?: { stopped: boolean } },
): Promise<{ scored: InstanceResult[]; endpointDown: Error | null; bug: unknown }> {
  const maxInFlight = Math.max(1, options.concurrency * 2);
  const finished: (InstanceResult | undefined)[] = new Array(pending.length);
  const scored: InstanceResult[] = [];
  let written = 0;
  let endpointDown: Error | null = null;
  let bug: unknown = null;
  // Results are appended in run order so that results.jsonl reads the same whatever the timing.
  const flushInOrder = () => {
    while (written < pending.length && finished[written]) appendResult(dir, finished[written++]!);
  };
  const inFlight = new Set<Promise<void>>();
  let next = 0;
  let breathed = performance.now();
  while (next < pending.length && !endpointDown && !bug && !hooks.stopSignal?.stopped) {
    // The lexical judge never waits on I/O: yield now and then so the progress bar redraws and Ctrl-C is heard.
    if (performance.now() - breathed > 50) {
      await new Promise((resolve) => setImmediate(resolve));
      breathed = performance.now();
    }
    if (inFlight.size >= maxInFlight) {
      await Promise.race(inFlight);
      continue;
    }
    const index = next++;
    const task: Promise<void> = scoreInstance(pending[index], run.generator, run.evaluators, options.seed, run.spareDecoysOf(pending[index].category))
      .then(
        (result) => {
          finished[index] = result;
          scored.push(result);
          try {
            flushInOrder();
            hooks.progress.tick(result.status === "scored" ? "" : `${result.id}: ${result.status}`);
          } catch (error) {
            // A full disk, say: stop like any other failure rather than leave a rejected task behind.
            bug ??= error;
          }
        },
        (error: unknown) => {
          if (isEndpointDown(error)) endpointDown ??= error;
          else bug ??= error;
        },
      )
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  }
  await Promise.all(inFlight);
  // Stopped early: keep every finished instance, even those after a gap (resume goes by id).
  for (let i = written; i < pending.length; i++) if (finished[i]) appendResult(dir, finished[i]!);
  return { scored, endpointDown, bug };
}
