import { useEffect } from "react";
import { useNoticeStore, type Notice } from "../stores/notice-store";

const ICON: Record<Notice["kind"], string> = { error: "!", info: "i", success: "✓" };

/** Toasts for rejections and connection changes. Errors stay until dismissed; others fade after a while. */
export function Notices() {
  const notices = useNoticeStore((s) => s.notices);
  const dismiss = useNoticeStore((s) => s.dismiss);
  useEffect(() => {
    const timers = notices
      .filter((n) => n.kind !== "error")
      .map((n) => setTimeout(() => dismiss(n.id), 4000));
    return () => timers.forEach(clearTimeout);
  }, [notices, dismiss]);
  return (
    <div className="notices" role="region" aria-label="Notifications">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} role={n.kind === "error" ? "alert" : "status"} data-testid="notice">
          <span className="notice-icon" aria-hidden="true">
            {ICON[n.kind]}
          </span>
          <span className="notice-text">{n.text}</span>
          <button type="button" className="ghost small" onClick={() => dismiss(n.id)} aria-label="Dismiss notification">
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
