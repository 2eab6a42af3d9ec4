import { applyAction, createGame } from "../../shared/game/rules";
import type { GameAction, GameState, PlayerId, TopicCard } from "../../shared/game/types";
import type { AllyQuery, ChameleonQuery, Evaluator, Judgement } from "../../shared/sneak/types";
import type { RevealedClueScores } from "../../shared/protocol";
import { informedCluesUpTo, scoreClue } from "../../server/scoring/clue-scoring";
import { GameLog, type LoggedRoom } from "../../server/store/game-log";
import { isPromiseLike, type LogStore } from "../../server/store/log-store";
import { roomRngOf } from "../../server/store/restore";

/**
 * Games for the store tests, played through the real reducer and logged through the real GameLog hooks,
 * exactly as the room calls them, with clues scored by the real scoring service.
 */

/** A small deterministic judge: it scores by shared letters. `failAllyOn` makes its ally fail on one clue. */
export function letterJudge(id: string, failAllyOn?: string): Evaluator {
  const affinity = (a: string, b: string) => [...new Set(a.toLowerCase())].filter((ch) => /[a-z]/.test(ch) && b.toLowerCase().includes(ch)).length;
  const distribution = (scores: number[]) => {
    const exp = scores.map((s) => Math.exp(s));
    const total = exp.reduce((x, y) => x + y, 0);
    return exp.map((e) => e / total);
  };
  return {
    id,
    async ally(q: AllyQuery): Promise<Judgement> {
      if (failAllyOn && q.options.includes(failAllyOn)) return { options: q.options, probabilities: [], coverage: 0, failure: "no option label in the reply", flags: [] };
      return { options: q.options, probabilities: distribution(q.options.map((o) => affinity(o, q.secret))), coverage: 1, flags: [] };
    },
    async chameleon(q: ChameleonQuery): Promise<Judgement> {
      return { options: q.options, probabilities: distribution(q.options.map((w) => q.clues.reduce((s, c) => s + affinity(c, w), 0))), coverage: 1, flags: [] };
    },
  };
}

export const CARD: TopicCard = {
  id: "animals",
  category: "animals",
  words: ["cat", "dog", "horse", "cow", "sheep", "pig", "goat", "duck", "chicken", "rabbit", "mouse", "lion"],
  source: "dataset",
};
export const DECOYS = ["pet", "farm", "tail", "fur", "wild"];

/** Seats: two humans, the lexical bot, an LLM bot. */
export const PLAYERS = { ann: "h-ann", bea: "h-bea", lex: "b-lex", gpt: "b-gpt" } as const;

export interface LoggedTable {
  log: GameLog;
  room: LoggedRoom;
  state: GameState;
  /** The scoring service's results per `game/round`, to compare with exports. */
  scored: Map<string, RevealedClueScores[]>;
  act(action: GameAction): GameState;
  /** Resolves when every write so far is durable; rejects with the first that was refused (Postgres writes settle later). */
  durable(): Promise<void>;
  /** The fixture's clock: one second later at each call. */
  tick(): number;
  /** Plays one round: clues by seat (bots' decisions logged first), votes, and the chameleon's guess when caught. */
  playRound(plan: RoundPlan): Promise<void>;
}

export interface RoundPlan {
  /** The clue each player gives. */
  clues: Partial<Record<PlayerId, string>>;
  /** Who votes for whom; "chameleon" names the round's chameleon. Missing voters abstain until the timer. */
  votes: Partial<Record<PlayerId, PlayerId | "chameleon" | "not-chameleon">>;
  /** The caught chameleon's guess: "secret", "wrong", or a word. */
  guess?: "secret" | "wrong";
  /** An LLM bot whose reply was unusable: its clue comes from the fallback. */
  llmFallback?: boolean;
}

export async function loggedTable(store: LogStore, options: { code?: string; seed?: string; evaluators?: Evaluator[]; now?: () => number } = {}): Promise<LoggedTable> {
  let clock = options.now ? options.now() : Date.UTC(2026, 0, 1);
  const now = options.now ?? (() => (clock += 1000));
  const log = new GameLog(store, { decoysOf: () => DECOYS, evaluatorIds: ["toy-a", "toy-b"], now, log: () => {} });
  const room: LoggedRoom = { code: options.code ?? "WXYZ", seed: options.seed ?? "fixture-seed" };
  const rng = roomRngOf(room.seed);
  let state = createGame({ host: { playerId: PLAYERS.ann, name: "Ann" }, library: [CARD] });
  const writes: Promise<void>[] = [];
  const track = (written: unknown) => {
    if (!isPromiseLike(written)) return;
    const promise = written as Promise<void>;
    // Handled here so that a refused write fails `durable()`, not the process.
    promise.catch(() => {});
    writes.push(promise);
  };
  track(log.opened(room, state));
  track(log.session(room, { token: "token-ann", playerId: PLAYERS.ann, spectator: false }, "Ann"));
  const judges = log.evaluatorsFor(room, options.evaluators ?? [letterJudge("toy-a"), letterJudge("toy-b", "cheese")]);
  const scored = new Map<string, RevealedClueScores[]>();

  const act = (action: GameAction): GameState => {
    const result = applyAction(state, action, rng);
    if (!result.ok) throw new Error(`${action.type} refused: ${result.message}`);
    track(log.applied(room, action, result.state));
    state = result.state;
    return state;
  };
  const t = () => now();
  act({ type: "join", now: t(), playerId: PLAYERS.bea, name: "Bea" });
  track(log.session(room, { token: "token-bea", playerId: PLAYERS.bea, spectator: false }, "Bea"));
  act({ type: "addBot", now: t(), by: PLAYERS.ann, playerId: PLAYERS.lex, name: "Lex", botProfile: "lexical" });
  act({ type: "addBot", now: t(), by: PLAYERS.ann, playerId: PLAYERS.gpt, name: "Gpt", botProfile: "llm:toy-model" });
  act({ type: "updateSettings", now: t(), by: PLAYERS.ann, settings: { discussionSeconds: 0, clueMaxWords: 5 } });

  async function playRound(plan: RoundPlan): Promise<void> {
    const round = () => state.rounds[state.rounds.length - 1];
    const key = `${state.gameNumber}/${round().number}`;
    const results: RevealedClueScores[] = [];
    for (const playerId of round().order) {
      const text = plan.clues[playerId] ?? `clue${round().clues.length}`;
      const seat = state.seats.find((s) => s.id === playerId)!;
      if (seat.kind === "bot") {
        const fallback = plan.llmFallback && seat.botProfile?.startsWith("llm:");
        // The lexical bot clues from the book, its fallback for the LLM bot from the lexical model; the LLM's own clue from neither.
        const knowledge = fallback ? "lexical" : seat.botProfile === "lexical" ? "book" : undefined;
        log.decision(room, playerId, "clue", { value: text, source: fallback ? "fallback" : seat.botProfile!, knowledge, note: fallback ? "timeout after 8000 ms" : undefined });
      }
      act({ type: "giveClue", now: t(), by: playerId, text });
      const r = round();
      const index = r.clues.length - 1;
      results.push(
        await scoreClue(judges, {
          round: r.number, clueIndex: index, playerId, clue: r.clues[index].text, byChameleon: playerId === r.chameleonId, fallback: false,
          category: r.card.category, words: r.card.words, secret: r.secret, decoys: DECOYS,
          informedCluesSoFar: informedCluesUpTo(r.clues.map((c) => ({ text: c.text, byChameleon: c.playerId === r.chameleonId })), index),
          seed: `${room.seed}/${key}/${index}`,
        }, results.at(-1)),
      );
    }
    scored.set(key, results);
    for (const [voter, target] of Object.entries(plan.votes)) {
      if (state.phase !== "vote") break;
      const r = round();
      let named = target === "chameleon" ? r.chameleonId : target === "not-chameleon" ? r.order.find((id) => id !== r.chameleonId && id !== voter)! : target!;
      // Nobody may vote for themselves: the chameleon told to "vote for the chameleon" names someone else.
      if (named === voter) named = r.order.find((id) => id !== voter)!;
      if (state.seats.find((s) => s.id === voter)?.kind === "bot") log.decision(room, voter, "vote", { value: named, source: "lexical", knowledge: "book" });
      act({ type: "vote", now: t(), by: voter, target: named });
    }
    if (state.phase === "vote") act({ type: "timeout", now: Math.max(state.deadline ?? 0, t()) });
    if (state.phase === "tieBreak") act({ type: "breakTie", now: t(), by: round().dealerId, accusedId: round().tied![0] });
    if (state.phase === "guess") {
      const r = round();
      const word = plan.guess === "secret" ? r.secret : r.card.words.find((w) => w !== r.secret)!;
      if (state.seats.find((s) => s.id === r.chameleonId)?.kind === "bot") log.decision(room, r.chameleonId, "guess", { value: word, source: "lexical", knowledge: "book" });
      act({ type: "guess", now: t(), by: r.chameleonId, word });
    }
  }

  return {
    log,
    room,
    get state() {
      return state;
    },
    scored,
    act,
    async durable() {
      await Promise.all(writes);
      await log.settled();
    },
    tick: t,
    playRound,
  };
}

/** Two revealed rounds (a human's formula-like clue, a repeated clue, an ally failure, an LLM fallback), optionally a third still in play. */
export async function logFixtureGame(store: LogStore, options: { code?: string; seed?: string; unrevealed?: boolean; close?: boolean; now?: () => number } = {}): Promise<LoggedTable> {
  const table = await loggedTable(store, options);
  table.act({ type: "start", now: table.tick(), by: PLAYERS.ann });
  await table.playRound({
    clues: { [PLAYERS.ann]: "whiskers", [PLAYERS.bea]: '=HYPERLINK("http://x")', [PLAYERS.lex]: "purr", [PLAYERS.gpt]: "farmyard" },
    votes: { [PLAYERS.ann]: "chameleon", [PLAYERS.bea]: "chameleon", [PLAYERS.lex]: "chameleon", [PLAYERS.gpt]: "not-chameleon" },
    guess: "wrong",
    llmFallback: true,
  });
  table.act({ type: "nextRound", now: table.tick(), by: PLAYERS.ann });
  await table.playRound({
    clues: { [PLAYERS.ann]: "saddle", [PLAYERS.bea]: "whiskers", [PLAYERS.lex]: "cheese", [PLAYERS.gpt]: "whiskers" },
    votes: { [PLAYERS.ann]: "not-chameleon", [PLAYERS.bea]: "not-chameleon", [PLAYERS.lex]: "chameleon", [PLAYERS.gpt]: "chameleon" },
    guess: "secret",
  });
  if (options.unrevealed) {
    table.act({ type: "nextRound", now: table.tick(), by: PLAYERS.ann });
    const r = table.state.rounds[table.state.rounds.length - 1];
    table.act({ type: "giveClue", now: table.tick(), by: r.order[0], text: "moo" });
  }
  if (options.close) table.log.closed(table.room, "room-closed");
  await table.durable();
  return table;
}
