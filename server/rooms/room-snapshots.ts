import { seatedViewerId, viewFor } from "../../shared/game/view";
import { gameViewJson, type ViewJsonParts } from "../../shared/game/view-json";
import type { GameAction, GameState, PlayerId } from "../../shared/game/types";
import { S2C, type RoomSnapshot, type StandInMove } from "../../shared/protocol";
import type { GameSocket } from "./socket-types";
import { RawJson } from "../raw-json-parser";

/**
 * A room's snapshots: what each member is sent on every change (and in a resync ack). The game part is
 * `viewFor` for the member; the rest is the room around it (connections, grace windows, offered bots).
 */

/** A room member as snapshots need them. */
export interface SnapshotMember {
  playerId: PlayerId;
  name: string;
  spectator: boolean;
  sockets: Set<GameSocket>;
  /** Since when the member has had no socket; null while connected. */
  awaySince: number | null;
  /** Moves the fallback bot made for this seat while its player was away, until they act again. */
  standIns: StandInRecord[];
}

/** A stand-in move as the room keeps it; whether it can still be taken back is read from the state when sent. */
export type StandInRecord = Omit<StandInMove, "canTakeBack">;

/** What the fallback bot did in an away player's seat, in the words their snapshot names it. */
export function standInRecordOf(action: GameAction, state: GameState): StandInRecord {
  const at = { game: state.gameNumber, round: state.rounds.length };
  switch (action.type) {
    case "giveClue":
      return { kind: "clue", ...at, text: action.text };
    case "vote":
      return { kind: "vote", ...at, targetId: action.target };
    case "breakTie":
      return { kind: "tieBreak", ...at, targetId: action.accusedId };
    case "guess":
      return { kind: "guess", ...at, text: action.word };
    default:
      return { kind: "ready", ...at };
  }
}

/** Whether a stand-in move can still be undone (`game:takeBack`): its phase is open and the player has not changed it. */
export function canTakeBack(state: GameState, playerId: PlayerId, move: StandInRecord): boolean {
  const round = state.rounds.at(-1);
  if (!round || state.gameNumber !== move.game || state.rounds.length !== move.round) return false;
  if (move.kind === "vote") return state.phase === "vote" && round.votes[playerId] === move.targetId;
  if (move.kind === "ready") return state.phase === "discussion" && round.ready.includes(playerId);
  return false;
}

/** The room as of now. */
export interface SnapshotSource {
  version: number;
  code: string;
  state: GameState;
  members: ReadonlyMap<PlayerId, SnapshotMember>;
  /** Seats the fallback bot is playing for an absent human. */
  fallbackSeatIds: ReadonlySet<PlayerId>;
  botModels: string[];
  evaluatorIds: string[];
  /** The room's leaderboard across its games. */
  standings(): RoomSnapshot["standings"];
  /** The dataset's categories (only the host in the lobby gets them). */
  categories(): string[];
  /** A seated human's rejoin code (their own snapshots only). */
  rejoinCodeOf(playerId: PlayerId): string;
  /** Pending requests for a seat back (the host's snapshots only). */
  seatRequests(): RoomSnapshot["seatRequests"];
  /** Those of them left out of the default pool. */
  categoriesOffByDefault(): string[];
  serverTime: number;
}

/** The member's snapshot as an object: the resync ack. Broadcasts send the same content as JSON (`sendSnapshots`). */
export function snapshotFor(source: SnapshotSource, member: SnapshotMember): RoomSnapshot {
  const viewer = viewerOf(source, member);
  return { ...memberFields(source, member, viewer), ...sharedFields(source), game: viewFor(source.state, viewer) };
}

/**
 * Sends every connected member their snapshot, as JSON assembled from what they share: the room's fields and
 * the view's parts (shared/game/view-json.ts) are serialized once, then each member's own fields and view
 * are put around them. The server's parser writes the text as is (server/raw-json-parser.ts).
 */
export function sendSnapshots(source: SnapshotSource): void {
  let sharedJson: string | undefined;
  // What the members' views share, serialized once for this broadcast and then dropped.
  const parts: ViewJsonParts = new Map();
  for (const member of source.members.values()) {
    if (member.sockets.size === 0) continue;
    sharedJson ??= JSON.stringify(sharedFields(source));
    const viewer = viewerOf(source, member);
    const own = JSON.stringify(memberFields(source, member, viewer));
    const json = `${own.slice(0, -1)},"game":${gameViewJson(source.state, viewer, parts)},${sharedJson.slice(1)}`;
    // The same RoomSnapshot on the wire as `snapshotFor` gives (test/integration/server-snapshot-json.test.ts).
    const snapshot = new RawJson(json) as unknown as RoomSnapshot;
    for (const socket of member.sockets) socket.emit(S2C.roomState, snapshot);
  }
}

/** The member's seat id when seated (a spectator sees as one even if an id matched a seat). */
function viewerOf(source: SnapshotSource, member: SnapshotMember): PlayerId | null {
  return member.spectator ? null : seatedViewerId(source.state, member.playerId);
}

function memberFields(source: SnapshotSource, member: SnapshotMember, viewer: PlayerId | null): Pick<RoomSnapshot, "you" | "categories" | "categoriesOffByDefault" | "seatRequests"> {
  const { state } = source;
  const isHost = state.hostId === member.playerId;
  const picking = isHost && (state.phase === "lobby" || state.phase === "gameOver");
  const human = viewer !== null && state.seats.some((seat) => seat.id === viewer && seat.kind === "human" && !seat.left);
  return {
    you: { playerId: member.playerId, seated: viewer !== null, isHost, rejoinCode: human ? source.rejoinCodeOf(member.playerId) : null, standInMoves: member.standIns.length, standIns: member.standIns.map((move) => ({ ...move, canTakeBack: canTakeBack(state, member.playerId, move) })) },
    categories: picking ? source.categories() : [],
    categoriesOffByDefault: picking ? source.categoriesOffByDefault() : [],
    seatRequests: isHost ? source.seatRequests() : [],
  };
}

function sharedFields(source: SnapshotSource): Omit<RoomSnapshot, "you" | "categories" | "categoriesOffByDefault" | "seatRequests" | "game"> {
  const { state, members } = source;
  return {
    version: source.version,
    code: source.code,
    link: `/r/${source.code}`,
    seats: state.seats.map((seat) => {
      const m = members.get(seat.id);
      const profile = seat.botProfile ?? "lexical";
      return {
        playerId: seat.id,
        bot: seat.kind === "bot" ? (profile.startsWith("llm:") ? { kind: "llm" as const, model: profile.slice(4) } : { kind: "lexical" as const }) : null,
        connected: seat.kind === "bot" || (m !== undefined && m.sockets.size > 0),
        fallback: source.fallbackSeatIds.has(seat.id),
        awaySince: seat.kind === "bot" ? null : (m?.sockets.size ?? 0) > 0 ? null : (m?.awaySince ?? null),
      };
    }),
    spectators: [...members.values()].filter((m) => m.spectator).map((m) => ({ playerId: m.playerId, name: m.name, connected: m.sockets.size > 0 })),
    botModels: source.botModels,
    evaluators: source.evaluatorIds,
    // Shown at the reveal and after a game only: a round in play does not carry it to every member on every move.
    standings: state.phase === "reveal" || state.phase === "gameOver" ? source.standings() : [],
    serverTime: source.serverTime,
  };
}
