import type { Estimate, StudyResults } from "../../shared/studies/results-types";

/** A study's Tables 5–7, each beside the paper's figures, as the CLI prints them. */

function Pct({ e }: { e: Estimate }) {
  if (e.mean === null) return <span aria-label="no data">–</span>;
  return (
    <>
      <span className="est-mean">{(100 * e.mean).toFixed(1)}</span>
      {e.low !== null && <span className="est-ci"> [{(100 * e.low).toFixed(1)}, {(100 * e.high!).toFixed(1)}]</span>}
    </>
  );
}

function Raw({ e }: { e: Estimate }) {
  if (e.mean === null) return <span aria-label="no data">–</span>;
  return (
    <>
      <span className="est-mean">{e.mean.toFixed(2)}</span>
      {e.low !== null && <span className="est-ci"> [{e.low.toFixed(2)}, {e.high!.toFixed(2)}]</span>}
    </>
  );
}

export function ResultsTables({ results }: { results: StudyResults }) {
  const g = results.generation;
  const p = results.paper;
  return (
    <div className="stack">
      <p className="small muted">
        Judges: {results.evaluators.join(", ") || "none"}. Figures out of 100 with 95% bootstrap intervals over items; κ and r as they are.
        {results.participants.withChecks > 0 && ` Attention checks: ${results.participants.failedChecks} of ${results.participants.withChecks} participants failed one.`}
        {` Too fast (median under ${results.participants.minSecondsPerItem} s an item): ${results.participants.tooFast}. Excluded from every table: ${results.participants.excluded}.`}
        {" Free-marginal κ: chance is 1/k for an item of k options, as the paper's κ."}
      </p>
      {g && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Table 5">
          <table>
            <caption>Table 5: people's messages scored by the judges ({g.messages} messages, {g.instances} instances)</caption>
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Utility</th>
                <th scope="col">Leakage</th>
                <th scope="col">SoftScore</th>
                <th scope="col">BinaryScore</th>
              </tr>
            </thead>
            <tbody>
              {(["best", "mean"] as const).map((k) => (
                <tr key={k}>
                  <th scope="row">{k === "best" ? "Best message of each instance" : "Mean of each instance's messages"}</th>
                  <td><Pct e={g[k].utility} /></td>
                  <td><Pct e={g[k].leakage} /></td>
                  <td><Pct e={g[k].softScore} /></td>
                  <td><Pct e={g[k].binaryScore} /></td>
                </tr>
              ))}
              <tr className="paper-row">
                <th scope="row">Paper (best of three)</th>
                <td>{p.table5.utility}</td>
                <td>{p.table5.leakage}</td>
                <td>{p.table5.softScore}</td>
                <td>{p.table5.binaryScore}</td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
      {results.evaluation.length > 0 && (
        <>
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Table 6">
            <table>
              <caption>Table 6: people as ally and chameleon</caption>
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">Items (complete)</th>
                  <th scope="col">Worker accuracy</th>
                  <th scope="col">Plurality accuracy</th>
                  <th scope="col">Chance</th>
                  <th scope="col">Free-marginal κ (Randolph)</th>
                  <th scope="col">Paper</th>
                  <th scope="col">Fleiss' κ (options by identity)</th>
                </tr>
              </thead>
              <tbody>
                {results.evaluation.map((e) => (
                  <tr key={e.task}>
                    <th scope="row">{e.task}</th>
                    <td>
                      {e.items} ({e.complete})
                    </td>
                    <td><Pct e={e.workerAccuracy} /></td>
                    <td><Pct e={e.pluralityAccuracy} /></td>
                    <td>{e.chance === null ? "–" : (100 * e.chance).toFixed(1)}</td>
                    <td><Raw e={e.freeKappa} /></td>
                    <td className="paper-cell">
                      {p.table6[e.task].workerAccuracy} · {p.table6[e.task].pluralityAccuracy} · {p.table6[e.task].chance} · κ {p.table6[e.task].kappa}
                    </td>
                    <td><Raw e={e.fleissKappa} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Table 7">
            <table>
              <caption>Table 7: people and the judges</caption>
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">Items judged</th>
                  <th scope="col">Top-1 agreement</th>
                  <th scope="col">Strict-majority agreement</th>
                  <th scope="col">Pearson r</th>
                  <th scope="col">Paper</th>
                </tr>
              </thead>
              <tbody>
                {results.evaluation.map((e) => (
                  <tr key={e.task}>
                    <th scope="row">{e.task}</th>
                    <td>{e.agreement.items}</td>
                    <td><Pct e={e.agreement.top1} /></td>
                    <td>
                      <Pct e={e.agreement.strictMajority} /> <span className="small muted">n={e.agreement.strictMajority.n}</span>
                    </td>
                    <td><Raw e={e.agreement.r} /></td>
                    <td className="paper-cell">
                      {p.table7[e.task].top1} · {p.table7[e.task].strictMajority} · r {p.table7[e.task].r}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
