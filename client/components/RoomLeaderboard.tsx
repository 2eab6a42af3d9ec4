import type { PlayerStanding } from "../../shared/protocol";
import { Avatar } from "./Avatar";
import { wholeOutOf100 } from "../model/scores";

/** "3 of 4", or "–" when the seat never played that side. */
const ofRounds = (won: number, played: number) => (played === 0 ? "–" : `${won} of ${played}`);

/**
 * The room's leaderboard, for the players: every seat, bots included, across this room's games: points, games
 * won, rounds won as the Chameleon and knowing the word, and the best clue. A list, not a table, so that a
 * phone never scrolls sideways.
 */
export function RoomLeaderboard({ standings, you }: { standings: PlayerStanding[]; you: string | null }) {
  if (standings.length === 0) return <p className="muted small">The leaderboard fills in as rounds are revealed.</p>;
  const games = Math.max(...standings.map((s) => s.gamesPlayed));
  return (
    <ol className="room-leaderboard" data-testid="room-leaderboard" aria-label={`Leaderboard of this room over ${games} ${games === 1 ? "game" : "games"}`}>
      {standings.map((s, i) => (
        <li key={s.playerId} className="standing" data-testid="standing" data-player-id={s.playerId}>
          <span className="standing-rank" aria-label={`Rank ${i + 1}`}>
            {i + 1}
          </span>
          <Avatar id={s.playerId} name={s.name} />
          <div className="standing-main">
            <span className="player-name">
              {s.name}
              {s.playerId === you && <span className="badge badge-you">You</span>}
              {s.bot && <span className="badge badge-bot">Bot</span>}
            </span>
            <dl className="standing-stats">
              <div>
                <dt>Games won</dt>
                <dd>{ofRounds(s.gamesWon, s.gamesPlayed)}</dd>
              </div>
              <div>
                <dt>Won as the Chameleon</dt>
                <dd>{ofRounds(s.chameleonWins, s.chameleonRounds)}</dd>
              </div>
              <div>
                <dt>Won knowing the word</dt>
                <dd>{ofRounds(s.informedWins, s.informedRounds)}</dd>
              </div>
              <div className="standing-best">
                <dt>Best clue</dt>
                <dd>{s.bestClue ? <>“{s.bestClue.text}” <span className="muted">({wholeOutOf100(s.bestClue.score)})</span></> : "–"}</dd>
              </div>
            </dl>
          </div>
          <span className="points" aria-label={`${s.points} points`}>
            {s.points}
          </span>
        </li>
      ))}
    </ol>
  );
}
