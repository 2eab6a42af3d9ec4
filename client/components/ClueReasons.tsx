import type { ClueScoreRow } from "../model/scores";
import { judgeName } from "../model/judges";

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
const percent = (p: number) => `${Math.round(p)}%`;

/** The ally's side: the words a teammate who knew the secret chose among, and which one won. */
function AllyReason({ options, clue }: { options: { message: string; percent: number }[]; clue: string }) {
  const best = options[0].percent;
  const clueWon = options.some((o) => o.message === clue && o.percent >= best - 0.05);
  const winner = options[0];
  return (
    <div className="reason">
      <p className="reason-line">
        {clueWon ? (
          <>A teammate who knew the word would pick this clue out of these {options.length}:</>
        ) : (
          <>
            A teammate who knew the word would pick <strong>“{winner.message}”</strong> rather than this clue:
          </>
        )}
      </p>
      <ul className="choice-list" aria-label="What the teammate chose among, likeliest first">
        {options.map((o) => (
          <li key={o.message} className={`choice${o.message === clue ? " is-clue" : ""}${o === winner ? " is-top" : ""}`}>
            <span className="choice-word">{o.message === clue ? `“${o.message}” (the clue)` : `“${o.message}”`}</span> <span className="choice-pct">{percent(o.percent)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The chameleon's side: what it would guess from this clue alone, and where the secret stood. */
function ChameleonReason({ guesses, secret, leakage }: { guesses: NonNullable<ClueScoreRow["byEvaluator"][number]["guesses"]>; secret: string | null; leakage: number | null }) {
  const tops = guesses.top.map((g) => `${g.word} ${percent(g.percent)}`).join(", ");
  let verdict: string;
  if (leakage !== null && leakage < 1) verdict = "It could not tell: the secret was no likelier than a blind guess.";
  else if (guesses.secretRank === 1) verdict = `The secret${secret ? `, “${secret}”,` : ""} was its top guess: this clue gave it away.`;
  else verdict = `The secret${secret ? `, “${secret}”,` : ""} was its ${ordinal(guesses.secretRank)} guess of ${guesses.wordCount}.`;
  return (
    <p className="reason reason-line">
      The Chameleon, reading only this clue, would guess <strong>{tops}</strong>. {verdict}
    </p>
  );
}

/** In plain words, what the judge weighed for one clue (each judge's own when several score the table). */
export function ClueReasons({ row, secret }: { row: ClueScoreRow; secret: string | null }) {
  if (!row.scored) return null;
  const judged = row.byEvaluator.filter((e) => e.allyOptions || e.guesses);
  const several = row.byEvaluator.length > 1;
  return (
    <div className="clue-reasons" data-testid="clue-reasons">
      {!row.utilityAvailable && <p className="reason reason-line muted">A custom card has no other words to compare a clue with, so no one can say whether a teammate would spot it.</p>}
      {row.byChameleon && <p className="reason reason-line muted">The Chameleon's own clue: it did not know the word, so it gave nothing away. It scores on whether teammates would take it for one of theirs.</p>}
      {judged.map((e) => (
        <div key={e.evaluator} className="reason-judge">
          {several && <p className="reason-line small muted">According to {judgeName(e.evaluator)}:</p>}
          {e.allyOptions && e.allyOptions.length > 0 && <AllyReason options={e.allyOptions} clue={row.clue} />}
          {e.guesses && !row.byChameleon && <ChameleonReason guesses={e.guesses} secret={secret} leakage={e.leakage} />}
        </div>
      ))}
    </div>
  );
}
