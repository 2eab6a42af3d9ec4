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
  const selected = new Set(pool ?? categories);
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
      <div className="category-pool">
        {categories.map((c) => (
          <label key={c}>
            <input type="checkbox" checked={selected.has(c)} onChange={(e) => toggle(c, e.target.checked)} />
            {c}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
