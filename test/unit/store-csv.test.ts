import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { csvCell, csvRows, CSV_COLUMNS } from "../../server/export/csv";
import { exportLinesOf } from "../../server/export/export-lines";
import { GameStore } from "../../server/store/game-store";
import { logFixtureGame } from "../support/store-game-fixture";

/** A minimal RFC 4180 reader, to check what a spreadsheet would see in each cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(cell), (cell = "");
    else if (ch === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += ch;
  }
  return rows;
}

describe("CSV cells", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\rfoo", "\"'\rfoo\""],
    ["  =1", "'  =1"],
    ["＝1", "'＝1"],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
  ])("neutralises a formula: %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    ["whiskers", "whiskers"],
    ["a, b", '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", '"line\nbreak"'],
    ["e-mail", "e-mail"],
  ])("leaves ordinary text readable: %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("writes numbers as numbers (negative ones too), booleans as 0/1, missing values empty", () => {
    expect([csvCell(-0.5), csvCell(0.25), csvCell(true), csvCell(false), csvCell(null), csvCell(NaN)]).toEqual(["-0.5", "0.25", "1", "0", "", ""]);
  });
});

describe("CSV export", () => {
  it("has one row per clue with its round's outcome, and no cell a spreadsheet would run", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sneak-csv-"));
    const store = new GameStore({ path: join(dir, "game.db") });
    try {
      await logFixtureGame(store);
      const rows = parseCsv([...csvRows(await exportLinesOf(store))].join(""));
      expect(rows[0]).toEqual([...CSV_COLUMNS]);
      expect(rows).toHaveLength(1 + 8);
      for (const row of rows) expect(row).toHaveLength(CSV_COLUMNS.length);
      const col = (name: string) => CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number]);
      const hyperlink = rows.find((r) => r[col("message")].includes("HYPERLINK"))!;
      expect(hyperlink[col("message")]).toBe("'=HYPERLINK(\"http://x\")");
      expect(hyperlink[col("accused_seat")]).toMatch(/^\d$/);
      expect(hyperlink[col("round")]).toBe("1");
      for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^\s*[=+@]/);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
