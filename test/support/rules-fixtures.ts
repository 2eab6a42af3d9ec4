/** Shared helpers for the rules tests: a small library of topic cards and a strict action runner. */
import { seededRng, type Rng } from "../../shared/random";
import { applyAction, createGame, currentRound, type NewGame } from "../../shared/game/rules";
import type { GameAction, GameState, RoundState, TopicCard } from "../../shared/game/types";

/** Card words are unique strings that are never substrings of one another or of names, clues and chat used in tests. */
export function testCard(category: string, size = 12): TopicCard {
  const stem = category.toLowerCase();
  return { id: category, category, words: Array.from({ length: size }, (_, i) => `${stem}${String(i + 1).padStart(2, "0")}q`), source: "dataset" };
}

export const LIBRARY: TopicCard[] = [testCard("Fruit"), testCard("Tools"), testCard("Birds", 9), testCard("Metals", 16)];

/** Freezes a state deeply so that any mutation by the reducer throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** A reducer driver that throws on a refused action, for example-based tests. */
export class Table {
  state: GameState;
  now = 1_000_000;
  readonly rng: Rng;

  constructor(game: Partial<NewGame> = {}, seed: number | string = 1) {
    this.state = deepFreeze(createGame({ host: { playerId: "p0", name: "Ada" }, library: LIBRARY, ...game }));
    this.rng = seededRng(seed);
  }

  /** Applies an action (its `now` filled in), returning the result without throwing. */
  try(action: DistributiveOmit<GameAction, "now"> & { now?: number }) {
    const result = applyAction(this.state, { now: this.now, ...action } as GameAction, this.rng);
    if (result.ok) this.state = deepFreeze(result.state);
    return result;
  }

  do(action: DistributiveOmit<GameAction, "now"> & { now?: number }): GameState {
    const result = this.try(action);
    if (!result.ok) throw new Error(`${action.type} refused: ${result.code}: ${result.message}`);
    return this.state;
  }

  get round(): RoundState {
    const round = currentRound(this.state);
    if (!round) throw new Error("no round");
    return round;
  }

  /** Seats p1..p(n-1) join as humans (p0 is the host). */
  seat(count: number, kind: "human" | "bot" = "human"): this {
    for (let i = 1; i < count; i++) {
      if (kind === "human") this.do({ type: "join", playerId: `p${i}`, name: `Player ${i}` });
      else this.do({ type: "addBot", by: "p0", playerId: `p${i}`, name: `Bot ${i}`, botProfile: "lexical" });
    }
    return this;
  }

  /** Every player of the round gives a harmless clue in turn. */
  allClues(): this {
    for (const id of this.round.order) this.do({ type: "giveClue", by: id, text: `hint${id}` });
    return this;
  }

  /** Everyone votes for `target` (who votes for the next player instead). */
  everyoneVotes(target: string): this {
    const order = this.round.order;
    for (const id of order) {
      const other = id === target ? order.find((o) => o !== id)! : target;
      this.do({ type: "vote", by: id, target: other });
    }
    return this;
  }

  /** A grid word that is not the secret. */
  wrongWord(): string {
    return this.round.card.words.find((word) => word !== this.round.secret)!;
  }
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
