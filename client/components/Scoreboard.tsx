import type { GameView, RoundView } from "../../shared/game/types";
import { Avatar } from "./Avatar";
import { Icon } from "./Icon";

/** Game points, highest first, with what this round added. */
export function Scoreboard({ game, round }: { game: GameView; round: RoundView | null }) {
  const seats = [...game.seats].filter((s) => !s.left || s.points > 0).sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
  const target = game.settings.targetScore;
  return (
    <section aria-labelledby="scoreboard-heading">
      <h3 id="scoreboard-heading">Scoreboard · first to {target}</h3>
      <ol className="player-list" data-testid="scoreboard">
        {seats.map((s) => {
          const gained = round?.points?.[s.id] ?? 0;
          return (
            <li key={s.id}>
              <Avatar id={s.id} name={s.name} />
              <span className="player-main">
              <span className="player-name">
                  {s.name}
                  {game.winners?.includes(s.id) && <span>
                      {" "}
                      <Icon name="trophy" />
                      <span className="visually-hidden">(winner)</span>
                    </span>}
                </span>
              </span>
              {gained > 0 && <span className="badge badge-human">+{gained}</span>}
              <span className="points" aria-label={`${s.points} points`}>
                {s.points}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
