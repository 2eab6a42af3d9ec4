import { useState, type FormEvent } from "react";
import { DEFAULT_CONSENT, DEFAULT_ITEMS_PER_PARTICIPANT, DEFAULT_QUOTAS, type StudySpecInput } from "../../shared/studies/spec";
import { STUDY_TASKS, TASK_LABELS, type StudyTask } from "../../shared/studies/protocol";
import { call } from "./study-api";

interface Created {
  id: string;
  key: string;
  participantPath: string;
  /** The link to share: SNEAK_PUBLIC_URL's origin when the server has one. */
  participantUrl: string;
  adminPath: string;
  items: number;
  notes: string[];
}

function jsonLines(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .map((line, i) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new Error(`line ${i + 1} of the messages file is not JSON`);
      }
    });
}

/** Creating a study from the page, with the server's research key (SNEAK_RESEARCH_KEY). */
export function CreateStudyPage() {
  const [researchKey, setResearchKey] = useState("");
  const [title, setTitle] = useState("");
  const [consent, setConsent] = useState(DEFAULT_CONSENT);
  const [tasks, setTasks] = useState<StudyTask[]>([...STUDY_TASKS]);
  const [source, setSource] = useState<"generation" | "file" | "none">("generation");
  const [file, setFile] = useState<File | null>(null);
  const [numbers, setNumbers] = useState({ seed: 0, categories: 0, items: DEFAULT_ITEMS_PER_PARTICIPANT, checks: 1, minSeconds: 2, ...DEFAULT_QUOTAS });
  const [completion, setCompletion] = useState({ code: "", url: "" });
  const [review, setReview] = useState<"filter" | "manual">("filter");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const messages: StudySpecInput["messages"] = source === "file" ? { kind: "file", name: file?.name ?? "messages.jsonl", lines: jsonLines(file ? await file.text() : "") } : { kind: source };
      const spec: StudySpecInput = {
        title,
        consent,
        tasks,
        seed: numbers.seed,
        ...(numbers.categories > 0 ? { categories: numbers.categories } : {}),
        quotas: { generation: numbers.generation, ally: numbers.ally, chameleon: numbers.chameleon },
        itemsPerParticipant: numbers.items,
        attentionChecks: tasks.some((t) => t !== "generation") ? numbers.checks : 0,
        minSecondsPerItem: numbers.minSeconds,
        ...(completion.code.trim() ? { completionCode: completion.code.trim() } : {}),
        ...(completion.url.trim() ? { completionUrl: completion.url.trim() } : {}),
        review,
        messages,
      };
      setCreated(await call<Created>("/api/studies", { body: spec, bearer: researchKey.trim() }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <section className="card stack" aria-labelledby="created-title">
        <h1 id="created-title" tabIndex={-1} ref={(el) => el?.focus()}>
          Study {created.id} is open
        </h1>
        <p>
          {created.items} items. Participants: <a href={created.participantUrl}>{created.participantUrl}</a> (on Prolific, add <code>?PROLIFIC_PID={"{{%PROLIFIC_PID%}}"}</code>)
        </p>
        <p>
          The study's key, shown only now: <code className="participant-code">{created.key}</code>. It opens the results and the export:{" "}
          <a href={`${created.adminPath}#key=${created.key}`}>the study's results page</a>.
        </p>
        {created.notes.map((n) => (
          <p key={n} className="small muted">
            {n}
          </p>
        ))}
      </section>
    );
  }
  const number = (name: keyof typeof numbers, label: string, min: number) => (
    <div>
      <label className="field-label" htmlFor={`n-${name}`}>
        {label}
      </label>
      <input id={`n-${name}`} className="study-input" type="number" min={min} value={numbers[name]} onChange={(e) => setNumbers({ ...numbers, [name]: Number(e.target.value) })} />
    </div>
  );
  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby="create-title">
      <h1 id="create-title">A new study</h1>
      <p className="muted">The paper's human studies (Appendix B): one instance per category, drawn with the seed, 3 people per generation item and 5 per evaluation item by default.</p>
      <div>
        <label className="field-label" htmlFor="research-key">
          Research key
        </label>
        <input id="research-key" className="study-input" type="password" autoComplete="off" value={researchKey} onChange={(e) => setResearchKey(e.target.value)} required />
      </div>
      <div>
        <label className="field-label" htmlFor="title">
          Title (participants see it)
        </label>
        <input id="title" className="study-input" value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} required />
      </div>
      <div>
        <label className="field-label" htmlFor="consent">
          Consent text
        </label>
        <textarea id="consent" className="study-input" rows={6} value={consent} onChange={(e) => setConsent(e.target.value)} required />
      </div>
      <fieldset>
        <legend>Tasks</legend>
        {STUDY_TASKS.map((t) => (
          <label key={t} className="check">
            <input type="checkbox" checked={tasks.includes(t)} onChange={(e) => setTasks(e.target.checked ? [...tasks, t] : tasks.filter((x) => x !== t))} /> {TASK_LABELS[t]} ({t})
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Messages for the ally and chameleon tasks</legend>
        <label className="check">
          <input type="radio" name="source" checked={source === "generation"} onChange={() => setSource("generation")} /> The generation task's own answers
        </label>
        <label className="check">
          <input type="radio" name="source" checked={source === "file"} onChange={() => setSource("file")} /> A file: a benchmark run's results.jsonl or a game export
        </label>
        <label className="check">
          <input type="radio" name="source" checked={source === "none"} onChange={() => setSource("none")} /> None (generation only)
        </label>
        {source === "file" && <input aria-label="Messages file" type="file" accept=".jsonl,.json,application/json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
        {source === "generation" && (
          <label className="check">
            <input type="checkbox" checked={review === "manual"} onChange={(e) => setReview(e.target.checked ? "manual" : "filter")} /> I approve each message before others judge it (the offensive-word filter applies either way)
          </label>
        )}
      </fieldset>
      <fieldset className="stack">
        <legend>Crowd platform (Prolific, MTurk)</legend>
        <div>
          <label className="field-label" htmlFor="completion-code">
            Completion code shown at the end
          </label>
          <input id="completion-code" className="study-input" value={completion.code} maxLength={100} onChange={(e) => setCompletion({ ...completion, code: e.target.value })} />
        </div>
        <div>
          <label className="field-label" htmlFor="completion-url">
            Completion link (Prolific's)
          </label>
          <input id="completion-url" className="study-input" type="url" value={completion.url} maxLength={500} onChange={(e) => setCompletion({ ...completion, url: e.target.value })} />
        </div>
      </fieldset>
      <div className="settings-grid">
        {number("seed", "Seed", 0)}
        {number("categories", "Categories (0: all)", 0)}
        {number("items", "Items per participant", 1)}
        {number("checks", "Attention checks per participant", 0)}
        {number("minSeconds", "Minimum seconds per item", 0)}
        {number("generation", "People per generation item", 1)}
        {number("ally", "People per ally item", 1)}
        {number("chameleon", "People per chameleon item", 1)}
      </div>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || tasks.length === 0}>
        Create the study
      </button>
    </form>
  );
}
