import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchOptions } from "./options";
import { UserError } from "./user-error";

/**
 * What makes two runs comparable instance by instance: a resumed run must match it exactly.
 * Limit, concurrency, timeout and cache only change how much is done and how fast, so they may differ.
 */
export interface RunIdentity {
  generator: string;
  evaluators: string[];
  seed: number;
  words: number | null;
  decoys: number | null;
  decoysFrom: string | null;
  noLogprobs: "error" | "sample";
  /** sha256 of the dataset file. */
  datasetSha256: string;
  /** sha256 of the message file (file:PATH generators). */
  messageFileSha256: string | null;
}

export const RUN_CONFIG_FILE = "run-config.json";

/** Flag names for messages: which flag sets each field. */
const FLAG_OF: Record<keyof RunIdentity, string> = {
  generator: "--generator",
  evaluators: "--evaluator",
  seed: "--seed",
  words: "--words",
  decoys: "--decoys",
  decoysFrom: "--decoys-from",
  noLogprobs: "--no-logprobs",
  datasetSha256: "the dataset file",
  messageFileSha256: "the message file",
};

/** run-config.json: the identity, plus the last --limit so that a plain `--resume DIR` finishes the same selection. */
export interface SavedRun {
  identity: RunIdentity;
  limit: number | null;
}

export function readSavedRun(dir: string): SavedRun | null {
  const path = join(dir, RUN_CONFIG_FILE);
  if (!existsSync(path)) return null;
  try {
    const saved = JSON.parse(readFileSync(path, "utf8")) as SavedRun;
    if (!saved.identity || typeof saved.identity.generator !== "string") throw new Error("no identity");
    return { identity: saved.identity, limit: saved.limit ?? null };
  } catch {
    throw new UserError(`${path} is not a run configuration; was it edited?`);
  }
}

export function writeSavedRun(dir: string, saved: SavedRun): void {
  writeFileSync(join(dir, RUN_CONFIG_FILE), `${JSON.stringify(saved, null, 2)}\n`);
}

/** A resumed run takes every identity flag the user left out (and --limit) from the saved run. */
export function withSavedFlags(options: BenchOptions, savedRun: SavedRun): BenchOptions {
  const saved = savedRun.identity;
  const take = <K extends keyof BenchOptions>(flag: string, key: K, value: BenchOptions[K]): BenchOptions[K] => (options.given.has(flag) ? options[key] : value);
  return {
    ...options,
    generator: take("generator", "generator", saved.generator),
    evaluators: take("evaluator", "evaluators", saved.evaluators),
    seed: take("seed", "seed", saved.seed),
    words: take("words", "words", saved.words),
    decoys: take("decoys", "decoys", saved.decoys),
    decoysFrom: take("decoysFrom", "decoysFrom", saved.decoysFrom),
    noLogprobs: take("logprobs", "noLogprobs", saved.noLogprobs),
    limit: take("limit", "limit", savedRun.limit),
  };
}

function shown(value: unknown): string {
  return value === null ? "unset" : Array.isArray(value) ? value.join(", ") : String(value);
}

/** The first difference as a sentence, or null when the runs match. */
export function identityMismatch(saved: RunIdentity, now: RunIdentity): string | null {
  for (const key of Object.keys(FLAG_OF) as (keyof RunIdentity)[]) {
    if (JSON.stringify(saved[key]) !== JSON.stringify(now[key])) {
      if (key.endsWith("Sha256")) return `${FLAG_OF[key]} changed since the run started`;
      return `${FLAG_OF[key]} was ${shown(saved[key])} in that run, now ${shown(now[key])}`;
    }
  }
  return null;
}
