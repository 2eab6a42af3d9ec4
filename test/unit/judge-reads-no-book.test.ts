import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/benchmark/options";

/** Every .ts file under a folder. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** The files a source imports (statically, dynamically or as a type), resolved; packages are left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)].map((m) => m[1]);
  return specifiers.flatMap((specifier) => {
    if (!specifier.startsWith(".")) return [];
    const base = resolve(dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) => existsSync(p) && statSync(p).isFile());
    return found ? [found] : [];
  });
}

/** Every source reachable from `roots` by imports. */
function importClosure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

describe("the judges", () => {
  it("never read the clue book: nothing server/evaluators/ imports, however indirectly, is in server/clue-book/ or names its file", () => {
    const roots = sourcesUnder(resolve(REPO_ROOT, "server/evaluators"));
    expect(roots.length).toBeGreaterThan(3);
    const reached = [...importClosure(roots)].map((file) => relative(REPO_ROOT, file));
    expect(reached.filter((file) => file.startsWith("server/clue-book/"))).toEqual([]);
    expect(reached.filter((file) => readFileSync(resolve(REPO_ROOT, file), "utf8").includes("clue-book"))).toEqual([]);
    // The walk does follow imports: the judge's lexicon is reached.
    expect(reached).toContain("server/lexicon/relatedness.ts");
  });

  it("the walk would see a book import: the bots' own decisions reach it", () => {
    const reached = [...importClosure([resolve(REPO_ROOT, "server/agents/lexical-brain.ts")])].map((file) => relative(REPO_ROOT, file));
    expect(reached).toContain("server/clue-book/card-index.ts");
  });
});
