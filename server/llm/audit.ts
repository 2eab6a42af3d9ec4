/**
 * The audit file: one JSON line per request attempt and per cache hit, with the exact request
 * body and the raw response, so every number in a report can be traced to what a model said.
 * Appends, so a resumed run adds to the same file. Lines written while a write is under way are
 * batched into the next one, through one open file handle.
 */
import { mkdir, open, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";

export interface AuditRecord {
  time: string;
  /** Which component asked: "llm:judge-a", "llm:qwen+cot", "chat". */
  source: string;
  /** "ally", "chameleon", "ally:fallback-sample", "generate", "generate:rmr-first", "decoys"… */
  purpose: string;
  model: string;
  baseURL: string;
  /** The cache key: sha256 of model, endpoint and request body. */
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

export class AuditLog {
  private pending: string[] = [];
  private writing: Promise<void> | null = null;
  private handle: Promise<FileHandle> | null = null;
  private failed: Error | null = null;

  constructor(readonly path: string) {}

  write(record: AuditRecord): void {
    this.pending.push(JSON.stringify(record) + "\n");
    this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      this.handle ??= mkdir(dirname(this.path), { recursive: true }).then(() => open(this.path, "a"));
      const file = await this.handle;
      while (this.pending.length > 0) {
        const batch = this.pending.join("");
        this.pending = [];
        await file.appendFile(batch);
      }
    } catch (error) {
      this.failed ??= error as Error;
      this.pending = [];
    } finally {
      this.writing = null;
    }
  }

  /** Resolves once every record written so far is on disk and the file is closed; rejects if a write failed. */
  async close(): Promise<void> {
    while (this.writing) await this.writing;
    const handle = this.handle;
    this.handle = null;
    if (handle) await (await handle.catch(() => null))?.close();
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

/** Flushes and closes every audit file; a later write reopens its file in append mode. */
export async function flushAuditLogs(): Promise<void> {
  await Promise.all([...logs.values()].map((l) => l.close()));
}
