import { lazy, Suspense } from "react";
import { TASK_NAMES, estimateLabel, fractionText, generatorName, intervalText, meanText, tradeoffPoints, type Estimate, type Leaderboard } from "../model/leaderboard";

// recharts is most of the bundle: loaded when a board with data is shown, as the reveal's charts are.
const GeneratorTradeoff = lazy(() => import("../charts/GeneratorTradeoff").then((m) => ({ default: m.GeneratorTradeoff })));

/** A mean out of 100 over its 95% interval; "–" when there is no data. The label reads it in words. */
function EstimateCell({ e, showN = false }: { e: Estimate; showN?: boolean }) {
  const interval = intervalText(e);
  return (
    <td className="num est" aria-label={estimateLabel(e)} data-testid="estimate">
      <span className="est-mean">{meanText(e)}</span>
      {interval && <span className="est-ci">{interval}</span>}
      {showN && e.n > 0 && <span className="est-ci">n = {e.n}</span>}
    </td>
  );
}

/** The three humans-versus-models tables (cf. the paper's Tables 5–7) and the utility–leakage chart. */
export function LeaderboardTables({ board }: { board: Leaderboard }) {
  const points = tradeoffPoints(board);
  return (
    <div className="stack">
      <section className="card" aria-labelledby="lb-clues">
        <h2 id="lb-clues">Clues: who gives the best ones?</h2>
        <p className="muted small">
          Clues given as an informed player, each scored by the server's evaluators (averaged when there are several). Figures are out of 100: the
          mean, and under it the 95% interval.
        </p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Clue scores by generator (scrolls sideways)">
          <table className="data leaderboard" data-testid="lb-generators">
            <caption className="visually-hidden">Mean scores of each generator's clues, out of 100, with 95% intervals</caption>
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col" className="num">Clues</th>
                <th scope="col" className="num"><abbr title="Utility: an ally picks the secret from the clue, among decoys">Utility ↑</abbr></th>
                <th scope="col" className="num"><abbr title="Leakage: the Chameleon finds the secret from the clue">Leakage ↓</abbr></th>
                <th scope="col" className="num"><abbr title="SoftScore = utility × (1 − leakage)">SoftScore ↑</abbr></th>
                <th scope="col" className="num"><abbr title="BinaryScore: 1 when the ally's top pick is the secret and the Chameleon's is not">BinaryScore ↑</abbr></th>
                <th scope="col" className="num"><abbr title="Clues the lexical bot wrote for a timed-out or absent player, or for an LLM bot whose answer was unusable">Fallbacks</abbr></th>
                <th scope="col" className="num"><abbr title="Utility of the clues written as the Chameleon: how well the bluff passed as informed">Bluff utility</abbr></th>
              </tr>
            </thead>
            <tbody>
              {board.generators.map((g) => (
                <tr key={g.generator} data-testid="lb-generator-row" data-generator={g.generator}>
                  <th scope="row">
                    {generatorName(g.generator)}
                    <span className="est-ci">{g.generator}</span>
                  </th>
                  <td className="num">{g.clues}</td>
                  <EstimateCell e={g.utility} />
                  <EstimateCell e={g.leakage} />
                  <EstimateCell e={g.softScore} />
                  <EstimateCell e={g.binaryScore} />
                  <td className="num">{g.fallbacks}</td>
                  <EstimateCell e={g.bluffUtility} showN />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {points.length > 0 && (
        <div>
          <Suspense fallback={<div className="chart-box chart-placeholder">Loading the chart…</div>}>
            <GeneratorTradeoff points={points} />
          </Suspense>
        </div>
      )}

      <section className="card" aria-labelledby="lb-judgments">
        <h2 id="lb-judgments">Judgments: humans in play vs the evaluators</h2>
        <p className="muted small">
          Accuracy in % (cf. the paper's Table 6). <em>Vote</em>: informed humans' votes naming the Chameleon, each vote on its own, then each round's
          plurality (a tie is not a success). <em>Chameleon's guess</em>: a caught human Chameleon's first guess. The evaluators answer the same items:
          their suspect is the clue an ally would least recognize; their guess is the word the clues point to most.
        </p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Judgment accuracy (scrolls sideways)">
          <table className="data leaderboard" data-testid="lb-judgments">
            <caption className="visually-hidden">Accuracy of human judgments and of the evaluators on the same items, in percent, with 95% intervals</caption>
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col" className="num">Humans, each</th>
                <th scope="col" className="num">Humans, plurality</th>
                <th scope="col" className="num">Chance</th>
                <th scope="col" className="num">Evaluators</th>
              </tr>
            </thead>
            <tbody>
              {board.judgments.map((j) => (
                <tr key={j.task} data-testid="lb-judgment-row">
                  <th scope="row">{TASK_NAMES[j.task]}</th>
                  <EstimateCell e={j.worker} showN />
                  <EstimateCell e={j.plurality} showN />
                  <td className="num">{fractionText(j.chance)}</td>
                  <EstimateCell e={j.evaluators} showN />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="lb-agreement">
        <h2 id="lb-agreement">Agreement: do humans and evaluators pick the same?</h2>
        <p className="muted small">
          In % (cf. the paper's Table 7). <em>Top-1</em>: the humans' plurality choice is the evaluators' top choice. <em>Strict majority</em>: the same,
          on rounds where one choice had more than half of the human votes. <em>r</em>: correlation between each seat's share of the human votes and its
          share of the evaluators' suspicion, over (round, seat) pairs.
        </p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Agreement between humans and evaluators (scrolls sideways)">
          <table className="data leaderboard" data-testid="lb-agreement">
            <caption className="visually-hidden">Agreement between human judgments and the evaluators' predictions</caption>
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col" className="num">Top-1</th>
                <th scope="col" className="num">Strict majority</th>
                <th scope="col" className="num">r</th>
              </tr>
            </thead>
            <tbody>
              {board.agreement.map((a) => (
                <tr key={a.task} data-testid="lb-agreement-row">
                  <th scope="row">{TASK_NAMES[a.task]}</th>
                  <EstimateCell e={a.top1} showN />
                  <EstimateCell e={a.strictMajority} showN />
                  <td className="num" aria-label={a.correlation.r === null ? "no data" : `r = ${a.correlation.r.toFixed(2)}, n = ${a.correlation.n}`}>
                    <span className="est-mean">{a.correlation.r === null ? "–" : a.correlation.r.toFixed(2)}</span>
                    {a.correlation.n > 0 && <span className="est-ci">n = {a.correlation.n}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
