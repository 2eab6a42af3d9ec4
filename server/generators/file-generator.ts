import { readFileSync } from "node:fs";
import { z } from "zod";
import type { GeneratedMessage, Instance, MessageGenerator } from "../../shared/sneak/types";
import { UserError } from "../benchmark/user-error";

/**
 * `--generator file:PATH`: messages written elsewhere (human clues, exported games) scored like any
 * generator. One JSON object per line with at least category, secret and message; words and decoys
 * come from the dataset when absent (a custom card carries its own).
 */
const lineSchema = z.looseObject({
  category: z.string().trim().min(1),
  secret: z.string().trim().min(1),
  message: z.string(),
  words: z.array(z.string().trim().min(1)).min(2).optional(),
  decoys: z.array(z.string().trim().min(1)).optional(),
  /** Who wrote it (exported game logs: "human", "lexical", "llm:…"). */
  generator: z.string().optional(),
});

export type MessageFileLine = z.infer<typeof lineSchema>;

export interface MessageFile {
  instances: Instance[];
  generator: MessageGenerator;
  /** Lines read but not scored: exported `round` lines and the chameleon's bluffs (it never knew the secret). */
  skipped: { rounds: number; chameleonClues: number };
}

export interface MessageFileOptions {
  /** Decoys will be written by an LLM (--decoys-from), so a custom card may come without them. */
  decoysSupplied?: boolean;
  /** The run's --words K, named in the error for a secret outside the top K. */
  words?: number | null;
}

function issuesOf(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `"${i.path.join(".")}": ${i.message}` : i.message)).join("; ");
}

function sameWord(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Reads PATH into instances and a generator that returns each line's message.
 * `datasetInstances` are the dataset's instances at the run's --words/--decoys sizes.
 */
export function loadMessageFile(path: string, datasetInstances: readonly Instance[], options: MessageFileOptions = {}): MessageFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UserError(code === "ENOENT" ? `message file not found: ${path}` : `cannot read message file ${path}: ${code ?? String(error)}`);
  }
  const byCategory = new Map<string, Instance[]>();
  for (const instance of datasetInstances) {
    const key = instance.category.trim().toLowerCase();
    byCategory.set(key, [...(byCategory.get(key) ?? []), instance]);
  }

  const instances: Instance[] = [];
  const messages = new Map<string, GeneratedMessage>();
  const seen = new Map<string, number>();
  const skipped = { rounds: 0, chameleonClues: 0 };
  // Editors on Windows may save a byte-order mark and CRLF line ends.
  text.replace(/^\uFEFF/, "").split(/\r?\n/).forEach((raw, index) => {
    const lineNo = index + 1;
    const where = `${path}:${lineNo}`;
    if (raw.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new UserError(`${where}: malformed JSON`);
    }
    // Exported game logs (docs/DATA.md) interleave clue lines with round outcomes, and mark the chameleon's own clues.
    const record = json as { type?: unknown; byChameleon?: unknown } | null;
    if (record && typeof record === "object" && record.type !== undefined && record.type !== "clue") {
      skipped.rounds++;
      return;
    }
    if (record && typeof record === "object" && record.byChameleon === true) {
      skipped.chameleonClues++;
      return;
    }
    const parsed = lineSchema.safeParse(json);
    if (!parsed.success) throw new UserError(`${where}: ${issuesOf(parsed.error)}`);
    const line = parsed.data;

    const known = byCategory.get(line.category.trim().toLowerCase());
    const fileDecoys = line.decoys && line.decoys.length > 0 ? line.decoys.map((d) => d.trim()) : null;
    if (!known && !line.words) throw new UserError(`${where}: unknown category "${line.category}" (a custom card must give its "words")`);
    if (!known && !fileDecoys && !options.decoysSupplied)
      throw new UserError(`${where}: custom card "${line.category}" has no decoys: add "decoys" to the line or write them with --decoys-from llm:MODEL`);
    const category = known ? known[0].category : line.category.trim();
    let words: string[];
    let secret: string;
    if (line.words) {
      words = line.words.map((w) => w.trim());
      const match = words.find((w) => sameWord(w, line.secret));
      if (!match) throw new UserError(`${where}: secret "${line.secret}" is not among the line's words`);
      secret = match;
    } else {
      const instance = known!.find((i) => sameWord(i.secret, line.secret));
      if (!instance) {
        const atK = options.words ? ` (its top ${options.words}, --words ${options.words})` : "";
        throw new UserError(`${where}: secret "${line.secret}" is not among the words of category "${category}"${atK}`);
      }
      words = instance.words;
      secret = instance.secret;
    }
    const decoys = fileDecoys ?? known?.[0].decoys ?? [];

    // Several lines may share a card (three annotators, many game rounds): later ones get #2, #3 …
    const baseId = `${category}/${secret}`;
    const occurrence = (seen.get(baseId) ?? 0) + 1;
    seen.set(baseId, occurrence);
    const id = occurrence === 1 ? baseId : `${baseId}#${occurrence}`;
    instances.push({ id, category, words, secret, decoys });
    messages.set(id, {
      message: line.message.trim(),
      ...(line.message.trim() === "" ? { failure: "empty-message" } : {}),
      detail: { line: lineNo, ...(line.generator !== undefined ? { generator: line.generator } : {}) },
    });
  });
  if (instances.length === 0) throw new UserError(`message file ${path} holds no messages to score`);

  return {
    instances,
    skipped,
    generator: {
      id: `file:${path}`,
      async generate(instance) {
        const message = messages.get(instance.id);
        if (!message) return { message: "", failure: `not-in-file: ${instance.id}` };
        return message;
      },
    },
  };
}
