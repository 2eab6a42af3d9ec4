import { useState, type FormEvent } from "react";
import { C2S } from "../../shared/protocol";
import { connection } from "../net/game-connection";
import { BOT_LEVELS, DEFAULT_BOT_LEVEL, type BotLevel } from "../../shared/game/types";
import { BOT_LEVEL_TEXT } from "../model/players";

/** The add-bot button's id: focus goes back to it after a bot is removed (its row, and its button, are gone). */
export const ADD_BOT_BUTTON_ID = "add-bot-button";

/** The host adds a bot at a level: the offline lexical bot, or an LLM bot on one of the server's configured models. */
export function AddBotForm({ models, disabled }: { models: string[]; disabled: boolean }) {
  // "lexical" or "llm:<model>"
  const [choice, setChoice] = useState("lexical");
  const [level, setLevel] = useState<BotLevel>(DEFAULT_BOT_LEVEL);
  const [busy, setBusy] = useState(false);

  async function add(e: FormEvent) {
    e.preventDefault();
    if (busy || disabled) return;
    setBusy(true);
    const payload = choice === "lexical" ? { kind: "lexical" as const, level } : { kind: "llm" as const, model: choice.slice(4), level };
    await connection.request(C2S.hostAddBot, payload);
    setBusy(false);
  }

  return (
    <form className="row add-bot-form" onSubmit={add} aria-label="Add a bot">
      <label className="visually-hidden" htmlFor="bot-kind">
        Bot type
      </label>
      <select id="bot-kind" value={choice} onChange={(e) => setChoice(e.target.value)} data-testid="bot-kind">
        <option value="lexical">Built-in bot (offline)</option>
        {models.map((m) => (
          <option key={m} value={`llm:${m}`}>
            LLM bot · {m}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor="bot-level">
        Bot level
      </label>
      <select id="bot-level" value={level} onChange={(e) => setLevel(e.target.value as BotLevel)} data-testid="bot-level" title={BOT_LEVEL_TEXT[level].hint}>
        {BOT_LEVELS.map((l) => (
          <option key={l} value={l}>
            {BOT_LEVEL_TEXT[l].name}
          </option>
        ))}
      </select>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page, and the host adding
          several bots presses Enter again on the same button. */}
      <button id={ADD_BOT_BUTTON_ID} type="submit" className="secondary" aria-disabled={busy || disabled} style={{ whiteSpace: "nowrap" }}>
        + Add bot
      </button>
    </form>
  );
}
