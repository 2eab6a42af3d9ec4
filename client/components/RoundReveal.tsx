import type { GameView, RoundView } from "../../shared/game/types";
import { lazy, Suspense, useId } from "react";
import { ScoreBars, ScoreLegend } from "../charts/ScoreBars";
import { clueScoreRows, meanInformedSoftScore } from "../model/scores";
import { nameOf } from "../model/players";
import { VoteTally } from "./VoteTally";
import { WordGrid } from "./WordGrid";
import { Icon } from "./Icon";
import { ClueReasons } from "./ClueReasons";
import { judgeLine } from "../model/judges";
import type { ClueScoreRow } from "../model/scores";

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
          The vote tied;{" "}
          {round.tieBrokenBy === "dealer"
            ? `${nameOf(game, round.dealerId)}, the dealer, chose`
            : round.tieBrokenBy === "fallback"
              ? `${nameOf(game, round.dealerId)}, the dealer, ran out of time, so a bot chose in their place`
              : "time ran out and the accused was drawn at random"}
          .
        </p>
      )}
      <section aria-labelledby={`${uid}-votes`}>
        <h3 id={`${uid}-votes`}>Votes</h3>
        <VoteTally game={game} round={round} />
      </section>
      <section aria-labelledby={`${uid}-scores`}>
        <h3 id={`${uid}-scores`}>How good was each clue?</h3>
        <p className="small judge-line" data-testid="judge-line">
          {judgeLine(evaluators)}
        </p>
        <ScoreLegend />
        {pending && (
          <p className="muted small" role="status">
            Scoring the last clues…
          </p>
        )}
        <ol className="clue-scores" data-testid="clue-scores" aria-label="Each clue's scores, out of 100">
          {rows.map((r) => (
            <li key={r.index} className="clue-score" data-testid="clue-score-row">
              <p className="clue-score-head">
                <span className="clue-score-number" aria-hidden="true">
                  {r.index + 1}
                </span>
                <strong className="clue-score-text">
                  {r.clue}
                </strong>
                <span className="muted small">
                  {nameOf(game, r.playerId)}
                  {r.byChameleon && " · the Chameleon"}
                  {r.fallback && " · auto clue (a bot gave it)"}
                </span>
              </p>
              <ScoreBars row={r} />
              <ClueReasons row={r} secret={round.secret} />
              {r.failures.some((f) => !f.includes("utility unavailable")) && (
                <p className="muted small" style={{ margin: "0.2rem 0 0" }}>
                  The judge could not score part of this clue ({r.failures.filter((f) => !f.includes("utility unavailable")).join("; ")}).
                </p>
              )}
            </li>
          ))}
        </ol>
        {informedSoft !== null && (
          <p className="small" data-testid="table-score">
            The table's clue score (the average of the players who knew the word): <strong>{informedSoft.toFixed(0)}</strong> out of 100
          </p>
        )}
        <ExactTerms rows={rows} evaluators={evaluators} informedSoft={informedSoft} />
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

/** The research terms behind the plain words, one tap away: definitions, each judge's own figures, the table's mean. */
function ExactTerms({ rows, evaluators, informedSoft }: { rows: ClueScoreRow[]; evaluators: string[]; informedSoft: number | null }) {
  return (
    <details className="small exact-terms" data-testid="exact-terms">
      <summary>Exact terms (for researchers)</summary>
      <ul>
        <li>
          <strong>Spotted by a teammate</strong> is the <em>utility</em> U: the ally's probability of picking the clue among it and the
          category's 5 decoys (shown in a seeded order), normalised above chance (1/6) and clipped at 0.
        </li>
        <li>
          <strong>Gave the word away</strong> is the <em>leakage</em> L: the chameleon's probability of the secret given this clue alone,
          normalised above chance (1/number of grid words), clipped at 0. The belief curve is the <em>cumulative leakage</em>.
        </li>
        <li>
          <strong>Clue score</strong> is the <em>SoftScore</em> S = U × (1 − L). The table's clue score is the mean SoftScore of the
          informed players' clues{informedSoft !== null ? ` (${informedSoft.toFixed(1)})` : ""}. The Chameleon's own clue shows U alone as its
          clue score (as a bluff): it did not know the word, so its L means nothing; its S = U × (1 − L) stays in the data and the export.
        </li>
        <li>
          Evaluators: {evaluators.join(", ") || "none"}
          {evaluators.length > 1 ? " (figures are means over evaluators)" : ""}. All figures are ×100.
        </li>
      </ul>
      {rows.some((r) => r.byEvaluator.length > 1) && (
        <ul>
          {rows.map((r) => (
            <li key={r.index}>
              {r.index + 1}. {r.clue}: {r.byEvaluator.map((e) => `${e.evaluator} U ${fmt(e.utility)} · L ${fmt(e.leakage)} · S ${fmt(e.softScore)}`).join("; ")}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
