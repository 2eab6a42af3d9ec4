import { useRouteStore } from "../stores/route-store";

/** The way from a room to the researchers' page: the humans-vs-models tables and this room's data downloads. */
export function ResearchLink() {
  const navigate = useRouteStore((s) => s.navigate);
  return (
    <p className="small" style={{ margin: "0.6rem 0 0" }}>
      <a
        href="/research"
        data-testid="research-link"
        onClick={(e) => {
          e.preventDefault();
          navigate({ name: "research" });
        }}
      >
        For researchers: humans vs models, and this room's data (JSONL, CSV)
      </a>
    </p>
  );
}
