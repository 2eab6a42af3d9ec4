import { describe, expect, it } from "vitest";
import { allyOptionsFor, informedCluesUpTo, scoreClue, type ClueToScore } from "../../server/scoring/clue-scoring";
import type { RevealedClueScores } from "../../shared/protocol";
import { RoomScoring } from "../../server/scoring/scoring-service";
import type { AllyQuery, ChameleonQuery, Evaluator, Judgement } from "../../shared/sneak/types";

/** A judge with known answers: the ally puts `pAlly` on the real clue, the chameleon `pCham` on "mango" (× clue count). */
function knownJudge(id: string, pAlly: number, pCham: number, failChameleon = false): Evaluator & { calls: ChameleonQuery[] } {
  const calls: ChameleonQuery[] = [];
  return {
    id,
    calls,
    async ally(query: AllyQuery): Promise<Judgement> {
      const rest = (1 - pAlly) / (query.options.length - 1);
      return { options: query.options, probabilities: query.options.map((o) => (o === "tropical" ? pAlly : rest)), coverage: 1, flags: [] };
    },
    async chameleon(query: ChameleonQuery): Promise<Judgement> {
      calls.push(query);
      if (failChameleon) return { options: query.options, probabilities: [], coverage: 0, failure: "no letters", flags: [] };
      const p = Math.min(1, pCham * query.clues.length);
      const rest = (1 - p) / (query.options.length - 1);
      return { options: query.options, probabilities: query.options.map((o) => (o === "mango" ? p : rest)), coverage: 1, flags: [] };
    },
  };
}

const words = ["apple", "banana", "cherry", "grape", "lemon", "mango", "orange", "peach", "pear", "plum", "melon", "kiwi"];
const job: ClueToScore = {
  round: 1,
  clueIndex: 1,
  playerId: "p2",
  clue: "tropical",
  byChameleon: false,
  fallback: false,
  category: "fruit",
  words,
  secret: "mango",
  decoys: ["food", "sweet", "tree", "juice", "seed", "market"],
  informedCluesSoFar: ["yellow", "tropical"],
  seed: "t",
};

describe("in-game clue scoring", () => {
  it("puts the clue among 5 decoys that differ from it, in a seeded order", () => {
    const options = allyOptionsFor("sweet", job.decoys, "x")!;
    expect(options).toHaveLength(6);
    expect(options.filter((o) => o === "sweet")).toHaveLength(1);
    expect(options).toContain("market");
    expect(allyOptionsFor("sweet", job.decoys, "x")).toEqual(options);
    expect(allyOptionsFor("anything", [], "x")).toBeNull();
  });

  it("keeps what each judge weighed: the ally's options with their probabilities, the chameleon's likeliest words and the secret's rank", async () => {
    // The ally prefers the decoy "sweet" to the clue: the record must show that it won.
    const judge: Evaluator = {
      id: "known",
      async ally(query) {
        return { options: query.options, probabilities: query.options.map((o) => (o === "sweet" ? 0.5 : 0.1)), coverage: 1, flags: [] };
      },
      async chameleon(query) {
        const p: Record<string, number> = { pear: 0.4, peach: 0.3, mango: 0.2 };
        const rest = (1 - 0.9) / (query.options.length - 3);
        return { options: query.options, probabilities: query.options.map((o) => p[o] ?? rest), coverage: 1, flags: [] };
      },
    };
    const [e] = (await scoreClue([judge], job)).perEvaluator;
    expect(e.allyOptions).toHaveLength(6);
    expect(e.allyOptions!.map((o) => o.message).sort()).toEqual(allyOptionsFor(job.clue, job.decoys, `${job.seed}/known`)!.slice().sort());
    expect(e.allyOptions!.find((o) => o.message === "sweet")!.probability).toBe(0.5);
    expect(e.allyOptions!.find((o) => o.message === "tropical")!.probability).toBe(0.1);
    expect(e.chameleonGuesses).toEqual({
      top: [
        { word: "pear", probability: 0.4 },
        { word: "peach", probability: 0.3 },
        { word: "mango", probability: 0.2 },
      ],
      secretRank: 3,
      wordCount: 12,
    });
    // A custom card has no decoys: no ally options, but the chameleon's guesses are still kept.
    const [custom] = (await scoreClue([judge], { ...job, decoys: [] })).perEvaluator;
    expect(custom.allyOptions).toBeUndefined();
    expect(custom.chameleonGuesses?.top[0].word).toBe("pear");
  });

  it("computes utility, leakage, SoftScore, BinaryScore and cumulative leakage, averaged over judges", async () => {
    const a = knownJudge("a", 0.6, 0.05);
    const b = knownJudge("b", 0.2, 0.1);
    const scored = await scoreClue([a, b], job);
    const utilityA = (0.6 - 1 / 6) / (1 - 1 / 6);
    // Judge a: 0.05 on the secret is below chance (1/12): leakage clips to 0, the secret is not the argmax → binary 1.
    expect(scored.perEvaluator[0].scores!.utility).toBeCloseTo(utilityA, 12);
    expect(scored.perEvaluator[0].scores!.leakage).toBe(0);
    expect(scored.perEvaluator[0].scores!.softScore).toBeCloseTo(utilityA, 12);
    expect(scored.perEvaluator[0].scores!.binaryScore).toBe(1);
    // Judge b: 0.1 on the secret is its argmax → binary 0; leakage above chance.
    const leakB = (0.1 - 1 / 12) / (1 - 1 / 12);
    expect(scored.perEvaluator[1].scores!.leakage).toBeCloseTo(leakB, 12);
    expect(scored.perEvaluator[1].scores!.binaryScore).toBe(0);
    // Cumulative: two clues so far, the known judge doubles its mass on the secret.
    expect(scored.perEvaluator[0].cumulativeLeakage).toBeCloseTo((0.1 - 1 / 12) / (1 - 1 / 12), 12);
    expect(a.calls.some((c) => c.clues.length === 2 && c.clues[1] === "tropical")).toBe(true);
    const utilityB = (0.2 - 1 / 6) / (1 - 1 / 6);
    expect(scored.mean!.utility).toBeCloseTo((utilityA + utilityB) / 2, 12);
    expect(scored.mean!.leakage).toBeCloseTo(leakB / 2, 12);
    expect(scored.mean!.binaryScore).toBe(0.5);
    expect(scored).toMatchObject({ utilityAvailable: true, leakageMeaningless: false, clueIndex: 1 });
  });

  it("leaves a failed judge out of the mean and says why; custom cards get no utility", async () => {
    const scored = await scoreClue([knownJudge("a", 0.6, 0.3), knownJudge("bad", 0.6, 0.3, true)], { ...job, byChameleon: true });
    expect(scored.perEvaluator[1].scores).toBeNull();
    expect(scored.perEvaluator[1].failure).toMatch(/no letters/);
    expect(scored.mean!.utility).toBeCloseTo(scored.perEvaluator[0].scores!.utility, 12);
    expect(scored.leakageMeaningless).toBe(true);
    const custom = await scoreClue([knownJudge("a", 0.6, 0.3)], { ...job, decoys: [] });
    expect(custom.utilityAvailable).toBe(false);
    expect(custom.mean).toMatchObject({ utility: null, softScore: null, binaryScore: null });
    expect(custom.mean!.leakage).toBeCloseTo((0.3 - 1 / 12) / (1 - 1 / 12), 12);
    expect(custom.perEvaluator[0].failure).toMatch(/utility unavailable/);
  });

  it("cumulative leakage is the chameleon's belief after the informed clues so far; the chameleon's own clue leaves it unchanged", async () => {
    // Known distributions over four words, by the list of clues the chameleon judge is shown.
    const four = ["apple", "mango", "lemon", "plum"];
    const beliefs: Record<string, number[]> = {
      sweet: [0.4, 0.4, 0.1, 0.1],
      sour: [0.1, 0.1, 0.7, 0.1],
      tropical: [0.1, 0.6, 0.2, 0.1],
      "sweet|tropical": [0.2, 0.7, 0.05, 0.05],
    };
    const shown: string[][] = [];
    const judge: Evaluator = {
      id: "known",
      ally: async (q) => ({ options: q.options, probabilities: q.options.map(() => 1 / q.options.length), coverage: 1, flags: [] }),
      chameleon: async (q) => {
        shown.push(q.clues);
        const p = beliefs[q.clues.join("|")];
        if (!p) return { options: q.options, probabilities: [], coverage: 0, flags: [], failure: `no belief for ${q.clues.join("|")}` };
        return { options: q.options, probabilities: q.options.map((o) => p[four.indexOf(o)]), coverage: 1, flags: [] };
      },
    };
    // Informed "sweet", then the chameleon's "sour" (pointing away from the secret), then informed "tropical".
    const round = [
      { text: "sweet", byChameleon: false },
      { text: "sour", byChameleon: true },
      { text: "tropical", byChameleon: false },
    ];
    const landed: RevealedClueScores[] = [];
    const scoring = new RoomScoring([judge], (_key, scored) => landed.push(scored));
    scoring.reveal("1/1");
    round.forEach((clue, index) =>
      scoring.enqueue("1/1", {
        ...job, words: four, secret: "mango", decoys: [], clueIndex: index, clue: clue.text, byChameleon: clue.byChameleon,
        informedCluesSoFar: informedCluesUpTo(round, index),
      }),
    );
    await scoring.settled();
    const leak = (p: number) => (p - 1 / 4) / (1 - 1 / 4);
    expect(landed.map((s) => s.clueIndex)).toEqual([0, 1, 2]);
    expect(landed[0].cumulativeLeakage).toBeCloseTo(leak(0.4), 12);
    // "sour" alone says lemon (its own leakage is 0), but it is not evidence: the belief stays where "sweet" left it.
    expect(landed[1].mean!.leakage).toBe(0);
    expect(landed[1].cumulativeLeakage).toBeCloseTo(leak(0.4), 12);
    expect(landed[1].perEvaluator[0].cumulativeLeakage).toBeCloseTo(leak(0.4), 12);
    expect(landed[1].perEvaluator[0].failure ?? "").not.toMatch(/cumulative/);
    expect(landed[2].cumulativeLeakage).toBeCloseTo(leak(0.7), 12);
    // The judge was never shown the chameleon's clue together with the others.
    expect(shown.filter((clues) => clues.length > 1)).toEqual([["sweet", "tropical"]]);
  });

  it("a chameleon who speaks first leaves no cumulative leakage until the first informed clue", async () => {
    const round = [{ text: "sour", byChameleon: true }, { text: "sweet", byChameleon: false }];
    expect(informedCluesUpTo(round, 0)).toEqual([]);
    expect(informedCluesUpTo(round, 1)).toEqual(["sweet"]);
    const first = await scoreClue([knownJudge("a", 0.6, 0.3)], { ...job, clueIndex: 0, clue: "sour", byChameleon: true, informedCluesSoFar: [] });
    expect(first.cumulativeLeakage).toBeNull();
    expect(first.perEvaluator[0].failure).toBeUndefined();
    const second = await scoreClue([knownJudge("a", 0.6, 0.3)], { ...job, clueIndex: 1, clue: "sweet", informedCluesSoFar: ["sweet"] }, first);
    expect(second.cumulativeLeakage).toBeCloseTo((0.3 - 1 / 12) / (1 - 1 / 12), 12);
  });

  it("lets the judges prepare a dealt grid before its clues, after the current turn, and a failing preparation costs no score", async () => {
    const calls: string[] = [];
    const preparing: Evaluator = { ...knownJudge("a", 0.6, 0.3), prepare: (category, words) => void calls.push(`prepare ${category}: ${words.length}`) };
    const failing: Evaluator = { ...knownJudge("b", 0.6, 0.3), prepare: () => { throw new Error("no grid"); } };
    const logged: string[] = [];
    const scoring = new RoomScoring([preparing, failing], () => {}, (line) => logged.push(line));
    scoring.prepare("fruit", ["apple", "pear"]);
    // Not on the dealing command's own turn.
    expect(calls).toEqual([]);
    scoring.enqueue("1/1", job);
    await scoring.settled();
    scoring.reveal("1/1");
    expect(calls).toEqual(["prepare fruit: 2"]);
    expect(logged.some((line) => line.includes("preparing a grid (b) failed: no grid"))).toBe(true);
    expect(scoring.revealedScores("1/1")[0].perEvaluator.map((e) => e.failure)).toEqual([undefined, undefined]);
  });

  it("holds a round's scores until the round is revealed", async () => {
    const landed: string[] = [];
    const scoring = new RoomScoring([knownJudge("a", 0.6, 0.3)], (key) => landed.push(key));
    scoring.enqueue("1/1", job);
    await scoring.settled();
    expect(scoring.revealedScores("1/1")).toEqual([]);
    expect(scoring.reveal("1/1")).toHaveLength(1);
    expect(scoring.revealedScores("1/1")).toHaveLength(1);
    scoring.enqueue("1/1", { ...job, clueIndex: 2 });
    await scoring.settled();
    expect(landed).toEqual(["1/1"]);
  });
});

describe("renewing LLM judge", () => {
  it("fails fast after a failure, then builds a fresh judge once the cooldown has passed", async () => {
    let now = 0;
    let built = 0;
    let healthy = false;
    const create = (): Evaluator => {
      built++;
      const generation = built;
      let down = false;
      return {
        id: "llm:j",
        ally: async () => {
          throw new Error("unused");
        },
        chameleon: async (query) => {
          // Like server/llm's guarded model: once down, down for good.
          if (down || !healthy) {
            down = true;
            throw new Error(`endpoint down (judge #${generation})`);
          }
          return { options: query.options, probabilities: query.options.map(() => 1 / query.options.length), coverage: 1, flags: [] };
        },
      };
    };
    const { renewingEvaluator } = await import("../../server/scoring/renewing-evaluator");
    const judge = renewingEvaluator(create, 60_000, () => now);
    const query = { category: "fruit", options: ["a", "b"], clues: ["x"] };
    await expect(judge.chameleon(query)).rejects.toThrow("judge #1");
    healthy = true;
    now = 59_999;
    await expect(judge.chameleon(query)).rejects.toThrow("judge #1");
    now = 60_000;
    await expect(judge.chameleon(query)).resolves.toMatchObject({ probabilities: [0.5, 0.5] });
    expect(built).toBe(2);
    expect(judge.id).toBe("llm:j");
  });

  it("offers a grid preparation only when the judges it wraps have one, so a table of LLM judges queues none", async () => {
    const { renewingEvaluator } = await import("../../server/scoring/renewing-evaluator");
    const { recordingEvaluator } = await import("../../server/store/recording-evaluator");
    const unprepared: Evaluator = { id: "llm:j", ally: async () => Promise.reject(new Error("unused")), chameleon: async () => Promise.reject(new Error("unused")) };
    const prepared: string[] = [];
    const preparing: Evaluator = { ...unprepared, id: "lexical", prepare: (category) => void prepared.push(category) };
    expect(renewingEvaluator(() => unprepared).prepare).toBeUndefined();
    expect(recordingEvaluator(unprepared, () => {}).prepare).toBeUndefined();
    recordingEvaluator(renewingEvaluator(() => preparing), () => {}).prepare?.("fruit", ["apple"]);
    expect(prepared).toEqual(["fruit"]);
  });
});
