import { argmaxSet } from "../../shared/sneak/metrics";
import type { AgreementRow, Estimate, GeneratorRow, JudgmentRow, Leaderboard } from "../../shared/leaderboard";
import { estimateOf, pearsonOf } from "./bootstrap";
import type { ClueLine, ExportLine, RoundLine } from "./export-types";

/**
 * Humans versus models, from exported game lines, laid out like the paper's appendix B:
 * - Table 5: per generator (humans, the lexical bot, each LLM model), mean Utility, Leakage, SoftScore and
 *   BinaryScore over the clues it wrote as an informed player (the chameleon's bluffs are reported apart);
 * - Table 6: how well humans judged in play: informed humans' votes (did they name the chameleon?) and
 *   human chameleons' guesses (did they find the secret?);
 * - Table 7: agreement between those human judgments and the evaluators' predictions on the same rounds.
 * Each clue counts once with its scores averaged over the evaluators that scored it (as the paper averages
 * its judges). Intervals: 95% percentile bootstrap (bootstrap.ts).
 */

export type { AgreementRow, GeneratorRow, JudgmentRow, Leaderboard };

export const LEADERBOARD_METHOD =
  "Means over clues (each clue's scores averaged over the evaluators that scored it); 95% percentile bootstrap intervals, 1000 resamples, seeded. " +
  "Votes: informed human voters only. The evaluators' suspect is the seat whose clue has the lowest mean p_ally; their guess is the argmax of the mean cumulative chameleon distribution after the round's last clue (the informed players' clues).";

export function leaderboardFrom(lines: Iterable<ExportLine>): Leaderboard {
  const clues: ClueLine[] = [];
  const rounds: RoundLine[] = [];
  for (const line of lines) (line.type === "clue" ? clues : rounds).push(line as never);
  const roundKey = (l: { game: string; round: number }) => `${l.game}#${l.round}`;
  const cluesByRound = new Map<string, ClueLine[]>();
  for (const clue of clues) cluesByRound.set(roundKey(clue), [...(cluesByRound.get(roundKey(clue)) ?? []), clue]);
  return {
    generators: generatorRows(clues),
    ...judgmentsAndAgreement(rounds, cluesByRound, roundKey),
    games: new Set([...clues, ...rounds].map((l) => l.game)).size,
    rounds: rounds.length,
    method: LEADERBOARD_METHOD,
  };
}

function generatorRows(clues: readonly ClueLine[]): GeneratorRow[] {
  const groups = new Map<string, ClueLine[]>();
  for (const clue of clues) groups.set(clue.generator, [...(groups.get(clue.generator) ?? []), clue]);
  const rows = [...groups.entries()].map(([generator, list]) => {
    const informed = list.filter((c) => !c.byChameleon && c.mean.utility !== null);
    const pick = (key: "utility" | "leakage" | "softScore" | "binaryScore") => informed.map((c) => c.mean[key]).filter((v): v is number => v !== null);
    return {
      generator,
      clues: informed.length,
      fallbacks: list.filter((c) => c.source.fallback).length,
      utility: estimateOf(pick("utility"), `${generator}/utility`),
      leakage: estimateOf(pick("leakage"), `${generator}/leakage`),
      softScore: estimateOf(pick("softScore"), `${generator}/softScore`),
      binaryScore: estimateOf(pick("binaryScore"), `${generator}/binaryScore`),
      bluffUtility: estimateOf(
        list.filter((c) => c.byChameleon && c.mean.utility !== null).map((c) => c.mean.utility as number),
        `${generator}/bluff`,
      ),
    };
  });
  // Humans first, then bots by SoftScore: the question the page answers is "who beats the humans?".
  return rows.sort((a, b) => (a.generator === "human" ? -1 : b.generator === "human" ? 1 : (b.softScore.mean ?? -1) - (a.softScore.mean ?? -1)));
}

interface Tallies {
  voteWorker: number[];
  votePlurality: number[];
  voteChance: number[];
  voteModel: number[];
  voteAgree: number[];
  voteAgreeStrict: number[];
  shareHuman: number[];
  shareModel: number[];
  guessWorker: number[];
  guessChance: number[];
  guessModel: number[];
  guessAgree: number[];
}

function judgmentsAndAgreement(rounds: readonly RoundLine[], cluesByRound: Map<string, ClueLine[]>, key: (l: RoundLine) => string): Pick<Leaderboard, "judgments" | "agreement"> {
  const t: Tallies = { voteWorker: [], votePlurality: [], voteChance: [], voteModel: [], voteAgree: [], voteAgreeStrict: [], shareHuman: [], shareModel: [], guessWorker: [], guessChance: [], guessModel: [], guessAgree: [] };
  for (const round of rounds) {
    const clues = cluesByRound.get(key(round)) ?? [];
    tallyVotes(round, clues, t);
    tallyGuess(round, clues, t);
  }
  const e = (values: number[], name: string) => estimateOf(values, `judgments/${name}`);
  const chance = (values: number[]) => (values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length);
  return {
    judgments: [
      { task: "vote", worker: e(t.voteWorker, "vote-worker"), plurality: e(t.votePlurality, "vote-plurality"), chance: chance(t.voteChance), evaluators: e(t.voteModel, "vote-model") },
      { task: "chameleon-guess", worker: e(t.guessWorker, "guess-worker"), plurality: e(t.guessWorker, "guess-plurality"), chance: chance(t.guessChance), evaluators: e(t.guessModel, "guess-model") },
    ],
    agreement: [
      { task: "vote", top1: e(t.voteAgree, "vote-agree"), strictMajority: e(t.voteAgreeStrict, "vote-strict"), correlation: { r: pearsonOf(t.shareHuman, t.shareModel), n: t.shareHuman.length } },
      // One chameleon guesses per round: its single judgment is its own plurality and strict majority.
      { task: "chameleon-guess", top1: e(t.guessAgree, "guess-agree"), strictMajority: e(t.guessAgree, "guess-strict"), correlation: { r: null, n: 0 } },
    ],
  };
}

/** Informed humans' votes against the evaluators' suspect: the seat whose clue an ally would least recognize. */
function tallyVotes(round: RoundLine, clues: readonly ClueLine[], t: Tallies): void {
  const votes = round.votes.filter((v) => v.source === "human" && v.voterSeat !== round.chameleonSeat && v.targetSeat !== null);
  if (votes.length === 0) return;
  const candidates = round.seats.map((s) => s.seat);
  for (const v of votes) {
    t.voteWorker.push(v.targetSeat === round.chameleonSeat ? 1 : 0);
    t.voteChance.push(1 / Math.max(1, candidates.length - 1));
  }
  const counts = new Map<number, number>();
  for (const v of votes) counts.set(v.targetSeat!, (counts.get(v.targetSeat!) ?? 0) + 1);
  const best = Math.max(...counts.values());
  const leaders = [...counts.entries()].filter(([, c]) => c === best).map(([seat]) => seat);
  const plurality = leaders.length === 1 ? leaders[0] : null;
  t.votePlurality.push(plurality === round.chameleonSeat ? 1 : 0);

  const pAllyBySeat = new Map<number, number>();
  for (const clue of clues) {
    const pAllies = clue.evaluations.map((e) => e.scores?.pAlly).filter((p): p is number => p !== undefined);
    if (pAllies.length > 0) pAllyBySeat.set(clue.seat, pAllies.reduce((s, p) => s + p, 0) / pAllies.length);
  }
  if (pAllyBySeat.size < 2) return;
  const seats = [...pAllyBySeat.keys()];
  const lowest = Math.min(...pAllyBySeat.values());
  const suspects = seats.filter((s) => pAllyBySeat.get(s) === lowest);
  t.voteModel.push(suspects.includes(round.chameleonSeat) ? 1 : 0);
  if (plurality !== null) {
    t.voteAgree.push(suspects.includes(plurality) ? 1 : 0);
    if (best * 2 > votes.length) t.voteAgreeStrict.push(suspects.includes(plurality) ? 1 : 0);
  }
  // Distribution level: each seat's share of the human votes against its share of the evaluators' suspicion.
  const suspicion = seats.map((s) => 1 - pAllyBySeat.get(s)!);
  const total = suspicion.reduce((a, b) => a + b, 0);
  if (total <= 0) return;
  seats.forEach((seat, i) => {
    t.shareHuman.push((counts.get(seat) ?? 0) / votes.length);
    t.shareModel.push(suspicion[i] / total);
  });
}

/** A human chameleon's first guess against the evaluators' reading of all the round's clues. */
function tallyGuess(round: RoundLine, clues: readonly ClueLine[], t: Tallies): void {
  const guess = round.guesses[0];
  const chameleonSeat = round.seats.find((s) => s.seat === round.chameleonSeat);
  if (!guess || guess.source !== "human" || chameleonSeat?.controller !== "human") return;
  t.guessWorker.push(guess.correct ? 1 : 0);
  t.guessChance.push(1 / round.words.length);
  const last = clues.slice().sort((a, b) => b.turn - a.turn)[0];
  if (!last) return;
  const perWord = new Map<string, number[]>();
  for (const e of last.evaluations) {
    const j = e.cumulative;
    if (!j || j.failure || j.probabilities.length !== j.options.length) continue;
    j.options.forEach((w, i) => perWord.set(w, [...(perWord.get(w) ?? []), j.probabilities[i]]));
  }
  if (perWord.size === 0) return;
  const words = [...perWord.keys()];
  const means = words.map((w) => perWord.get(w)!.reduce((s, p) => s + p, 0) / perWord.get(w)!.length);
  const top = new Set([...argmaxSet(means)].map((i) => words[i]));
  t.guessModel.push(top.has(round.secret) ? 1 : 0);
  t.guessAgree.push(top.has(guess.word) ? 1 : 0);
}
