import { useCallback, useEffect, useState } from "react";
import type { ReviewEntry } from "../../shared/studies/protocol";
import { call } from "./study-api";

/**
 * The study's own messages (a study whose ally and chameleon items judge its generation answers), as the
 * researcher reviews them: each passed or failed the offensive-word filter; with manual review, each clean
 * one waits here for a decision before anyone is shown it. A decision is final.
 */
export function ReviewPanel({ studyId, bearer }: { studyId: string; bearer: string }) {
  const [review, setReview] = useState<{ review: string; entries: ReviewEntry[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setReview(await call(`/api/studies/${studyId}/admin/review`, { bearer }));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [studyId, bearer]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!review || review.entries.length === 0) return null;
  const decide = async (answer: number, decision: "approved" | "rejected") => {
    try {
      await call(`/api/studies/${studyId}/admin/review`, { body: { answer, decision }, bearer });
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
    await load();
  };
  const pending = review.entries.filter((e) => e.decision === null).length;
  return (
    <section className="card stack" aria-labelledby="review-title">
      <h2 id="review-title">Messages written in this study</h2>
      <p className="small muted">
        {review.review === "manual" ? `${pending} waiting for your decision before others judge them.` : "Checked by the offensive-word filter only."}
      </p>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="table-wrap" tabIndex={0} role="region" aria-label="The messages and their review">
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Category / secret</th>
              <th scope="col">Message</th>
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>
            {review.entries.map((e) => (
              <tr key={e.answerId}>
                <td>{e.answerId}</td>
                <td>
                  {e.category} / {e.secret}
                </td>
                <td>{e.message}</td>
                <td>
                  {e.decision === null ? (
                    <span className="row">
                      <button type="button" onClick={() => void decide(e.answerId, "approved")}>
                        Approve
                      </button>
                      <button type="button" onClick={() => void decide(e.answerId, "rejected")}>
                        Reject
                      </button>
                    </span>
                  ) : (
                    `${e.decision} (${e.reason})`
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
