import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { clueViolation } from "../../shared/game/clue-validation";
import type { ItemView, Progress } from "../../shared/studies/protocol";
import { useParticipantStore } from "./participant-store";

/**
 * What a participant sees: the consent, then one item at a time laid out as the paper's Figures 5–7
 * (category, candidate words, the secret where the task gives it, then the question), with a progress bar.
 * Everything works with the keyboard alone: each new item moves the focus to its heading, the options are
 * a radio group (arrow keys), and Enter submits.
 */
export function ParticipantPage({ studyId }: { studyId: string }) {
  const { screen, info, state, error, notice, busy, reconnecting, load, join, refresh } = useParticipantStore();
  useEffect(() => {
    void load(studyId);
  }, [studyId, load]);
  // While an item is shown, asking again renews this person's hold on it; while waiting, it asks for an item.
  const renew = info?.renewSeconds ?? 30;
  const waitFor = state?.state === "wait" ? state.retryAfterSeconds : null;
  useEffect(() => {
    if (screen === "item") {
      const timer = setInterval(() => void refresh(), renew * 1000);
      return () => clearInterval(timer);
    }
    if (screen === "wait" && waitFor !== null) {
      const timer = setTimeout(() => void refresh(), waitFor * 1000);
      return () => clearTimeout(timer);
    }
  }, [screen, renew, waitFor, state, refresh]);

  if (screen === "loading") return <p className="muted">Loading the study…</p>;
  if (screen === "error")
    return (
      <section className="card stack" aria-labelledby="study-error">
        <h1 id="study-error">This study cannot be opened</h1>
        <p role="alert">{error}</p>
      </section>
    );
  const offline = reconnecting && (
    <p className="notice" role="status">
      Reconnecting to the study… Your answers so far are saved.
    </p>
  );
  if (screen === "consent" && info) return <Consent title={info.title} consent={info.consent} items={info.itemsPerParticipant} open={info.open} busy={busy} error={error} onAgree={() => void join()} />;
  if (state?.state === "wait")
    return (
      <section className="card stack study-wait" aria-labelledby="wait-title">
        <ProgressBar progress={state.progress} />
        {offline}
        <h1 id="wait-title" tabIndex={-1} ref={(el) => el?.focus()}>
          Please come back in a moment
        </h1>
        <p>Other people are answering the items that are left for you right now. Keep this page open: it will show your next item as soon as one is free.</p>
      </section>
    );
  if (state?.state === "finished")
    return (
      <section className="card stack study-done" aria-labelledby="done-title">
        <ProgressBar progress={state.progress} />
        {offline}
        <h1 id="done-title" tabIndex={-1} ref={(el) => el?.focus()}>
          {state.reason === "complete" ? "Thank you: you have finished" : state.reason === "closed" ? "This study is closed" : "Thank you: there is nothing more for you"}
        </h1>
        <p>
          {state.reason === "complete"
            ? "Every answer you gave is saved."
            : state.reason === "closed"
              ? "The researchers have stopped this study. Answers you gave before are saved."
              : state.progress.done === 0
                ? "Enough people have already answered every item of this study. Thank you for your time."
                : "Enough people have answered the items you have not seen yet. Every answer you gave is saved."}
        </p>
        {state.completion?.code && (
          <p>
            Your completion code: <code className="completion-code">{state.completion.code}</code>. Copy it into the site that sent you here.
          </p>
        )}
        {state.completion?.url && (
          <p>
            <a className="button" href={state.completion.url} rel="noreferrer">
              Return to the site that sent you here
            </a>
          </p>
        )}
        <p>
          Your participant id (the code to give the researchers if they ask for one): <code className="participant-code">{state.participantId}</code>
        </p>
      </section>
    );
  if (state?.state === "item")
    return (
      <section className="stack" aria-label={info?.title ?? "Study"}>
        <ProgressBar progress={state.progress} />
        {offline}
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <ItemCard key={state.item.id} item={state.item} number={state.progress.done + 1} total={state.progress.total} busy={busy} error={error} />
      </section>
    );
  return null;
}

function Consent({ title, consent, items, open, busy, error, onAgree }: { title: string; consent: string; items: number; open: boolean; busy: boolean; error: string | null; onAgree(): void }) {
  const [agreed, setAgreed] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (agreed) onAgree();
  };
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="consent-title">
      <h1 id="consent-title">{title}</h1>
      <p className="muted">
        {items} short items about the word game <i>The Chameleon</i>. No name, no e-mail, nothing personal: your answers are saved under a random id.
      </p>
      <h2 className="study-subhead">Before you start</h2>
      <div className="consent-text">{consent}</div>
      {open ? (
        <>
          <label className="check">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} /> I have read this and I agree to take part
          </label>
          {error && (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" disabled={!agreed || busy}>
            Start
          </button>
        </>
      ) : (
        <p className="notice" role="status">
          This study is closed: it takes no new participants.
        </p>
      )}
    </form>
  );
}

export function ProgressBar({ progress }: { progress: Progress }) {
  const share = progress.total === 0 ? 0 : Math.min(1, progress.done / progress.total);
  return (
    <div className="study-progress">
      <div
        className="study-progress-track"
        role="progressbar"
        aria-label="Items answered"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={`${progress.done} of ${progress.total} answered`}
      >
        <div className="study-progress-fill" style={{ width: `${share * 100}%` }} />
      </div>
      <span className="small muted">
        {progress.done} of {progress.total} answered
      </span>
    </div>
  );
}

function ItemCard({ item, number, total, busy, error }: { item: ItemView; number: number; total: number; busy: boolean; error: string | null }) {
  const answer = useParticipantStore((s) => s.answer);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = item.task === "generation" ? "Write a clue" : item.task === "ally" ? "Which clue was written by someone who knows the secret?" : "Which word is the secret?";
  return (
    <article className="card stack study-item" data-task={item.task} aria-labelledby="item-title">
      <p className="small muted">
        Item {Math.min(number, total)} of {total}
      </p>
      <h1 id="item-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="study-category">
        Category: <strong>{item.category}</strong>
      </p>
      {/* The chameleon picks among the words themselves, so its grid is the choice below. */}
      {item.task !== "chameleon" && <WordGrid words={item.words} secret={item.secret} />}
      {item.task !== "chameleon" && (
        <p>
          The secret word is <strong className="secret-word">{item.secret}</strong>.
        </p>
      )}
      {item.task === "generation" ? (
        <GenerationForm item={item} busy={busy} onSubmit={(message) => void answer(item, { message })} />
      ) : (
        <ChoiceForm item={item} busy={busy} onSubmit={(choice) => void answer(item, { choice })} />
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

function WordGrid({ words, secret }: { words: string[]; secret?: string }) {
  return (
    <ul className="word-grid" aria-label="The candidate words">
      {words.map((w) => (
        <li key={w} className={`word-cell${w === secret ? " is-secret" : ""}`}>
          {w}
          {w === secret && <span className="visually-hidden"> (the secret word)</span>}
        </li>
      ))}
    </ul>
  );
}

function GenerationForm({ item, busy, onSubmit }: { item: Extract<ItemView, { task: "generation" }>; busy: boolean; onSubmit(message: string): void }) {
  const [text, setText] = useState("");
  const id = useId();
  const violation = text.trim() === "" ? null : (clueViolation(text, item.words, item.maxWords) ?? null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== "" && !violation) onSubmit(text);
  };
  return (
    <form className="stack" onSubmit={submit}>
      <p>
        Write a message of 1 to {item.maxWords} words that shows someone who also knows the secret word that you know it, without making the secret easy to guess for someone
        who does not. Do not use any of the words above.
      </p>
      <div>
        <label className="field-label" htmlFor={`${id}-message`}>
          Your message
        </label>
        <input id={`${id}-message`} className="study-input" value={text} maxLength={80} autoComplete="off" autoCapitalize="off" spellCheck={false} aria-invalid={violation ? true : undefined} aria-describedby={`${id}-hint`} onChange={(e) => setText(e.target.value)} />
        <p id={`${id}-hint`} className={`small ${violation ? "field-error" : "muted"}`} aria-live="polite">
          {violation ? violation.message : `1 to ${item.maxWords} words.`}
        </p>
      </div>
      <button type="submit" disabled={busy || text.trim() === "" || violation !== null}>
        Submit
      </button>
    </form>
  );
}

function ChoiceForm({ item, busy, onSubmit }: { item: Extract<ItemView, { task: "ally" | "chameleon" }>; busy: boolean; onSubmit(choice: number): void }) {
  const [choice, setChoice] = useState<number | null>(null);
  const options = item.task === "ally" ? item.messages : item.words;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (choice !== null) onSubmit(choice);
  };
  return (
    <form className="stack" onSubmit={submit}>
      {item.task === "ally" ? (
        <p>One of these messages was written by someone who knows the secret word; the others were written without it. Which one knows the secret?</p>
      ) : (
        <p>
          Someone who knows the secret word gave this message: <strong className="study-message">“{item.message}”</strong>. Which of the candidate words is most likely the secret?
        </p>
      )}
      <fieldset className={`study-options${item.task === "chameleon" ? " study-word-options" : ""}`}>
        <legend>{item.task === "ally" ? "The messages" : "The candidate words"}</legend>
        {options.map((option, i) => (
          <label key={option} className={`study-option${choice === i ? " is-chosen" : ""}`}>
            <input type="radio" name="choice" value={i} checked={choice === i} onChange={() => setChoice(i)} />
            <span>{option}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={busy || choice === null}>
        Submit
      </button>
    </form>
  );
}
