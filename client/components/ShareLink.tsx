import { useNoticeStore } from "../stores/notice-store";

/** The room's share link with a copy button; falls back to selecting the text where the clipboard API is refused. */
export function ShareLink({ path }: { path: string }) {
  const url = `${location.origin}${path}`;
  const push = useNoticeStore((s) => s.push);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      push("success", "Link copied: send it to your friends.");
    } catch {
      const input = document.getElementById("share-link") as HTMLInputElement | null;
      input?.select();
      push("info", "Copy the selected link (Ctrl+C or long-press).");
    }
  }

  return (
    <div>
      <label className="field-label" htmlFor="share-link">
        Share link
      </label>
      <div className="share-row">
        <input id="share-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
        <button type="button" onClick={copy}>
          Copy
        </button>
      </div>
    </div>
  );
}
