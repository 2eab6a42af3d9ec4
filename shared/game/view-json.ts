/**
 * `viewFor` as JSON text, built for many viewers at once: what the server sends on every change.
 *
 * A table of six would otherwise build and serialize six full views per change, each carrying every
 * revealed round's score records. Almost all of a view is the same for every viewer: the head (seats,
 * settings, chat) for everyone but the chameleon of a hidden-grid guess, a round in play for everyone in
 * the same role, a revealed round for everyone. Those parts are serialized once and cached; what differs
 * per viewer (their id, their role and vote in each round) is spliced in. A revealed round that does not
 * change keeps its cached text for the rest of the game. Hidden information is decided by view.ts alone:
 * every cached part is a serialized `gameHeadFor`/`roundViewFor` result, keyed by everything it depends on.
 *
 * JSON.parse(gameViewJson(state, v)) deep-equals viewFor(state, v) (test/unit/rules-view-json.test.ts);
 * only the order of keys differs.
 */
import { gameHeadFor, hiddenCardId, isRevealed, roleIn, roundViewFor, seatedViewerId } from "./view";
import type { GameState, PlayerId, RoundState } from "./types";

/** Per round object: its serialized view minus `role` and `yourVote`, by what else the view depends on. */
const roundBodies = new WeakMap<RoundState, Map<string, string>>();
/** Per state object: the serialized head, by the hidden card ("" for none). */
const heads = new WeakMap<GameState, Map<string, string>>();

/** The JSON text of `viewFor(state, viewerId)`. */
export function gameViewJson(state: GameState, viewerId: PlayerId | null): string {
  const seatedId = seatedViewerId(state, viewerId);
  const hiddenCard = hiddenCardId(state, seatedId);
  const rounds = state.rounds.map((round) => roundJson(state, round, seatedId, hiddenCard));
  return `{"viewerId":${JSON.stringify(seatedId)},"rounds":[${rounds.join(",")}],${headJson(state, hiddenCard).slice(1)}`;
}

function headJson(state: GameState, hiddenCard: string | null): string {
  let byCard = heads.get(state);
  if (!byCard) heads.set(state, (byCard = new Map()));
  const key = hiddenCard ?? "";
  let json = byCard.get(key);
  if (json === undefined) byCard.set(key, (json = JSON.stringify(gameHeadFor(state, hiddenCard))));
  return json;
}

function roundJson(state: GameState, round: RoundState, seatedId: PlayerId | null, hiddenCard: string | null): string {
  const role = roleIn(round, seatedId);
  const wordsHidden = round.card.id === hiddenCard;
  // A revealed round reads the same for every role; a round in play depends on the phase and the role.
  const key = isRevealed(round) ? `revealed|${wordsHidden}` : `${state.phase}|${role}|${wordsHidden}`;
  let bodies = roundBodies.get(round);
  if (!bodies) roundBodies.set(round, (bodies = new Map()));
  let body = bodies.get(key);
  if (body === undefined) {
    const { role: _role, yourVote: _vote, ...rest } = roundViewFor(state, round, seatedId);
    bodies.set(key, (body = JSON.stringify(rest)));
  }
  const yourVote = seatedId !== null ? (round.votes[seatedId] ?? null) : null;
  return `{"role":${JSON.stringify(role)},"yourVote":${JSON.stringify(yourVote)},${body.slice(1)}`;
}
