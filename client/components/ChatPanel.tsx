import { MAX_CHAT_CHARS } from "../../shared/game/rules";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { GameView } from "../../shared/game/types";
import { C2S } from "../../shared/protocol";
import { connection } from "../net/game-connection";
import { nameOf } from "../model/players";

/** The table chat (lines come with each snapshot): the discussion before the vote happens here. */
export function ChatPanel({ game, prominent = false }: { game: GameView; prominent?: boolean }) {
  const [text, setText] = useState("");
  const logRef = useRef<HTMLOListElement>(null);
  const lines = game.chat;

  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);

  async function send(e: FormEvent) {
    e.preventDefault();
    const t = text.trim();
    if (!t) return;
    const ack = await connection.request(C2S.chatSend, { text: t });
    if (ack.ok) setText("");
  }

  return (
    <section className="card" aria-labelledby="chat-heading">
      <h2 id="chat-heading">{prominent ? "Discuss: who is the Chameleon?" : "Chat"}</h2>
      <ol className="chat-log" ref={logRef} aria-live="polite" aria-label="Chat messages" data-testid="chat-log" style={prominent ? { maxHeight: "22rem" } : undefined}>
        {lines.length === 0 && <li className="muted">No messages yet.</li>}
        {lines.map((l, i) => (
          <li key={`${l.at}-${i}`}>
            <span className="chat-from">{nameOf(game, l.playerId)}:</span>
            {l.text}
          </li>
        ))}
      </ol>
      {game.viewerId !== null && (
        <form className="row" onSubmit={send} style={{ flexWrap: "nowrap" }}>
          <label className="visually-hidden" htmlFor="chat-input">
            Message
          </label>
          <input id="chat-input" value={text} onChange={(e) => setText(e.target.value)} maxLength={MAX_CHAT_CHARS} autoComplete="off" placeholder="Say something…" />
          <button type="submit" disabled={text.trim() === ""}>
            Send
          </button>
        </form>
      )}
    </section>
  );
}
