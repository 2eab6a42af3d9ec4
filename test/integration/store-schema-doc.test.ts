import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { storeBackends, useBackend } from "../support/store-backends";

/**
 * docs/DATA.md's table of the log's tables and views is what an operator writes queries from: it names every
 * table and view of the database on both backends, and each one it lists columns for has exactly those, in order
 * (the studies' tables it names point to STUDIES.md for theirs).
 */

interface DocumentedRelation {
  name: string;
  postgresOnly: boolean;
  /** null: the row points to another document for the columns (the studies' tables: STUDIES.md). */
  columns: string[] | null;
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
    const listed = ticked(columns.replace(/\([^)]*\)/g, ""));
    for (const name of ticked(first)) relations.push({ name, postgresOnly: first.includes("Postgres only"), columns: listed.length > 0 ? listed : null });
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
      expect(documented.map((r) => r.name).sort()).toEqual([...actual.keys()].sort());
      const listed = documented.filter((r) => r.columns !== null);
      expect(Object.fromEntries(listed.map((r) => [r.name, r.columns]))).toEqual(Object.fromEntries(listed.map((r) => [r.name, actual.get(r.name)])));
    } finally {
      await store.close();
    }
  });
});
