import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LONG, STATEFUL } from "../../vite.config";

/**
 * The shared project runs its files one after another in a worker, without per-file isolation (vite.config.ts):
 * a file there that fakes timers, mocks modules, stubs globals or the console, or writes process.env would leak
 * into the files after it. Such a file must be listed in STATEFUL, which gives it a worker of its own.
 */
const LEAKS = /useFakeTimers|vi\.mock\(|vi\.doMock\(|vi\.stubEnv|vi\.stubGlobal|spyOn\(console|process\.env\.[A-Za-z_]+\s*=[^=]|process\.env\[[^\]]+\]\s*=[^=]|delete process\.env/;

const root = join(import.meta.dirname, "../..");
const files = ["test/unit", "test/integration"].flatMap((dir) => readdirSync(join(root, dir)).map((name) => `${dir}/${name}`));
const sharedFiles = files
  .filter((path) => path.endsWith(".test.ts"))
  // This file names the patterns it looks for.
  .filter((path) => !STATEFUL.includes(path) && !LONG.includes(path) && path !== "test/unit/suite-projects.test.ts");

describe("the shared test project", () => {
  it("holds no file that changes process-wide state", () => {
    expect(sharedFiles.length).toBeGreaterThan(50);
    expect(sharedFiles.filter((path) => LEAKS.test(readFileSync(join(root, path), "utf8")))).toEqual([]);
  });

  it("lists in STATEFUL and LONG only files that exist", () => {
    expect([...STATEFUL, ...LONG].filter((path) => !files.includes(path))).toEqual([]);
  });

  it("would notice a file that fakes timers", () => {
    expect(LEAKS.test("vi.useFakeTimers();")).toBe(true);
    expect(LEAKS.test('process.env.SNEAK_DB = "x";')).toBe(true);
    expect(LEAKS.test("if (process.env.CI === undefined) {}")).toBe(false);
  });
});
