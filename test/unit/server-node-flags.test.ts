import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../server/server-node-flags";

describe("the game server's Node flags", () => {
  it("are the ones npm start runs the server with (bench:load measures the server as it is started)", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> };
    const serverCommand = scripts.start.split("&&").map((part) => part.trim()).find((part) => part.includes("server/index.ts"));
    expect(serverCommand).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} --import tsx server/index.ts`);
  });

  it("are the load generator's too (its own GC stalls would add to both servers' round trips)", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> };
    expect(scripts["bench:load"]).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} --import tsx server/perf/load.ts`);
  });
});
