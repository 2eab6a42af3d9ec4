import { seededRng } from "../../shared/random";
import type { Dataset } from "../../shared/sneak/types";
import type { StudySpec } from "../../shared/studies/spec";
import { invalidReasonOf } from "../benchmark/message-validity";
import { secretSynonym } from "../lexicon/baseline-messages";
import { spokenCount } from "../lexicon/clue-candidates";
import { getRelatedness } from "../lexicon/relatedness";
import { readMessageLines } from "./message-lines";
import { sha256 } from "./hashes";
import type { ItemPayload, StudyConfig } from "./study-types";

/**
 * The attention checks' instances: items that look like every other (a category, its words, a legal clue of
 * one to five words) but whose answer nobody who reads them can miss. From the researcher's file when given
 * (lines of {category, secret, message}, e.g. pilot items everyone got right); otherwise from WordNet: for a
 * secret, a synonym that is a common spoken word (100+ in SUBTLEX-US), not offensive, and shares its first
 * three letters with the secret: a spelling variant or a clipping ("whisky" for whiskey, "doc" for doctor,
 * "aluminum"), so the ally's informed message and the chameleon's secret are plain. At most one per category,
 * from any category of the dataset (a check on a category outside the study costs the participant no item).
 */

export interface BuiltChecks {
  payloads: ItemPayload[];
  config: StudyConfig["checks"];
  notes: string[];
}

export function attentionCheckPayloads(spec: StudySpec, dataset: Dataset, decoys: number, words: number, offensive: (text: string) => boolean): BuiltChecks {
  if (spec.attentionChecks === 0) return { payloads: [], config: null, notes: [] };
  const source = { kind: "attention-check" as const };
  if (spec.checks) {
    const read = readMessageLines(spec.checks.lines, dataset, spec.checks.name);
    const byCategory = new Map<string, ItemPayload>();
    for (const line of read.lines) {
      if (!byCategory.has(line.category)) byCategory.set(line.category, { category: line.category, words: line.words, secret: line.secret, decoys: line.decoys, message: line.message, source });
    }
    const notes = Object.entries(read.skipped).map(([reason, n]) => `${spec.checks!.name}: ${n} line(s) skipped: ${reason}`);
    return { payloads: [...byCategory.values()], config: { kind: "file", name: spec.checks.name, sha256: sha256(spec.checks.lines.map((l) => JSON.stringify(l)).join("\n")), instances: byCategory.size }, notes };
  }
  const key = `${dataset.name}|${dataset.categories.length}|${words}|${decoys}|${spec.seed}`;
  const cached = synonymChecks.get(key);
  if (cached) return { payloads: cached, config: { kind: "synonyms", instances: cached.length }, notes: [] };
  const relatedness = getRelatedness();
  const payloads: ItemPayload[] = [];
  for (const c of dataset.categories) {
    const grid = c.words.slice(0, words);
    const shown = c.decoys.slice(0, decoys);
    const found = grid.flatMap((secret) => {
      const { message, source: how } = secretSynonym(relatedness, c.category, grid, secret);
      const plain =
        how === "synonym" &&
        !message.includes(" ") &&
        message.slice(0, 3) === secret.toLowerCase().slice(0, 3) &&
        spokenCount(message) >= 100 &&
        !invalidReasonOf(message, grid) &&
        !shown.some((d) => d.toLowerCase() === message.toLowerCase()) &&
        !offensive(message);
      return plain ? [{ secret, message }] : [];
    });
    if (found.length === 0) continue;
    const pick = found[seededRng(`study|${spec.seed}|check|${c.category}`).int(found.length)];
    payloads.push({ category: c.category, words: grid, secret: pick.secret, decoys: shown, message: pick.message, source });
  }
  synonymChecks.set(key, payloads);
  return { payloads, config: { kind: "synonyms", instances: payloads.length }, notes: [] };
}

/** The synonym checks of a dataset, computed once per process (a second or two over the default dataset's 1,287 words). */
const synonymChecks = new Map<string, ItemPayload[]>();
