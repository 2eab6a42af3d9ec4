import type { GameView, RoundView } from "../../shared/game/types";
import { Countdown } from "./Countdown";

/** The top of every round screen: which round, which phase, and the server's countdown. */
export function RoundHeader({ game, round, title, timerLabel }: { game: GameView; round: RoundView; title: string; timerLabel: string }) {
  return (
    <div className="phase-header">
      <div>
        <span className="phase-chip">
          Round {round.number} · first to {game.settings.targetScore}
        </span>
        <h1 className="phase-title" data-testid="phase-title">
          {title}
        </h1>
      </div>
      <Countdown deadline={game.deadline} label={timerLabel} />
    </div>
  );
}
