import { useState } from "react";

interface Props {
  /** null = every category. */
  pool: string[] | null;
  categories: string[];
  onChange(pool: string[] | null): void;
}

/** Which dataset categories the deal draws from. */
export function CategoryPool({ pool, categories, onChange }: Props) {
  if (categories.length === 0) {
    return (
      <fieldset>
        <legend>Categories</legend>
        <p className="muted small" style={{ margin: 0 }}>
          {pool === null ? "Every category of the dataset." : `${pool.length} selected: ${pool.join(", ")}`}
        </p>
      </fieldset>
    );
  }
  const [filter, setFilter] = useState("");
  const selected = new Set(pool ?? categories);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? categories.filter((c) => c.toLowerCase().includes(needle)) : categories;
  function toggle(name: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    // Everything ticked is stored as "all", so new dataset categories join the pool too.
    onChange(next.size === categories.length ? null : categories.filter((c) => next.has(c)));
  }
  return (
    <fieldset>
      <legend>
        Categories <span className="muted small">({selected.size} of {categories.length})</span>
      </legend>
      <div className="row" style={{ marginBottom: "0.4rem" }}>
        <button type="button" className="secondary small" onClick={() => onChange(null)}>
          All
        </button>
        <button type="button" className="secondary small" onClick={() => onChange([])}>
          None
        </button>
      </div>
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
          </label>
        ))}
      </div>
    </fieldset>
  );
}
