import type { AgreementRow, Estimate, GeneratorRow, JudgmentRow, Leaderboard } from "../../shared/leaderboard";

/**
 * The leaderboard as GET /api/leaderboard sends it (the types are shared/leaderboard.ts, the server's
 * and the client's), checked on arrival so a mismatched server shows a message instead of a broken
 * page; and how its cells read. The check is hand-written: zod's full build would double the page's bundle.
 */

export type { Estimate, GeneratorRow, Leaderboard };

type Check = (v: unknown, path: string) => string | null;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const num: Check = (v, p) => (typeof v === "number" && Number.isFinite(v) ? null : `${p}: expected a number`);
const numOrNull: Check = (v, p) => (v === null ? null : num(v, p));
const str: Check = (v, p) => (typeof v === "string" ? null : `${p}: expected a string`);
const task: Check = (v, p) => (v === "vote" || v === "chameleon-guess" ? null : `${p}: expected vote or chameleon-guess`);
function object(fields: Record<string, Check>): Check {
  return (v, p) => {
    if (!isObject(v)) return `${p}: expected an object`;
    for (const [key, check] of Object.entries(fields)) {
      const problem = check(v[key], p ? `${p}.${key}` : key);
      if (problem) return problem;
    }
    return null;
  };
}
function array(item: Check): Check {
  return (v, p) => {
    if (!Array.isArray(v)) return `${p}: expected a list`;
    for (let i = 0; i < v.length; i++) {
      const problem = item(v[i], `${p}.${i}`);
      if (problem) return problem;
    }
    return null;
  };
}
const estimate = object({ n: num, mean: numOrNull, low: numOrNull, high: numOrNull });
const generatorRow = object({ generator: str, clues: num, fallbacks: num, utility: estimate, leakage: estimate, softScore: estimate, binaryScore: estimate, bluffUtility: estimate } satisfies Record<keyof GeneratorRow, Check>);
const judgmentRow = object({ task, worker: estimate, plurality: estimate, chance: numOrNull, evaluators: estimate } satisfies Record<keyof JudgmentRow, Check>);
const agreementRow = object({ task, top1: estimate, strictMajority: estimate, correlation: object({ r: numOrNull, n: num }) } satisfies Record<keyof AgreementRow, Check>);
const leaderboard = object({
  generators: array(generatorRow),
  judgments: array(judgmentRow),
  agreement: array(agreementRow),
  games: num,
  rounds: num,
  method: str,
} satisfies Record<keyof Leaderboard, Check>);

/** The validated board, or a one-line reason. */
export function leaderboardOf(json: unknown): { ok: true; board: Leaderboard } | { ok: false; message: string } {
  const problem = leaderboard(json, "");
  return problem === null ? { ok: true, board: json as Leaderboard } : { ok: false, message: `The server's leaderboard has an unexpected shape (${problem}).` };
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
