import { useEffect, useState } from "react";
import { useRoomStore } from "../stores/room-store";
import { Icon } from "./Icon";

/** Whole seconds left until a server deadline, given the offset between the server's clock and ours. */
export function secondsLeft(deadline: number, nowMs: number, clockOffsetMs: number): number {
  // Rounded rather than ceiled: a fresh 60 s deadline seen a few ms early must read 1:00, not 1:01.
  return Math.max(0, Math.round((deadline - (nowMs + clockOffsetMs)) / 1000));
}

export function formatSeconds(s: number): string {
  const m = Math.floor(s / 60);
  const r = s % 60;
  return m > 0 ? `${m}:${String(r).padStart(2, "0")}` : `${r}s`;
}

/** Ticks down to the server's deadline for the current phase; renders nothing when the phase is untimed. */
export function Countdown({ deadline, label, compact }: { deadline: number | null; label: string; compact?: boolean }) {
  const offset = useRoomStore((s) => s.clockOffsetMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [deadline]);
  if (deadline === null) return null;
  const left = secondsLeft(deadline, now, offset);
  return (
    <span className={`countdown${left <= 10 ? " urgent" : ""}${compact ? " compact" : ""}`} role="timer" aria-label={`${label}: ${left} seconds left`}>
      <Icon name="timer" />
      <span aria-hidden="true">{formatSeconds(left)}</span>
    </span>
  );
}
