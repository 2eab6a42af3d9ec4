import type { RevealedClueScores, RoomSnapshot } from "../../shared/protocol";
import type { GameView, RoundView, SeatView } from "../../shared/game/types";
import { DEFAULT_SETTINGS } from "../../shared/game/settings";

/** Hand-built snapshots for the client's component tests: a table of five, one round in a chosen phase. */

export const WORDS = ["lion", "tiger", "zebra", "giraffe", "elephant", "hippo", "rhino", "monkey", "panda", "koala", "kangaroo", "camel"];

export function seats(): SeatView[] {
  return [
    { id: "p1", name: "Ana", kind: "human", left: false, isHost: true, points: 2 },
    { id: "p2", name: "Ben", kind: "human", left: false, isHost: false, points: 0 },
    { id: "p3", name: "Cleo", kind: "human", left: false, isHost: false, points: 1 },
    { id: "b1", name: "Lex", kind: "bot", botProfile: "lexical", left: false, isHost: false, points: 0 },
    { id: "b2", name: "Gpt", kind: "bot", botProfile: "llm:tiny", left: false, isHost: false, points: 0 },
  ];
}

export function round(over: Partial<RoundView> = {}): RoundView {
  return {
    number: 1,
    category: "animals",
    words: WORDS,
    secret: "zebra",
    role: "informed",
    chameleonId: null,
    dealerId: "p1",
    order: ["p1", "p2", "p3", "b1", "b2"],
    names: { p1: "Ana", p2: "Ben", p3: "Cleo", b1: "Lex", b2: "Gpt" },
    twoGuesses: false,
    hiddenGrid: false,
    turnPlayerId: "p2",
    clues: [{ playerId: "p1", text: "stripes", fallback: false, at: 1 }],
    ready: [],
    votedIds: [],
    yourVote: null,
    votes: null,
    tally: null,
    tied: null,
    tieBrokenBy: null,
    accusedId: null,
    guesses: [],
    guessesLeft: 0,
    outcome: null,
    points: null,
    aborted: false,
    revealed: false,
    ...over,
  };
}

export function game(over: Partial<GameView> = {}): GameView {
  return {
    viewerId: "p2",
    phase: "clues",
    deadline: null,
    seats: seats(),
    hostId: "p1",
    settings: { ...DEFAULT_SETTINGS, clueMaxWords: 2 },
    options: { allowBotsOnly: false },
    rounds: [round()],
    chat: [],
    winners: null,
    gameNumber: 1,
    ...over,
  };
}

export function snapshot(g: GameView = game(), over: Partial<RoomSnapshot> = {}): RoomSnapshot {
  return {
    version: 7,
    code: "ABCD",
    link: "/r/ABCD",
    you: { playerId: g.viewerId ?? "s1", seated: g.viewerId !== null, isHost: g.viewerId === g.hostId, rejoinCode: g.viewerId !== null ? "ABCD2345" : null, standInMoves: 0, standIns: [] },
    seatRequests: [],
    seats: g.seats.map((s) => ({
      playerId: s.id,
      bot: s.kind === "bot" ? (s.botProfile === "lexical" ? { kind: "lexical" as const } : { kind: "llm" as const, model: "tiny" }) : null,
      connected: s.id !== "p3",
      fallback: s.id === "p3",
      awaySince: s.id === "p3" ? Date.now() - 5_000 : null,
    })),
    spectators: [],
    botModels: ["tiny"],
    evaluators: ["lexical"],
    standings: [],
    categories: g.viewerId === g.hostId && g.phase === "lobby" ? ["animals", "fruit", "vehicles"] : [],
    categoriesOffByDefault: g.viewerId === g.hostId && g.phase === "lobby" ? ["vehicles"] : [],
    game: g,
    serverTime: Date.now(),
    ...over,
  };
}

export function scores(clueIndex: number, playerId: string, clue: string, u: number, l: number, cum: number, byChameleon = false): RevealedClueScores {
  return {
    round: 1,
    clueIndex,
    playerId,
    clue,
    byChameleon,
    fallback: false,
    utilityAvailable: true,
    leakageMeaningless: byChameleon,
    mean: { utility: u, leakage: l, softScore: u * (1 - l), binaryScore: 1 },
    cumulativeLeakage: cum,
    perEvaluator: [{ evaluator: "lexical", scores: null, leakage: l, cumulativeLeakage: cum }],
  };
}
