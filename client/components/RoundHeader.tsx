import { useEffect, useRef, useState } from "react";
import type { GameView, RoundView } from "../../shared/game/types";
import { viewerMustAct } from "../model/turn";
import { Countdown } from "./Countdown";

/**
 * The top of every round screen: which round, which phase, and the server's countdown. When the table waits on
 * the viewer and the header has scrolled out of sight, the time left follows them in a small pill at the top of
 * the screen. Where the viewer acts on the grid (a clue, the guess) the time left also sits in the clue box or
 * beside the guess button, and the pill shows only when neither that nor the grid is in sight: a pill over the
 * grid would cover a word on a phone.
 */
export function RoundHeader({ game, round, title, timerLabel }: { game: GameView; round: RoundView; title: string; timerLabel: string }) {
  const headerRef = useRef<HTMLDivElement>(null);
  const [outOfSight, setOutOfSight] = useState(false);
  const mustAct = viewerMustAct(game, round) && game.deadline !== null;
  const actsOnGrid = mustAct && (game.phase === "clues" || game.phase === "guess");
  const gridActionInSight = useInSight(actsOnGrid ? GRID_ACTION_SELECTORS : null);

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
      {mustAct && outOfSight && !(actsOnGrid && gridActionInSight) && (
        <div className="countdown-float" data-testid="countdown-float">
          <Countdown deadline={game.deadline} label={`${timerLabel}, your move`} />
        </div>
      )}
    </div>
  );
}

/** The grid, and where the time left shows beside the viewer's move on it (the clue box, the guess button's row). */
const GRID_ACTION_SELECTORS = ["[data-testid=word-grid]", "[data-inline-timer]"];

/** Whether any element matching the selectors is at least partly on screen (true until first measured). */
function useInSight(selectors: readonly string[] | null): boolean {
  const [seen, setSeen] = useState<ReadonlySet<Element>>(new Set());
  const [measured, setMeasured] = useState(false);
  useEffect(() => {
    if (!selectors || typeof IntersectionObserver === "undefined") return;
    const targets = selectors.flatMap((selector) => [...document.querySelectorAll(selector)]);
    const observer = new IntersectionObserver((entries) => {
      setSeen((before) => {
        const next = new Set(before);
        for (const entry of entries) entry.isIntersecting ? next.add(entry.target) : next.delete(entry.target);
        return next;
      });
      setMeasured(true);
    });
    for (const target of targets) observer.observe(target);
    return () => observer.disconnect();
  }, [selectors]);
  return !measured || seen.size > 0;
}
