import { useEffect, useRef, useState } from "react";
import { C2S } from "../../shared/protocol";
import { connection } from "../net/game-connection";

/**
 * "End the game" for the host, which ends it for everyone: it asks first, in the page (keyboard and screen
 * readers follow: the question takes focus on "Keep playing", Escape keeps playing), and only the second,
 * deliberate click ends it.
 */
export function EndGameButton() {
  const [asking, setAsking] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) keepRef.current?.focus();
    else if (wasAsking.current) openRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={openRef} type="button" className="ghost" onClick={() => setAsking(true)}>
        End the game
      </button>
    );
  }
  return (
    <div
      className="confirm-box"
      role="alertdialog"
      aria-labelledby="end-game-question"
      data-testid="end-game-confirm"
      onKeyDown={(e) => {
        if (e.key === "Escape") setAsking(false);
      }}
    >
      <p id="end-game-question" style={{ margin: 0 }}>
        <strong>End the game for everyone now?</strong> It ends with no winner; the host can start a new one.
      </p>
      <div className="row">
        <button type="button" className="danger" onClick={() => void connection.request(C2S.hostEndGame, {})}>
          Yes, end the game
        </button>
        <button ref={keepRef} type="button" className="secondary" onClick={() => setAsking(false)}>
          Keep playing
        </button>
      </div>
    </div>
  );
}
