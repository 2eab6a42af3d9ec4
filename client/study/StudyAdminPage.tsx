import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { StudyResults } from "../../shared/studies/results-types";
import { ResultsTables } from "./ResultsTables";
import { ReviewPanel } from "./ReviewPanel";
import { call, download } from "./study-api";

/** What the status endpoint says (server/studies/study-status.ts), as far as this page reads it. */
interface Status {
  id: string;
  title: string;
  open: boolean;
  createdAt: string;
  tasks: { task: string; items: number; complete: number; answers: number; needed: number }[];
  attentionChecks: { answers: number; failedParticipants: number };
  participants: { joined: number; answered: number; complete: number; finished: number; excluded: number };
  /** The link to share (SNEAK_PUBLIC_URL's origin when the server has one). */
  participantUrl: string;
}

const keyStorage = (id: string) => `sneak.study-key.${id}`;

/** The key arrives in the link's fragment (never sent to the server by the browser), then lives in this tab only. */
function initialKey(studyId: string): string {
  const fromHash = /(?:^#|&)key=([A-Za-z0-9_-]+)/.exec(location.hash)?.[1];
  if (fromHash) {
    sessionStorage.setItem(keyStorage(studyId), `sk-${fromHash.replace(/^sk-/, "")}`);
    history.replaceState(null, "", location.pathname);
  }
  return sessionStorage.getItem(keyStorage(studyId)) ?? "";
}

/** A study's researcher view: progress, the participant link, open/close, Tables 5–7 and the downloads. */
export function StudyAdminPage({ studyId }: { studyId: string }) {
  const [key, setKey] = useState(() => initialKey(studyId));
  const [typed, setTyped] = useState("");
  const [status, setStatus] = useState<Status | null>(null);
  const [results, setResults] = useState<StudyResults | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (!key) return;
    try {
      setStatus(await call<Status>(`/api/studies/${studyId}/admin`, { bearer: key }));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
      if ((e as { status?: number }).status === 401) {
        sessionStorage.removeItem(keyStorage(studyId));
        setKey("");
      }
    }
  }, [key, studyId]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (!key) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      sessionStorage.setItem(keyStorage(studyId), typed.trim());
      setKey(typed.trim());
    };
    return (
      <form className="card stack" onSubmit={submit} aria-labelledby="key-title">
        <h1 id="key-title">Study {studyId}</h1>
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <div>
          <label className="field-label" htmlFor="study-key">
            The study's key
          </label>
          <input id="study-key" type="password" className="study-input" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <p className="small muted">The key printed when the study was created (sk-…). It stays in this tab only.</p>
        </div>
        <button type="submit" disabled={typed.trim() === ""}>
          Open
        </button>
      </form>
    );
  }

  const link = status?.participantUrl ?? `${location.origin}/s/${studyId}`;
  const act = async (what: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await what();
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="admin-title">
        <h1 id="admin-title">{status?.title ?? `Study ${studyId}`}</h1>
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        {message && (
          <p className="notice notice-success" role="status">
            {message}
          </p>
        )}
        <div>
          <label className="field-label" htmlFor="participant-link">
            Participant link
          </label>
          <div className="row">
            <input id="participant-link" className="study-input" readOnly value={link} onFocus={(e) => e.target.select()} />
            <button type="button" onClick={() => void navigator.clipboard?.writeText(link).then(() => setMessage("Link copied."))}>
              Copy
            </button>
          </div>
        </div>
        {status && (
          <>
            <p>
              {status.open ? "Open" : "Closed"} · {status.participants.joined} joined · {status.participants.complete} did every item · {status.participants.finished} finished · {status.participants.excluded} excluded
              {status.attentionChecks.answers > 0 && ` · ${status.attentionChecks.failedParticipants} failed an attention check`}
            </p>
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Progress per task">
              <table>
                <caption>Progress per task</caption>
                <thead>
                  <tr>
                    <th scope="col">Task</th>
                    <th scope="col">Items complete</th>
                    <th scope="col">Answers</th>
                  </tr>
                </thead>
                <tbody>
                  {status.tasks.map((t) => (
                    <tr key={t.task}>
                      <th scope="row">{t.task}</th>
                      <td>
                        {t.complete} of {t.items}
                      </td>
                      <td>
                        {t.answers} of {t.needed}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="row">
              <button type="button" disabled={busy} onClick={() => void refresh()}>
                Refresh
              </button>
              <button type="button" disabled={busy} onClick={() => void act(async () => (await call(`/api/studies/${studyId}/admin/state`, { body: { open: !status.open }, bearer: key }), await refresh()))}>
                {status.open ? "Close the study" : "Open the study again"}
              </button>
            </div>
          </>
        )}
      </section>
      <section className="card stack" aria-labelledby="results-title">
        <h2 id="results-title">Results</h2>
        <div className="row">
          <button type="button" disabled={busy} onClick={() => void act(async () => setResults(await call<StudyResults>(`/api/studies/${studyId}/admin/results`, { bearer: key })))}>
            {results ? "Compute again" : "Compute the tables"}
          </button>
          <button type="button" disabled={busy} onClick={() => void act(async () => setMessage(`Downloaded ${await download(`/api/studies/${studyId}/admin/export`, key)}.`))}>
            Export (JSONL)
          </button>
          <button type="button" disabled={busy} onClick={() => void act(async () => setMessage(`Downloaded ${await download(`/api/studies/${studyId}/admin/export?format=csv`, key)}.`))}>
            CSV
          </button>
          <button type="button" disabled={busy} onClick={() => void act(async () => setMessage(`Downloaded ${await download(`/api/studies/${studyId}/admin/export?table=participants&format=csv`, key)}.`))}>
            Participants (CSV)
          </button>
        </div>
        {busy && <p className="muted">Working… the judges score every message the first time.</p>}
        {results && <ResultsTables results={results} />}
      </section>
      <ReviewPanel studyId={studyId} bearer={key} />
    </div>
  );
}
