import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { storeBackends, useBackend } from "../support/store-backends";

/**
 * docs/DATA.md's table of the log's tables and views is what an operator writes queries from: every table and
 * view it names exists on both backends with exactly the columns it lists, in order, and it names them all.
 */

interface DocumentedRelation {
  name: string;
  postgresOnly: boolean;
  columns: string[];
}

function documentedRelations(): DocumentedRelation[] {
  const doc = readFileSync(new URL("../../docs/DATA.md", import.meta.url), "utf8");
  const start = doc.indexOf("| table or view | one row per | columns |");
  expect(start, "DATA.md's table of tables and views").toBeGreaterThan(0);
  const rows = doc.slice(start).split("\n").slice(2);
  const relations: DocumentedRelation[] = [];
  for (const row of rows) {
    if (!row.startsWith("|")) break;
    const [first, , columns] = row.split("|").slice(1).map((cell) => cell.trim());
    const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    relations.push({ name: ticked(first)[0], postgresOnly: first.includes("Postgres only"), columns: ticked(columns.replace(/\([^)]*\)/g, "")) });
  }
  return relations;
}

describe.each(storeBackends())("DATA.md's tables and views, on $name", (backend) => {
  if (!useBackend(backend)) return;

  it("lists every table and view of the log with its columns, in order", async () => {
    const store = await (await backend.fresh()).open();
    try {
      const actual = new Map<string, string[]>();
      if (backend.name === "sqlite") {
        for (const { name } of await store.query<{ name: string }>("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")) {
          actual.set(name, (await store.query<{ name: string }>(`PRAGMA table_info("${name}")`)).map((c) => c.name));
        }
      } else {
        const columns = await store.query<{ relation: string; column: string }>(
          "SELECT table_name AS relation, column_name AS column FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position",
        );
        for (const { relation, column } of columns) actual.set(relation, [...(actual.get(relation) ?? []), column]);
      }
      const documented = documentedRelations().filter((r) => backend.name === "postgres" || !r.postgresOnly);
      expect(Object.fromEntries(documented.map((r) => [r.name, r.columns]))).toEqual(Object.fromEntries(actual));
    } finally {
      await store.close();
    }
  });
});
