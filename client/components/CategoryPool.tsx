import { useState } from "react";
import { DEFAULT_POOL_MIN_WORDS } from "../../shared/game/settings";

interface Props {
  /** null = the default pool: every category not in `offByDefault`. */
  pool: string[] | null;
  categories: string[];
  /** Categories with fewer than DEFAULT_POOL_MIN_WORDS words: available, but not in the default pool. */
  offByDefault: string[];
  onChange(pool: string[] | null): void;
}

/** Which dataset categories the deal draws from. */
export function CategoryPool({ pool, categories, offByDefault, onChange }: Props) {
  const [filter, setFilter] = useState("");
  const off = new Set(offByDefault);
  if (categories.length === 0) {
    return (
      <fieldset>
        <legend>Categories</legend>
        <p className="muted small" style={{ margin: 0 }}>
          {pool === null ? `The default pool: every card of the dataset with ${DEFAULT_POOL_MIN_WORDS} words or more.` : `${pool.length} selected: ${pool.join(", ")}`}
        </p>
      </fieldset>
    );
  }
  const defaults = categories.filter((c) => !off.has(c));
  const selected = new Set(pool ?? defaults);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? categories.filter((c) => c.toLowerCase().includes(needle)) : categories;
  function toggle(name: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    // Exactly the default pool is stored as the default, so new dataset categories join it too.
    const isDefault = next.size === defaults.length && defaults.every((c) => next.has(c));
    onChange(isDefault ? null : categories.filter((c) => next.has(c)));
  }
  return (
    <fieldset>
      <legend>
        Categories <span className="muted small">({selected.size} of {categories.length})</span>
      </legend>
      <div className="row" style={{ marginBottom: "0.4rem" }}>
        <button type="button" className="secondary small" onClick={() => onChange(null)}>
          Default
        </button>
        <button type="button" className="secondary small" onClick={() => onChange(categories.slice())}>
          All
        </button>
        <button type="button" className="secondary small" onClick={() => onChange([])}>
          None
        </button>
      </div>
      {offByDefault.length > 0 && (
        <p className="muted small" style={{ margin: "0 0 0.4rem" }} data-testid="few-words-note">
          Cards marked “few words” have fewer than {DEFAULT_POOL_MIN_WORDS} words and are off by default: tick one to play it.
        </p>
      )}
      {categories.length > 12 && (
        <label className="field" style={{ marginBottom: "0.4rem" }}>
          <span className="visually-hidden">Filter categories</span>
          <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Filter categories…" />
        </label>
      )}
      <div className="category-pool">
        {shown.length === 0 && <span className="muted small">No category matches.</span>}
        {shown.map((c) => (
          <label key={c}>
            <input type="checkbox" checked={selected.has(c)} onChange={(e) => toggle(c, e.target.checked)} />
            {c}
            {off.has(c) && <span className="muted small"> (few words)</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
