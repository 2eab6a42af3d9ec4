import { describe, expect, it } from "vitest";
import { playBots } from "../../server/cli/play-bots";

async function run(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await playBots(args, (l) => out.push(l), (l) => err.push(l));
  return { code, out, err };
}

describe("npm run play:bots", () => {
  it("plays a bots-only game to a winner and prints every round with scores", async () => {
    const { code, out } = await run(["--bots", "4", "--target", "2", "--seed", "11"]);
    expect(code).toBe(0);
    const text = out.join("\n");
    const rounds = out.filter((l) => /^Round \d+ · /.test(l));
    expect(rounds.length).toBeGreaterThan(0);
    expect(out.filter((l) => /^ {2}secret: /.test(l))).toHaveLength(rounds.length);
    // Four clue rows per round, each with scores (numbers, or * for the chameleon's leakage).
    const clueRows = out.filter((l) => /^ {2}\S.*"[^"]+"\s+\d+\s+(\d+|\*)\s+\d+\s+[01]\s+\d+$/.test(l));
    expect(clueRows).toHaveLength(4 * rounds.length);
    expect(clueRows.filter((l) => l.includes("(C)"))).toHaveLength(rounds.length);
    expect(out.some((l) => /^Winners?: \S+/.test(l))).toBe(true);
    expect(text).toMatch(/Informed clues \(n=\d+\): utility +\d+ · leakage +\d+ · SoftScore +\d+ · BinaryScore +\d+/);
    // The same seed replays the same game.
    const again = await run(["--bots", "4", "--target", "2", "--seed", "11"]);
    expect(again.out.filter((l) => !l.startsWith("Winner"))).toEqual(out.filter((l) => !l.startsWith("Winner")));
  });

  it("refuses bad flags with one line and exit code 2", async () => {
    for (const args of [["--bots", "2"], ["--bot", "gpt"], ["--evaluator", "wordnet"], ["--target", "zero"], ["--frobnicate"]]) {
      const { code, err, out } = await run(args);
      expect(code).toBe(2);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^play:bots: /);
      expect(out).toEqual([]);
    }
  });
});
