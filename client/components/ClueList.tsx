import type { GameView, RoundView } from "../../shared/game/types";
import { nameOf } from "../model/players";
import { Avatar } from "./Avatar";

/** The clues so far, in the order given; announced politely as they arrive. */
export function ClueList({ game, round }: { game: GameView; round: RoundView }) {
  return (
    <section aria-labelledby="clues-heading">
      <h3 id="clues-heading">Clues</h3>
      {round.clues.length === 0 ? (
        <p className="muted">No clues yet.</p>
      ) : (
        <ol className="clue-list" aria-live="polite" data-testid="clue-list">
          {round.clues.map((c, i) => (
            <li key={`${c.playerId}-${i}`} className="clue-item" data-testid="clue-item">
              <Avatar id={c.playerId} name={nameOf(game, c.playerId)} />
              <span className="clue-body">
                <span className="clue-author">{nameOf(game, c.playerId)}</span>
                <span className="clue-text">{c.text}</span>
              </span>
              {c.fallback && (
                <span className="clue-flag" title="The turn timed out or the player was away: the fallback bot gave this clue">
                  (auto clue)
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
