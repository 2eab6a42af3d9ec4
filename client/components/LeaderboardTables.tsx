import { lazy, Suspense } from "react";
import { TASK_NAMES, estimateLabel, fractionText, generatorName, intervalText, meanText, tradeoffPoints, type Estimate, type Leaderboard } from "../model/leaderboard";

// recharts is most of the bundle: loaded when a board with data is shown, as the reveal's charts are.
const GeneratorTradeoff = lazy(() => import("../charts/GeneratorTradeoff").then((m) => ({ default: m.GeneratorTradeoff })));

/** A mean out of 100 over its 95% interval; "–" when there is no data. The label reads it in words. */
function EstimateCell({ e, label, showN = false }: { e: Estimate; label: string; showN?: boolean }) {
  const interval = intervalText(e);
  return (
    <td role="cell" className="num est" aria-label={estimateLabel(e)} data-label={label} data-testid="estimate">
      <span className="est-mean">{meanText(e)}</span>
      {interval && <span className="est-ci">{interval}</span>}
      {showN && e.n > 0 && <span className="est-ci">n = {e.n}</span>}
    </td>
  );
}

/**
 * The three humans-versus-models tables (laid out like the paper's Tables 5–7) and the utility–leakage chart,
 * each under a plain question and a one-line answer of what it shows; the exact definitions are in the
 * column headers' tooltips.
 */
export function LeaderboardTables({ board }: { board: Leaderboard }) {
  const points = tradeoffPoints(board);
  return (
    <div className="stack">
      <section className="card" aria-labelledby="lb-clues">
        <h2 id="lb-clues">Who gives the best clues?</h2>
        <p className="muted small" data-testid="lb-explain">
          A good clue lets the others see you know the word while telling the Chameleon nothing: out of 100, the average, and under it the likely range.
        </p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Clue scores by generator">
          <table role="table" className="data leaderboard" data-testid="lb-generators">
            <caption className="visually-hidden">Mean scores of each generator's clues, out of 100, with 95% intervals</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">Who</th>
                <th role="columnheader" scope="col" className="num">Clues</th>
                <th role="columnheader" scope="col" className="num"><abbr title="Utility: an ally picks the secret from the clue, among decoys">Utility ↑</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="Leakage: the Chameleon finds the secret from the clue">Leakage ↓</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="SoftScore = utility × (1 − leakage)">SoftScore ↑</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="BinaryScore: 1 when the ally's top pick is the clue and the Chameleon's top pick is not the secret">BinaryScore ↑</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="Clues the lexical bot wrote for a timed-out or absent player, or for an LLM bot whose answer was unusable">Auto clues</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="Utility of the clues written as the Chameleon: how well the bluff passed for a clue from someone who knew the word">As Chameleon: passed for informed ↑</abbr></th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {board.generators.map((g) => (
                <tr role="row" key={g.generator} data-testid="lb-generator-row" data-generator={g.generator}>
                  <th role="rowheader" scope="row">
                    {generatorName(g.generator)}
                    <span className="est-ci">{g.generator}</span>
                  </th>
                  <td role="cell" className="num" data-label="Clues">
                    {g.clues}
                  </td>
                  <EstimateCell e={g.utility} label="Utility ↑" />
                  <EstimateCell e={g.leakage} label="Leakage ↓" />
                  <EstimateCell e={g.softScore} label="SoftScore ↑" />
                  <EstimateCell e={g.binaryScore} label="BinaryScore ↑" />
                  <td role="cell" className="num" data-label="Auto clues">
                    {g.fallbacks}
                  </td>
                  <EstimateCell e={g.bluffUtility} label="As Chameleon: passed for informed ↑" showN />
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
        <h2 id="lb-judgments">Who spots the Chameleon, and who finds the secret?</h2>
        <p className="muted small" data-testid="lb-explain">
          How often people at the table got it right (each vote, and the table's most-voted pick), next to a blind guess and the computer judges, in %.
        </p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Judgment accuracy">
          <table role="table" className="data leaderboard" data-testid="lb-judgments">
            <caption className="visually-hidden">Accuracy of human judgments and of the evaluators on the same items, in percent, with 95% intervals</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">Task</th>
                <th role="columnheader" scope="col" className="num"><abbr title="Each informed human's vote on its own (a caught human Chameleon's first guess)">Each person</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="The seat most humans voted for in a round; a tie does not count as right">Table's top pick</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="What picking at random would score">Blind guess</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="The server's evaluators on the same rounds: their suspect is the clue an ally would least recognize; their guess is the word the informed clues point to most">Computer judges</abbr></th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {board.judgments.map((j) => (
                <tr role="row" key={j.task} data-testid="lb-judgment-row">
                  <th role="rowheader" scope="row">{TASK_NAMES[j.task]}</th>
                  <EstimateCell e={j.worker} label="Each person" showN />
                  <EstimateCell e={j.plurality} label="Table's top pick" showN />
                  <td role="cell" className="num" data-label="Blind guess">
                    {fractionText(j.chance)}
                  </td>
                  <EstimateCell e={j.evaluators} label="Computer judges" showN />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="lb-agreement">
        <h2 id="lb-agreement">Do people and the computer judges suspect the same?</h2>
        <p className="muted small" data-testid="lb-explain">
          How often the table's top pick was also the computer judges' top pick, in %; the last column runs from −1 (opposite) to 1 (in step).
        </p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Agreement between humans and evaluators">
          <table role="table" className="data leaderboard" data-testid="lb-agreement">
            <caption className="visually-hidden">Agreement between human judgments and the evaluators' predictions</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">Task</th>
                <th role="columnheader" scope="col" className="num"><abbr title="The humans' most-voted choice is the judges' top choice">Same top pick</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="The same, on rounds where one choice had more than half of the human votes">Same, when most agreed</abbr></th>
                <th role="columnheader" scope="col" className="num"><abbr title="Pearson r between each seat's share of the human votes and its share of the judges' suspicion, over (round, seat) pairs">Votes in step (r)</abbr></th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {board.agreement.map((a) => (
                <tr role="row" key={a.task} data-testid="lb-agreement-row">
                  <th role="rowheader" scope="row">{TASK_NAMES[a.task]}</th>
                  <EstimateCell e={a.top1} label="Same top pick" showN />
                  <EstimateCell e={a.strictMajority} label="Same, when most agreed" showN />
                  <td role="cell" className="num" data-label="Votes in step (r)" aria-label={a.correlation.r === null ? "no data" : `r = ${a.correlation.r.toFixed(2)}, n = ${a.correlation.n}`}>
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
