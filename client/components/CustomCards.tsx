import { useState, type FormEvent } from "react";
import { customCardViolation } from "../../shared/game/settings";
import type { TopicCard } from "../../shared/game/types";

/** Splits the typed words on commas or new lines. */
export function wordsFromText(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
}

/** The host's own topic cards: a category and 8 to 16 words, checked as typed with the rules' own check. */
export function CustomCards({ cards, onChange }: { cards: TopicCard[]; onChange(cards: TopicCard[]): void }) {
  const [category, setCategory] = useState("");
  const [wordsText, setWordsText] = useState("");
  const words = wordsFromText(wordsText);
  const touched = category.trim() !== "" || words.length > 0;
  const problem = touched ? customCardViolation({ category, words }) : undefined;

  function add(e: FormEvent) {
    e.preventDefault();
    if (!touched || problem) return;
    const card: TopicCard = { id: `custom:${cards.length + 1}`, category: category.trim(), words, source: "custom" };
    onChange([...cards, card]);
    setCategory("");
    setWordsText("");
  }

  return (
    <fieldset>
      <legend>Custom topic cards</legend>
      {cards.length > 0 && (
        <ul className="topic-cards">
          {cards.map((c, i) => (
            <li key={c.id}>
              <strong>{c.category}</strong>
              <span className="muted small" style={{ flex: 1 }}>
                {c.words.join(", ")}
              </span>
              <button type="button" className="danger small" onClick={() => onChange(cards.filter((_, j) => j !== i))} aria-label={`Remove card ${c.category}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="stack" onSubmit={add} aria-label="Add a custom topic card">
        <label className="field">
          <span>Category</span>
          <input value={category} onChange={(e) => setCategory(e.target.value)} maxLength={40} placeholder="e.g. Board games" />
        </label>
        <label className="field">
          <span>Words (8 to 16, separated by commas or new lines)</span>
          <textarea value={wordsText} onChange={(e) => setWordsText(e.target.value)} aria-describedby="custom-card-hint" />
        </label>
        <p id="custom-card-hint" className={`small ${problem ? "hint error" : "muted"}`} role={problem ? "alert" : undefined} style={problem ? { color: "var(--danger)" } : undefined}>
          {problem ?? (touched ? `${words.length} words: ready to add.` : "Cards you add join the pool of topics.")}
        </p>
        <button type="submit" className="secondary" disabled={!touched || problem !== undefined}>
          Add card
        </button>
      </form>
    </fieldset>
  );
}
