import { useEffect, useState } from "react";
import { connection } from "../net/game-connection";
import { useConnectionStore } from "../stores/connection-store";
import { useRoomStore } from "../stores/room-store";
import { storedSeat, useSessionStore } from "../stores/session-store";
import { lookUpRoom } from "../net/room-lookup";
import { useRouteStore } from "../stores/route-store";
import { JoinRoomForm } from "./JoinRoomForm";
import { RoomView } from "./RoomView";

type Entry = "checking" | "looking" | "ready" | "missing";

/**
 * /r/CODE: returns to a seat this browser already holds (reload, dropped connection, new tab), or offers
 * to join. The share link lands here, so a friend goes straight from the link to the join button; a link to
 * a room that does not exist (mistyped, or long closed) says so at once instead of offering a seat.
 */
export function RoomScreen({ code }: { code: string }) {
  const seat = useSessionStore((s) => s.seat);
  const snapshot = useRoomStore((s) => s.snapshot);
  const problem = useConnectionStore((s) => s.problem);
  const [entry, setEntry] = useState<Entry>("checking");

  useEffect(() => {
    let cancelled = false;
    const aborter = new AbortController();
    const lookUp = () => {
      setEntry("looking");
      void lookUpRoom(code, aborter.signal).then((found) => {
        if (!cancelled) setEntry(found.kind === "missing" ? "missing" : "ready");
      });
    };
    const held = useSessionStore.getState().seat;
    if (held?.code === code) {
      setEntry("ready");
      return;
    }
    const saved = storedSeat(code);
    if (!saved) lookUp();
    else {
      void connection.resume(saved).then(() => {
        if (cancelled) return;
        // Back in the seat; otherwise (the room closed, the seat expired) check the room still exists.
        if (useSessionStore.getState().seat?.code === code) setEntry("ready");
        else lookUp();
      });
    }
    return () => {
      cancelled = true;
      aborter.abort();
    };
  }, [code]);

  if (entry === "checking") return <Loading text={`Returning to your seat in ${code}…`} />;
  if (entry === "looking") return <Loading text={`Looking for room ${code}…`} />;
  if (entry === "missing") return <NoSuchRoom code={code} />;
  if (!seat || seat.code !== code) return <JoinRoomForm code={code} problem={problem} />;
  if (!snapshot || snapshot.code !== code) return <Loading text={`Connecting to room ${code}…`} />;
  return <RoomView snapshot={snapshot} />;
}

function NoSuchRoom({ code }: { code: string }) {
  const navigate = useRouteStore((s) => s.navigate);
  return (
    <section className="card" aria-labelledby="no-room-heading" style={{ maxWidth: 520, margin: "1rem auto", textAlign: "center" }} data-testid="no-such-room">
      <h1 id="no-room-heading" className="phase-title">
        Room not found
      </h1>
      <p role="alert">No room {code} — check the code or create one.</p>
      <p className="muted small">A room closes a few minutes after everyone has left.</p>
      <a
        className="button-link big"
        href="/"
        onClick={(e) => {
          e.preventDefault();
          navigate({ name: "home" });
        }}
        data-testid="no-room-home"
      >
        Create a room or type a code
      </a>
    </section>
  );
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
