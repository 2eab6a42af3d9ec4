/**
 * `viewFor` as JSON text, built for many viewers at once: what the server sends on every change.
 *
 * A table of six would otherwise build and serialize six full views per change, each carrying every
 * revealed round's score records. Almost all of a view is the same for every viewer: the head (seats,
 * settings, chat) for everyone but the chameleon of a hidden-grid guess, a round in play for everyone in
 * the same role, a revealed round for everyone. Those parts are serialized once into `parts`, which the
 * caller keeps for the viewers of one state (one broadcast) and then drops: text kept longer would double
 * what a room's memory holds of its rounds. What differs per viewer (their id, their role and vote in each
 * round) is spliced in. Hidden information is decided by view.ts alone: every cached part is a
 * serialized `gameHeadFor`/`roundViewFor` result, keyed by everything it depends on.
 *
 * JSON.parse(gameViewJson(state, v)) deep-equals viewFor(state, v) (test/unit/rules-view-json.test.ts);
 * only the order of keys differs.
 */
import { gameHeadFor, hiddenCardId, isRevealed, roleIn, roundViewFor, seatedViewerId } from "./view";
import type { GameState, PlayerId, RoundState } from "./types";

/** Serialized parts of one state's views, by part and what the part depends on. */
export type ViewJsonParts = Map<string, string>;

/**
 * The JSON text of `viewFor(state, viewerId)`. Pass the same `parts` for every viewer of the same state
 * (and only of that state) to serialize what they share once.
 */
export function gameViewJson(state: GameState, viewerId: PlayerId | null, parts: ViewJsonParts = new Map()): string {
  const seatedId = seatedViewerId(state, viewerId);
  const hiddenCard = hiddenCardId(state, seatedId);
  const rounds = state.rounds.map((round, index) => roundJson(parts, state, index, round, seatedId, hiddenCard));
  const headKey = `head|${hiddenCard ?? ""}`;
  let head = parts.get(headKey);
  if (head === undefined) parts.set(headKey, (head = JSON.stringify(gameHeadFor(state, hiddenCard))));
  return `{"viewerId":${JSON.stringify(seatedId)},"rounds":[${rounds.join(",")}],${head.slice(1)}`;
}

function roundJson(parts: ViewJsonParts, state: GameState, index: number, round: RoundState, seatedId: PlayerId | null, hiddenCard: string | null): string {
  const role = roleIn(round, seatedId);
  const wordsHidden = round.card.id === hiddenCard;
  // A revealed round reads the same for every role; a round in play depends on the role (and the state's phase).
  const key = `round|${index}|${isRevealed(round) ? "revealed" : role}|${wordsHidden}`;
  let body = parts.get(key);
  if (body === undefined) {
    const { role: _role, yourVote: _vote, ...rest } = roundViewFor(state, round, seatedId);
    parts.set(key, (body = JSON.stringify(rest)));
  }
  const yourVote = seatedId !== null ? (round.votes[seatedId] ?? null) : null;
  return `{"role":${JSON.stringify(role)},"yourVote":${JSON.stringify(yourVote)},${body.slice(1)}`;
}
