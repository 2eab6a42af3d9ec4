import { MAX_CHAT_CHARS } from "../../shared/game/rules";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { GameView } from "../../shared/game/types";
import { C2S } from "../../shared/protocol";
import { connection } from "../net/game-connection";
import { nameOf } from "../model/players";
import { chatSections } from "../model/chat";

/** Show the count once a message is this close to the limit. */
const COUNT_FROM = MAX_CHAT_CHARS - 60;

/**
 * The table chat (lines come with each snapshot): the discussion before the vote happens here. It reads in
 * rounds and games (a divider opens each), says it is closed during the clues before anyone types, and counts
 * characters near the limit instead of cutting a long paste.
 */
export function ChatPanel({ game, prominent = false }: { game: GameView; prominent?: boolean }) {
  const [text, setText] = useState("");
  const logRef = useRef<HTMLOListElement>(null);
  const hintId = useId();
  const lines = game.chat;
  const closed = game.phase === "clues";
  const length = [...text.trim()].length;
  const tooLong = length > MAX_CHAT_CHARS;

  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);

  async function send(e: FormEvent) {
    e.preventDefault();
    const t = text.trim();
    if (!t || closed || tooLong) return;
    const ack = await connection.request(C2S.chatSend, { text: t });
    if (ack.ok) setText("");
  }

  const hint = closed
    ? "The chat is closed while clues are given: it opens when every clue is in."
    : tooLong
      ? `Too long: ${length} of ${MAX_CHAT_CHARS} characters. Shorten it to send.`
      : length >= COUNT_FROM
        ? `${length} of ${MAX_CHAT_CHARS} characters`
        : null;

  return (
    <section className="card" aria-labelledby="chat-heading" id="chat" tabIndex={-1}>
      <h2 id="chat-heading">{prominent ? "Discuss: who is the Chameleon?" : "Chat"}</h2>
      <ol className="chat-log" ref={logRef} aria-live="polite" aria-label="Chat messages" data-testid="chat-log" style={prominent ? { maxHeight: "22rem" } : undefined}>
        {lines.length === 0 && <li className="muted">No messages yet.</li>}
        {chatSections(lines, game).map((section) => [
          <li key={`h-${section.key}`} className="chat-divider" data-testid="chat-divider">
            {section.heading}
          </li>,
          ...section.lines.map(({ line, index }) => (
            <li key={`${line.at}-${index}`}>
              <span className="chat-from">{nameOf(game, line.playerId)}:</span>
              {line.text}
            </li>
          )),
        ])}
      </ol>
      {game.viewerId !== null && (
        <form onSubmit={send}>
          <div className="row" style={{ flexWrap: "nowrap" }}>
            <label className="visually-hidden" htmlFor="chat-input">
              Message
            </label>
            <input
              id="chat-input"
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
              placeholder={closed ? "Closed until every clue is in" : "Say something…"}
              disabled={closed}
              aria-invalid={tooLong ? true : undefined}
              aria-describedby={hint ? hintId : undefined}
              data-testid="chat-input"
            />
            <button type="submit" disabled={closed || text.trim() === "" || tooLong}>
              Send
            </button>
          </div>
          {hint && (
            <p id={hintId} className={`hint${tooLong ? " error" : ""}`} data-testid="chat-hint" aria-live="polite">
              {hint}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
