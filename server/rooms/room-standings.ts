import type { GameState, PlayerId, RoundState } from "../../shared/game/types";
import type { PlayerStanding, RevealedClueScores } from "../../shared/protocol";

/**
 * A room's leaderboard for its players: every seat across the room's games (points, games won, rounds won as the
 * Chameleon and as a player who knew the word, best clue). Counted as rounds are revealed and their scores
 * arrive; held in memory with the room (a room rebuilt after a restart counts its current game's rounds again).
 */
export class RoomStandings {
  private readonly bySeat = new Map<PlayerId, PlayerStanding>();
  private readonly countedRounds = new Set<string>();
  private readonly countedGames = new Set<number>();
  private readonly scoredClues = new Set<string>();
  /** The games each seat has played a round of (a player who sat down between rounds joins a game late). */
  private readonly gamesOf = new Map<PlayerId, Set<number>>();

  private seat(state: GameState, id: PlayerId, round: RoundState): PlayerStanding {
    let standing = this.bySeat.get(id);
    const seat = state.seats.find((s) => s.id === id);
    if (!standing) {
      standing = { playerId: id, name: round.names[id] ?? seat?.name ?? id, bot: seat?.kind === "bot", points: 0, gamesPlayed: 0, gamesWon: 0, chameleonRounds: 0, chameleonWins: 0, informedRounds: 0, informedWins: 0, bestClue: null };
      this.bySeat.set(id, standing);
    }
    if (seat) standing.name = seat.name;
    return standing;
  }

  /** A revealed round: its points and who won it. Counted once per round, and a finished game once. */
  countRound(state: GameState, round: RoundState): void {
    const key = `${state.gameNumber}/${round.number}`;
    if (this.countedRounds.has(key)) return;
    this.countedRounds.add(key);
    for (const id of round.order) {
      const standing = this.seat(state, id, round);
      const games = this.gamesOf.get(id) ?? new Set<number>();
      this.gamesOf.set(id, games.add(state.gameNumber));
      standing.gamesPlayed = games.size;
      if (round.aborted || !round.outcome) continue;
      standing.points += round.points?.[id] ?? 0;
      const won = round.outcome.kind === "caught" ? id !== round.chameleonId : id === round.chameleonId;
      if (id === round.chameleonId) {
        standing.chameleonRounds++;
        if (won) standing.chameleonWins++;
      } else {
        standing.informedRounds++;
        if (won) standing.informedWins++;
      }
    }
    if (state.phase === "gameOver" && !this.countedGames.has(state.gameNumber)) {
      this.countedGames.add(state.gameNumber);
      for (const id of state.winners ?? []) this.seat(state, id, round).gamesWon++;
    }
  }

  /** A clue's scores arrived: a clue given knowing the word may be its author's best (the Chameleon's are not compared). */
  countClue(state: GameState, gameNumber: number, scores: RevealedClueScores): void {
    const key = `${gameNumber}/${scores.round}/${scores.clueIndex}`;
    const soft = scores.mean?.softScore;
    if (this.scoredClues.has(key) || scores.byChameleon || typeof soft !== "number") return;
    this.scoredClues.add(key);
    const round = state.gameNumber === gameNumber ? state.rounds[scores.round - 1] : undefined;
    const standing = round ? this.seat(state, scores.playerId, round) : this.bySeat.get(scores.playerId);
    if (!standing) return;
    if (!standing.bestClue || soft > standing.bestClue.score) standing.bestClue = { text: scores.clue, score: soft, game: gameNumber, round: scores.round };
  }

  /** Most points first, then most rounds won; seats that never played a round are left out. */
  list(): PlayerStanding[] {
    return [...this.bySeat.values()]
      .map((s) => ({ ...s, bestClue: s.bestClue && { ...s.bestClue } }))
      .sort((a, b) => b.points - a.points || b.chameleonWins + b.informedWins - (a.chameleonWins + a.informedWins) || a.name.localeCompare(b.name));
  }
}
