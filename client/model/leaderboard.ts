import { z } from "zod";
import type { Leaderboard as ServerLeaderboard } from "../../server/export/leaderboard";

/**
 * The leaderboard as GET /api/leaderboard sends it (server/export/leaderboard.ts, docs/DATA.md), checked on
 * arrival so a mismatched server shows a message instead of a broken page; and how its cells read.
 */

const EstimateSchema = z.object({ n: z.number(), mean: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable() });
const Task = z.enum(["vote", "chameleon-guess"]);

export const LeaderboardSchema = z.object({
  generators: z.array(
    z.object({
      generator: z.string(),
      clues: z.number(),
      fallbacks: z.number(),
      utility: EstimateSchema,
      leakage: EstimateSchema,
      softScore: EstimateSchema,
      binaryScore: EstimateSchema,
      bluffUtility: EstimateSchema,
    }),
  ),
  judgments: z.array(z.object({ task: Task, worker: EstimateSchema, plurality: EstimateSchema, chance: z.number().nullable(), evaluators: EstimateSchema })),
  agreement: z.array(z.object({ task: Task, top1: EstimateSchema, strictMajority: EstimateSchema, correlation: z.object({ r: z.number().nullable(), n: z.number() }) })),
  games: z.number(),
  rounds: z.number(),
  method: z.string(),
});

export type Leaderboard = z.infer<typeof LeaderboardSchema>;
export type Estimate = z.infer<typeof EstimateSchema>;
export type GeneratorRow = Leaderboard["generators"][number];

// Compile-time guard: the server's type must fit this schema, so a change there breaks the build here.
const fits: (board: ServerLeaderboard) => Leaderboard = (board) => board;
void fits;

/** The validated board, or a one-line reason. */
export function leaderboardOf(json: unknown): { ok: true; board: Leaderboard } | { ok: false; message: string } {
  const parsed = LeaderboardSchema.safeParse(json);
  if (parsed.success) return { ok: true, board: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `The server's leaderboard has an unexpected shape (${issue.path.join(".") || "top level"}: ${issue.message}).` };
}

/** "–" when there is no data (never 0), else the mean out of 100. */
export function meanText(e: Estimate): string {
  return e.mean === null ? "–" : (e.mean * 100).toFixed(1);
}

/** The 95% interval out of 100, or "" when there are fewer than two items. */
export function intervalText(e: Estimate): string {
  return e.low === null || e.high === null ? "" : `${(e.low * 100).toFixed(1)}–${(e.high * 100).toFixed(1)}`;
}

/** What a screen reader says for a cell: the mean, the interval and the count, in words. */
export function estimateLabel(e: Estimate): string {
  if (e.mean === null) return "no data";
  const interval = intervalText(e);
  return `${meanText(e)}${interval ? `, 95% interval ${interval.replace("–", " to ")}` : ", no interval (one item)"}, n = ${e.n}`;
}

/** "human" → "Humans", "bot:lexical" → "Lexical bot", "bot:llm:MODEL" → "LLM · MODEL". */
export function generatorName(generator: string): string {
  if (generator === "human") return "Humans";
  if (generator === "bot:lexical") return "Lexical bot";
  if (generator.startsWith("bot:llm:")) return `LLM · ${generator.slice("bot:llm:".length)}`;
  return generator.startsWith("bot:") ? `${generator.slice(4)} bot` : generator;
}

export const TASK_NAMES: Record<"vote" | "chameleon-guess", string> = {
  vote: "Vote (find the Chameleon)",
  "chameleon-guess": "Chameleon's guess (find the secret)",
};

/** Percent with one decimal, or "–". */
export function fractionText(v: number | null): string {
  return v === null ? "–" : (v * 100).toFixed(1);
}

/** One point per generator with both means, for the utility–leakage chart (out of 100). */
export interface TradeoffPoint {
  generator: string;
  name: string;
  human: boolean;
  x: number;
  y: number;
  /** Whisker lengths below and above the mean: [mean − low, high − mean]. */
  xError: [number, number];
  yError: [number, number];
  n: number;
}

export function tradeoffPoints(board: Leaderboard): TradeoffPoint[] {
  const whisker = (e: Estimate): [number, number] => (e.mean === null || e.low === null || e.high === null ? [0, 0] : [(e.mean - e.low) * 100, (e.high - e.mean) * 100]);
  return board.generators
    .filter((g) => g.utility.mean !== null && g.leakage.mean !== null)
    .map((g) => ({
      generator: g.generator,
      name: generatorName(g.generator),
      human: g.generator === "human",
      x: (g.utility.mean as number) * 100,
      y: (g.leakage.mean as number) * 100,
      xError: whisker(g.utility),
      yError: whisker(g.leakage),
      n: g.clues,
    }));
}
