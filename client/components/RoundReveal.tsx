import type { GameView, RoundView } from "../../shared/game/types";
import { lazy, Suspense, useId } from "react";
import { ScoreBars, ScoreLegend } from "../charts/ScoreBars";
import { clueScoreRows, meanInformedSoftScore } from "../model/scores";
import { nameOf } from "../model/players";
import { VoteTally } from "./VoteTally";
import { WordGrid } from "./WordGrid";
import { Icon } from "./Icon";

// The charting library is most of the bundle: load it when the first reveal is shown, not on the home page.
const LeakageCurve = lazy(() => import("../charts/LeakageCurve").then((m) => ({ default: m.LeakageCurve })));
const TradeoffScatter = lazy(() => import("../charts/TradeoffScatter").then((m) => ({ default: m.TradeoffScatter })));

const fmt = (v: number | null) => (v === null ? "—" : v.toFixed(0));

/** The outcome in one line, from the viewer's side of the table. */
export function outcomeHeadline(game: GameView, round: RoundView): string {
  const cham = nameOf(game, round.chameleonId);
  const viewerIsChameleon = game.viewerId !== null && game.viewerId === round.chameleonId;
  if (round.aborted) return "The round was stopped";
  switch (round.outcome?.kind) {
    case "escaped":
      return viewerIsChameleon ? "You got away with it!" : `${cham} got away!`;
    case "guessed":
      return viewerIsChameleon ? "Caught, but you guessed the word!" : `${cham} was caught but guessed the word`;
    case "caught":
      return viewerIsChameleon ? "Caught! And the guess was wrong" : `${cham} was caught!`;
    default:
      return "Round over";
  }
}

/** Everything the round hid, now shown: roles, secret, votes, points, and every clue's SNEAK scores. */
export function RoundReveal({ game, round, evaluators }: { game: GameView; round: RoundView; evaluators: string[] }) {
  // Unique per instance: the game-over screen shows every round's reveal.
  const uid = useId();
  const rows = clueScoreRows(round);
  const pending = rows.some((r) => !r.scored);
  const informedSoft = meanInformedSoftScore(rows);
  const pointsLine = Object.entries(round.points ?? {})
    .filter(([, p]) => p > 0)
    .map(([id, p]) => `${nameOf(game, id)} +${p}`)
    .join(", ");

  return (
    <div className="stack">
      <div className="reveal-hero">
        <div className="outcome" data-testid="outcome">
          {outcomeHeadline(game, round)}
        </div>
      </div>
      <dl className="reveal-facts">
        <div className="fact">
          <dt>Chameleon</dt>
          <dd data-testid="reveal-chameleon">
            <Icon name="chameleon" /> {nameOf(game, round.chameleonId)}</dd>
        </div>
        <div className="fact">
          <dt>Secret word</dt>
          <dd data-testid="reveal-secret">
            <Icon name="star" /> {round.secret}</dd>
        </div>
        <div className="fact">
          <dt>Accused</dt>
          <dd>{round.accusedId ? nameOf(game, round.accusedId) : "nobody"}</dd>
        </div>
        {round.guesses.length > 0 && (
          <div className="fact">
            <dt>Chameleon guessed</dt>
            <dd>{round.guesses.join(", ")}</dd>
          </div>
        )}
        <div className="fact">
          <dt>Points</dt>
          <dd>{pointsLine || "none"}</dd>
        </div>
      </dl>
      {round.words && <WordGrid words={round.words} secret={round.secret} crossedOut={round.guesses.filter((g) => g !== round.secret)} label={`Grid of ${round.category}`} />}
      {round.tieBrokenBy && (
        <p className="muted small">
          The vote tied; {round.tieBrokenBy === "dealer" ? `${nameOf(game, round.dealerId)}, the dealer, chose` : "time ran out and the accused was drawn at random"}.
        </p>
      )}
      <section aria-labelledby={`${uid}-votes`}>
        <h3 id={`${uid}-votes`}>Votes</h3>
        <VoteTally game={game} round={round} />
      </section>
      <section aria-labelledby={`${uid}-scores`}>
        <h3 id={`${uid}-scores`}>How good was each clue?</h3>
        <ScoreLegend />
        {evaluators.length > 0 && <p className="muted small">Scored by {evaluators.join(", ")}{evaluators.length > 1 ? " (averaged)" : ""}.</p>}
        {pending && (
          <p className="muted small" role="status">
            Scoring the last clues…
          </p>
        )}
        <div className="table-wrap">
          <table className="data" data-testid="clue-scores">
            <caption className="visually-hidden">SNEAK scores of each clue, out of 100</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Clue</th>
                <th scope="col">Scores (0–100)</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.index} data-testid="clue-score-row">
                  <td>{r.index + 1}</td>
                  <th scope="row" style={{ fontWeight: 500 }}>
                    <strong style={{ fontSize: "1.05rem" }}>{r.clue}</strong>
                    <br />
                    <span className="muted small">
                      {nameOf(game, r.playerId)}
                      {r.byChameleon && " · Chameleon (leakage not meaningful)"}
                      {r.fallback && " · auto clue"}
                    </span>
                    {r.byEvaluator.length > 1 && (
                      <details className="small">
                        <summary>By evaluator</summary>
                        <ul style={{ margin: "0.2rem 0", paddingLeft: "1.1rem" }}>
                          {r.byEvaluator.map((e) => (
                            <li key={e.evaluator}>
                              {e.evaluator}: U {fmt(e.utility)} · L {fmt(e.leakage)} · S {fmt(e.softScore)}
                            </li>
                          ))}
                        </ul>
                      </details>
                    )}
                    {r.failures.length > 0 && (
                      <span className="muted small" style={{ display: "block" }}>
                        {r.failures.join("; ")}
                      </span>
                    )}
                  </th>
                  <td>
                    <ScoreBars row={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {informedSoft !== null && (
          <p className="small">
            Table SoftScore (informed players' mean): <strong>{informedSoft.toFixed(1)}</strong>
          </p>
        )}
      </section>
      <div className="chart-grid">
        <Suspense fallback={<div className="chart-box chart-placeholder">Loading charts…</div>}>
          <LeakageCurve rows={rows} />
          <TradeoffScatter rows={rows} nameOf={(id) => nameOf(game, id)} />
        </Suspense>
      </div>
    </div>
  );
}
