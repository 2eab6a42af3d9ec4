import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/**
 * What a process still holds of what it allocated over a window, and where it was allocated: V8's sampling
 * heap profiler (one sample per 32 KB allocated), started at the window's start and read after a full GC at its
 * end, keeps only the sampled objects still alive. Summed by allocation site (the innermost frame of this
 * repository's code on the stack, else the innermost frame), it names what grew. For bench:faults.
 */

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

export interface RetainedSite {
  site: string;
  bytes: number;
}

/** Where retained memory was allocated, by part of the server (the first pattern the site's file matches). */
const AREAS: [area: string, files: RegExp][] = [
  ["the judge's and bots' lexicon", /^(server\/(lexicon|evaluators|agents|scoring)\/|shared\/(sneak\/|game\/clue-validation|game\/word-forms|game\/compound-parts))/],
  ["the socket layer", /^server\/(app-sockets|app-http|socket-guard|raw-json-parser|rooms\/(address-limits|rate-limit|origin-check))/],
  ["rooms and the game log", /^(server\/(rooms|store|cluster)\/|shared\/)/],
];

export interface Retained {
  /** The largest sites, largest first. */
  sites: RetainedSite[];
  /** Every sampled byte still alive, by AREAS; "elsewhere" for allocations outside this repository's code. */
  areas: Record<string, number>;
}

export class RetainedSampler {
  private readonly session = new Session();
  private running = false;

  constructor() {
    this.session.connect();
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.session.post("HeapProfiler.startSampling", { samplingInterval: 32768 });
  }

  /** After a full GC: the window's allocations still alive, by site and by area; the raw profile to `file` if given. */
  async stop(top = 12, file?: string): Promise<Retained> {
    if (!this.running) return { sites: [], areas: {} };
    this.running = false;
    await this.session.post("HeapProfiler.collectGarbage");
    const { profile } = (await this.session.post("HeapProfiler.stopSampling")) as unknown as { profile: { head: ProfileNode } };
    if (file) writeFileSync(file, JSON.stringify(profile));
    const bySite = new Map<string, number>();
    const areas: Record<string, number> = {};
    const walk = (node: ProfileNode, ours: { name: string; file: string } | null) => {
      const frame = node.callFrame;
      const inRepo = /\/(server|shared)\//.exec(frame.url);
      // Function and file: the line numbers are those of tsx's output, not of the source.
      const here = inRepo ? { name: frame.functionName || "(anonymous)", file: frame.url.slice(inRepo.index + 1) } : ours;
      if (node.selfSize > 0) {
        const at = here ? `${here.name} ${here.file}` : `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/") || "(native)"}`;
        bySite.set(at, (bySite.get(at) ?? 0) + node.selfSize);
        const area = here ? (AREAS.find(([, files]) => files.test(here.file))?.[0] ?? "elsewhere") : "elsewhere";
        areas[area] = (areas[area] ?? 0) + node.selfSize;
      }
      for (const child of node.children) walk(child, here);
    };
    walk(profile.head, null);
    const sites = [...bySite.entries()]
      .map(([site, bytes]) => ({ site, bytes }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, top);
    return { sites, areas };
  }
}
