import { useEffect } from "react";
import type { RoomSnapshot } from "../../shared/protocol";
import { currentRound, nameOf } from "../model/players";

/** One sentence for what just changed at the table: read by screen readers and used as the tab's title. */
export function phaseAnnouncement(snapshot: RoomSnapshot): string {
  const { game } = snapshot;
  const round = currentRound(game);
  const me = game.viewerId;
  switch (game.phase) {
    case "lobby":
      return `Lobby of room ${snapshot.code}`;
    case "clues":
      if (!round) return "Clues";
      if (round.turnPlayerId && round.turnPlayerId === me) return `Round ${round.number}: your turn to give a clue`;
      return `Round ${round.number}: ${nameOf(game, round.turnPlayerId)} is giving a clue`;
    case "discussion":
      return `Round ${round?.number ?? ""}: discussion`;
    case "vote":
      return `Round ${round?.number ?? ""}: vote for the Chameleon`;
    case "tieBreak":
      return round && round.dealerId === me ? "Tie: you choose whom to accuse" : "Tie: the dealer chooses";
    case "guess":
      return round?.role === "chameleon" ? "You were caught: guess the secret word" : `${nameOf(game, round?.chameleonId)} was caught and is guessing`;
    case "reveal":
      return `Round ${round?.number ?? ""} revealed`;
    case "gameOver":
      return `Game over: ${(game.winners ?? []).map((id) => nameOf(game, id)).join(" and ") || "no winner"}`;
    default:
      return "";
  }
}

/** A polite live region, and the document title so a background tab says when it is your turn. */
export function PhaseAnnouncer({ snapshot }: { snapshot: RoomSnapshot }) {
  const text = phaseAnnouncement(snapshot);
  const yourMove = /your turn|you choose|guess the secret/.test(text);
  useEffect(() => {
    // A short buzz on phones when the table is waiting for you (ignored where unsupported).
    if (yourMove && typeof navigator !== "undefined" && "vibrate" in navigator) navigator.vibrate(120);
  }, [text, yourMove]);
  useEffect(() => {
    document.title = `${text} · SNEAK`;
    return () => {
      document.title = "SNEAK · The Chameleon";
    };
  }, [text]);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="announcer">
      {text}
    </p>
  );
}
