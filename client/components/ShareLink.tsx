import { useEffect, useId, useState } from "react";
import { QRCodeSVG } from "qrcode.react";
import type { ShareAddresses } from "../../shared/share";
import { fetchShareAddresses } from "../net/share-api";
import { shareTarget } from "../model/share-link";
import { useNoticeStore } from "../stores/notice-store";

/**
 * The room's invitation: a link friends' devices can open (the server says which address: `GET /api/share`),
 * a Copy button, and a QR code a phone can scan from the host's screen. A server only this computer can reach
 * says so, and how to open it to the network, instead of offering a link that would fail on a friend's phone.
 */
/** Screens this narrow (phones) show the QR code only when asked, so that Start stays on the lobby's first screen. */
const NARROW_SCREEN = "(max-width: 599px)";

export function ShareLink({ path }: { path: string }) {
  const [share, setShare] = useState<ShareAddresses | null>(null);
  const [qrOpen, setQrOpen] = useState(() => typeof matchMedia !== "function" || !matchMedia(NARROW_SCREEN).matches);
  const [picked, setPicked] = useState<string | null>(null);
  const push = useNoticeStore((s) => s.push);
  const inputId = useId();
  const noteId = useId();

  useEffect(() => {
    const aborter = new AbortController();
    void fetchShareAddresses(aborter.signal).then((answer) => {
      if (!aborter.signal.aborted) setShare(answer);
    });
    return () => aborter.abort();
  }, []);

  const target = shareTarget(share, { origin: location.origin, hostname: location.hostname });
  const origin = picked !== null && target.origins.includes(picked) ? picked : target.origins[0];
  const url = `${origin}${path}`;
  // Phones offer their own share sheet (messages, chat apps); desktops mostly do not.
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      push("success", target.reachable ? "Link copied: send it to your friends." : "Link copied (it opens on this computer only).");
    } catch {
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.select();
      push("info", "Copy the selected link (Ctrl+C or long-press).");
    }
  }

  return (
    <div className="share" data-testid="share">
      <label className="field-label" htmlFor={inputId}>
        {target.reachable ? "Invite friends: send them this link" : "Room link"}
      </label>
      <div className="share-row">
        <input id={inputId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" aria-describedby={target.problem ? noteId : undefined} />
        <button type="button" onClick={copy}>
          Copy
        </button>
        {target.reachable && canShare && (
          <button type="button" className="secondary" onClick={() => void navigator.share({ title: "Play The Chameleon with me", url }).catch(() => {})}>
            Share…
          </button>
        )}
      </div>
      {target.problem && (
        <p id={noteId} className="share-problem" role="note" data-testid="share-problem">
          {target.problem}
        </p>
      )}
      {target.reachable && (
        <details className="share-qr-toggle" open={qrOpen} onToggle={(e) => setQrOpen(e.currentTarget.open)} data-testid="share-qr-toggle">
          <summary className="small">QR code for friends nearby</summary>
          <figure className="share-qr">
            {/* Dark modules on white whatever the theme: phone cameras read that best. */}
            <QRCodeSVG value={url} size={176} marginSize={2} bgColor="#ffffff" fgColor="#000000" title={`QR code of ${url}`} data-testid="share-qr" />
            <figcaption className="muted small">Scan with a phone camera to join.</figcaption>
          </figure>
        </details>
      )}
      {target.origins.length > 1 && (
        <details className="small share-other">
          <summary>Link does not open on a friend's device?</summary>
          <label className="field">
            <span>This computer has several network addresses; try another:</span>
            <select value={origin} onChange={(e) => setPicked(e.target.value)} data-testid="share-origin">
              {target.origins.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </label>
        </details>
      )}
    </div>
  );
}
