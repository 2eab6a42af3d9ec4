import { useEffect, useRef, useState } from "react";
import type { GameView, RoundView } from "../../shared/game/types";
import { viewerMustAct } from "../model/turn";
import { Countdown } from "./Countdown";

/**
 * The top of every round screen: which round, which phase, and the server's countdown. When the table waits on
 * the viewer's vote, readiness or tie-break and the header has scrolled out of sight, the time left follows
 * them in a small pill at the top of the screen.
 */
export function RoundHeader({ game, round, title, timerLabel }: { game: GameView; round: RoundView; title: string; timerLabel: string }) {
  const headerRef = useRef<HTMLDivElement>(null);
  const [outOfSight, setOutOfSight] = useState(false);
  // Where the viewer acts on the grid (a clue, the guess), the time left sits in the clue box or beside the guess
  // button instead: a pill floating over the screen would cover a grid word on a phone.
  const mustAct = viewerMustAct(game, round) && game.deadline !== null && game.phase !== "clues" && game.phase !== "guess";

  useEffect(() => {
    const el = headerRef.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setOutOfSight(!entry.isIntersecting), { threshold: 0.5 });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

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
      <div ref={headerRef}>
        <Countdown deadline={game.deadline} label={timerLabel} />
      </div>
      {mustAct && outOfSight && (
        <div className="countdown-float" data-testid="countdown-float">
          <Countdown deadline={game.deadline} label={`${timerLabel}, your move`} />
        </div>
      )}
    </div>
  );
}
