import { BOT_LEVELS } from "../../shared/game/types";
import { BOT_LEVEL_TEXT } from "../model/players";

/** What each bot level means, in plain view: a hover title is never seen on a phone. */
export function BotLevelGuide() {
  return (
    <ul className="level-guide muted small" aria-label="What each level means" data-testid="bot-level-guide">
      {BOT_LEVELS.map((level) => (
        <li key={level}>
          <strong>{BOT_LEVEL_TEXT[level].name}</strong>: {BOT_LEVEL_TEXT[level].hint}
        </li>
      ))}
    </ul>
  );
}
