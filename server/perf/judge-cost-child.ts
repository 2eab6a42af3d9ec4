/**
 * Child of `npm run bench:speed` (server/perf/startup-cost.ts): loads the lexical judge in a fresh
 * process, scores one clue cold, then, on every category, prepares the grid as a game does when it
 * deals a round (Evaluator.prepare) and scores in-game clues (ally over 6 messages + the chameleon's
 * single and cumulative views, as server/scoring/clue-scoring.ts does); prints one JSON line with the
 * timings (the deal's preparation apart from the clues) and the process's RSS.
 */
import { loadDataset } from "../dataset/load-dataset";
import { createLexicalEvaluator } from "../evaluators/lexical/index";
import { commonWords } from "../lexicon/common-words";

const CLUES_PER_CATEGORY = 4;
/** Added to a clue's index in the second pass, so that it picks other nouns than the first. */
const WARM_ROUND_OFFSET = 500;

async function main(): Promise<void> {
  const started = performance.now();
  const dataset = loadDataset();
  const judge = createLexicalEvaluator();
  const nouns = commonWords("n");
  const clueOf = (categoryIndex: number, clueIndex: number) => nouns[(categoryIndex * 7919 + clueIndex * 104729) % nouns.length];
  // Clue k of a round, as the game scores it: the ally, the chameleon on the clue alone and, from the second
  // clue on, the chameleon on the round's clues so far, which were scored when they were given.
  // `round` picks other clues for a later round on the same grid.
  const scoreClue = async (categoryIndex: number, clueIndex: number, round = 0) => {
    const entry = dataset.categories[categoryIndex];
    const offset = round * WARM_ROUND_OFFSET;
    const clue = clueOf(categoryIndex, clueIndex + offset);
    const secret = entry.words[0];
    const soFar = Array.from({ length: clueIndex }, (_, i) => clueOf(categoryIndex, i + 1 + offset));
    await Promise.all([
      judge.ally({ category: entry.category, words: entry.words, secret, options: [clue, ...entry.decoys.slice(0, 5)] }),
      judge.chameleon({ category: entry.category, options: entry.words, clues: [clue] }),
      soFar.length > 1 ? judge.chameleon({ category: entry.category, options: entry.words, clues: soFar }) : null,
    ]);
  };
  const beforeFirst = performance.now();
  await scoreClue(0, 0);
  const firstClueDoneAt = performance.now();
  const firstClueMs = firstClueDoneAt - beforeFirst;
  const startCpu = process.cpuUsage();
  const cpuToFirstClue = (startCpu.user + startCpu.system) / 1000;
  const rssAfterFirst = process.memoryUsage().rss;
  const times: number[] = [];
  let clueCpuMs = 0;
  let prepareCpuMs = 0;
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  for (let c = 0; c < dataset.categories.length; c++) {
    const dealt = process.cpuUsage();
    judge.prepare(dataset.categories[c].category, dataset.categories[c].words);
    prepareCpuMs += cpuMs(dealt);
    const cpuBefore = process.cpuUsage();
    for (let k = 1; k <= CLUES_PER_CATEGORY; k++) {
      const t = performance.now();
      await scoreClue(c, k);
      times.push(performance.now() - t);
    }
    clueCpuMs += cpuMs(cpuBefore);
  }
  // A second round on every grid, with new clues: the cost once the process has run a while (its code
  // compiled by V8, WordNet's synsets parsed and their glosses read), as in a server that has dealt some rounds.
  const warmTimes: number[] = [];
  const warmCpuBefore = process.cpuUsage();
  for (let c = 0; c < dataset.categories.length; c++) {
    for (let k = 1; k <= CLUES_PER_CATEGORY; k++) {
      const t = performance.now();
      await scoreClue(c, k, 1);
      warmTimes.push(performance.now() - t);
    }
  }
  const warmCpuMs = cpuMs(warmCpuBefore);
  warmTimes.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    JSON.stringify({
      // From the process's own start (performance.now() counts from it), tsx loader included.
      processToFirstClueMs: firstClueDoneAt,
      moduleToFirstClueMs: beforeFirst - started + firstClueMs,
      firstClueMs,
      clues: times.length,
      medianMs: at(0.5),
      p95Ms: at(0.95),
      maxMs: times[times.length - 1],
      meanMs: times.reduce((s, t) => s + t, 0) / times.length,
      // CPU per clue: what the wall times would be on an idle core.
      cpuMeanMs: clueCpuMs / times.length,
      warmMedianMs: warmTimes[Math.floor(warmTimes.length / 2)],
      warmCpuMeanMs: warmCpuMs / warmTimes.length,
      // The grid work a game does once per dealt round, off the clue path.
      prepareCpuMeanMs: prepareCpuMs / dataset.categories.length,
      processCpuToFirstClueMs: cpuToFirstClue,
      rssAfterFirstClueBytes: rssAfterFirst,
      rssBytes: process.memoryUsage().rss,
    }),
  );
}

void main();
