/**
 * The audit file: one JSON line per request attempt and per cache hit, with the exact request
 * body and the raw response, so every number in a report can be traced to what a model said.
 * Appends, so a resumed run adds to the same file.
 */
import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";

export interface AuditRecord {
  time: string;
  /** Which component asked: "llm:judge-a", "llm:qwen+cot", "chat". */
  source: string;
  /** "ally", "chameleon", "generate", "decoys", "chat", "fallback-sample". */
  purpose: string;
  model: string;
  baseURL: string;
  key: string;
  cached: boolean;
  attempt?: number;
  status?: number;
  durationMs?: number;
  request: unknown;
  /** The parsed response body when it was JSON. */
  response?: unknown;
  /** The raw body when it was not JSON (malformed, HTML error pages). */
  responseText?: string;
  error?: string;
}

/** Serialises appends to one file; writers for the same path are shared. */
export class AuditLog {
  private chain: Promise<void> = Promise.resolve();
  private ready: Promise<void>;
  private failed: Error | null = null;

  constructor(readonly path: string) {
    this.ready = mkdir(dirname(path), { recursive: true }).then(() => undefined);
  }

  write(record: AuditRecord): void {
    const line = JSON.stringify(record) + "\n";
    this.chain = this.chain
      .then(() => this.ready)
      .then(() => appendFile(this.path, line))
      .catch((error: Error) => {
        this.failed ??= error;
      });
  }

  /** Resolves once every record written so far is on disk; rejects if any append failed. */
  async flush(): Promise<void> {
    await this.chain;
    if (this.failed) throw new Error(`could not write the audit file ${this.path}: ${this.failed.message}`);
  }
}

const logs = new Map<string, AuditLog>();

export function auditLogAt(path: string): AuditLog {
  let log = logs.get(path);
  if (!log) {
    log = new AuditLog(path);
    logs.set(path, log);
  }
  return log;
}

export async function flushAuditLogs(): Promise<void> {
  const all = [...logs.values()];
  logs.clear();
  await Promise.all(all.map((l) => l.flush()));
}
