import { findCategory } from "../../shared/sneak/dataset";
import type { Dataset } from "../../shared/sneak/types";
import { invalidReasonOf } from "../benchmark/message-validity";

/**
 * Messages for the evaluation tasks, from the files researchers already have, read as they are: a benchmark
 * run's results.jsonl (one line per instance: `instance`, `message`, `status`, the run's decoys), a game export
 * (`type: "clue"` lines with their round's instance; the chameleon's bluffs are skipped, it never knew the
 * secret), or the runner's own message file (category, secret, message; words and decoys from the dataset).
 */

export interface MessageLine {
  line: number;
  category: string;
  words: string[];
  secret: string;
  decoys: string[];
  message: string;
  generator?: string;
}

export interface ReadMessages {
  lines: MessageLine[];
  /** Lines left out, by reason (a round line, a chameleon's bluff, no message, a message the rules refuse …). */
  skipped: Record<string, number>;
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === "string" && v.trim() !== "") ? value.map((v: string) => v.trim()) : undefined;
const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

export function readMessageLines(records: readonly unknown[], dataset: Dataset, name: string): ReadMessages {
  const lines: MessageLine[] = [];
  const skipped: Record<string, number> = {};
  const skip = (reason: string) => void (skipped[reason] = (skipped[reason] ?? 0) + 1);
  records.forEach((record, index) => {
    const line = index + 1;
    if (!record || typeof record !== "object" || Array.isArray(record)) throw new Error(`${name}:${line}: not a JSON object`);
    const r = record as Record<string, unknown>;
    if (r.type !== undefined && r.type !== "clue") return skip("round lines");
    if (r.byChameleon === true) return skip("the chameleon's clues");
    if (typeof r.status === "string" && r.status !== "scored") return skip(`${r.status} results`);
    const instance = (r.instance && typeof r.instance === "object" ? r.instance : r) as Record<string, unknown>;
    const category = text(instance.category);
    const secret = text(instance.secret);
    const message = text(r.message);
    if (!category || !secret) throw new Error(`${name}:${line}: needs a category and a secret (a results.jsonl line, an exported clue, or {category, secret, message})`);
    if (!message) return skip("empty messages");
    const known = findCategory(dataset, category);
    const words = strings(instance.words) ?? known?.words;
    const decoys = strings(instance.decoys)?.length ? strings(instance.decoys) : known?.decoys.slice(0, 5);
    if (!words || !decoys) throw new Error(`${name}:${line}: category "${category}" is not in the dataset, so the line must carry its words and decoys`);
    const found = words.find((w) => w.toLowerCase() === secret.toLowerCase());
    if (!found) throw new Error(`${name}:${line}: secret "${secret}" is not among the words of "${category}"`);
    if (invalidReasonOf(message, words)) return skip("messages the rules refuse (a grid word, over 5 words)");
    // A message equal to a decoy would be shown twice to the ally: that decoy is left out.
    const shownDecoys = decoys.filter((d) => d.toLowerCase() !== message.toLowerCase());
    const generator = text(r.generator) ?? text((r.source as Record<string, unknown> | undefined)?.kind);
    lines.push({ line, category: known?.category ?? category.toLowerCase(), words, secret: found, decoys: shownDecoys, message, ...(generator ? { generator } : {}) });
  });
  return { lines, skipped };
}

/** JSON Lines text → records (a byte-order mark and CRLF line ends are fine; blank lines are skipped). */
export function parseJsonLines(text: string, name: string): unknown[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .flatMap((raw, i) => {
      if (raw.trim() === "") return [];
      try {
        return [JSON.parse(raw) as unknown];
      } catch {
        throw new Error(`${name}:${i + 1}: malformed JSON`);
      }
    });
}
