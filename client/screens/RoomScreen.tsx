import { useEffect, useState } from "react";
import { connection } from "../net/game-connection";
import { useConnectionStore } from "../stores/connection-store";
import { useRoomStore } from "../stores/room-store";
import { storedSeat, useSessionStore } from "../stores/session-store";
import { JoinRoomForm } from "./JoinRoomForm";
import { RoomView } from "./RoomView";

type Entry = "checking" | "ready";

/**
 * /r/CODE: returns to a seat this browser already holds (reload, dropped connection, new tab), or offers
 * to join. The share link lands here, so a friend goes straight from the link to the join button.
 */
export function RoomScreen({ code }: { code: string }) {
  const seat = useSessionStore((s) => s.seat);
  const snapshot = useRoomStore((s) => s.snapshot);
  const problem = useConnectionStore((s) => s.problem);
  const [entry, setEntry] = useState<Entry>("checking");

  useEffect(() => {
    let cancelled = false;
    const held = useSessionStore.getState().seat;
    if (held?.code === code) {
      setEntry("ready");
      return;
    }
    const saved = storedSeat(code);
    if (!saved) {
      setEntry("ready");
      return;
    }
    void connection.resume(saved).then(() => {
      if (!cancelled) setEntry("ready");
    });
    return () => {
      cancelled = true;
    };
  }, [code]);

  if (entry === "checking") return <Loading text={`Returning to your seat in ${code}…`} />;
  if (!seat || seat.code !== code) return <JoinRoomForm code={code} problem={problem} />;
  if (!snapshot || snapshot.code !== code) return <Loading text={`Connecting to room ${code}…`} />;
  return <RoomView snapshot={snapshot} />;
}

function Loading({ text }: { text: string }) {
  return (
    <div className="card" role="status" aria-live="polite" style={{ textAlign: "center" }}>
      <p className="muted" style={{ margin: 0 }}>
        {text}
      </p>
    </div>
  );
}
