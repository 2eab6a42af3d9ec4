import type { GameSettings } from "../../shared/game/types";
import { DEFAULT_POOL_MIN_WORDS, SETTING_LIMITS } from "../../shared/game/settings";
import { CategoryPool } from "./CategoryPool";
import { CustomCards } from "./CustomCards";

interface Props {
  settings: GameSettings;
  /** Null for everyone but the host: they see the settings read-only. */
  onChange: ((change: Partial<GameSettings>) => void) | null;
  /** Dataset categories the host may pick from; empty when the server does not list them. */
  categories: string[];
  /** Those of them off by default (too few words). */
  offByDefault?: string[];
}

const TURN_CHOICES = [0, 15, 20, 30, 45, 60, 90, 120, 180, 300];
const DISCUSSION_CHOICES = [0, 15, 30, 45, 60, 90, 120, 180, 300];
const VOTE_CHOICES = [0, 15, 20, 30, 45, 60, 90, 120];
const TARGET_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20];

/** A timer in words: 0 means no timer (or, for the discussion, none at all). */
export function timerText(seconds: number, zero = "No timer"): string {
  if (seconds === 0) return zero;
  return seconds % 60 === 0 ? `${seconds / 60} min` : seconds > 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}

/** Choices for a select, keeping the current value even when it is not one of the presets. */
function withCurrent(choices: number[], current: number): number[] {
  return choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
}

/** The host's settings form; the same facts read-only for everyone else. */
export function SettingsPanel({ settings, onChange, categories, offByDefault = [] }: Props) {
  if (!onChange) return <ReadOnlySettings settings={settings} />;
  const num = (key: keyof GameSettings) => (e: React.ChangeEvent<HTMLSelectElement>) => onChange({ [key]: Number(e.target.value) });
  return (
    <section className="card stack" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <fieldset>
        <legend>Clue length</legend>
        <div className="row" role="radiogroup" aria-label="Words allowed in a clue">
          {Array.from({ length: SETTING_LIMITS.clueMaxWords.max }, (_, i) => i + 1).map((n) => (
            <label key={n} className="check">
              <input type="radio" name="clue-words" checked={settings.clueMaxWords === n} onChange={() => onChange({ clueMaxWords: n })} />
              {n} {n === 1 ? "word" : "words"}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="settings-grid">
        <label className="field">
          <span>Clue turn</span>
          <select value={settings.turnSeconds} onChange={num("turnSeconds")}>
            {withCurrent(TURN_CHOICES, settings.turnSeconds).map((s) => (
              <option key={s} value={s}>
                {timerText(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Discussion</span>
          <select value={settings.discussionSeconds} onChange={num("discussionSeconds")}>
            {withCurrent(DISCUSSION_CHOICES, settings.discussionSeconds).map((s) => (
              <option key={s} value={s}>
                {timerText(s, "Skip")}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Vote</span>
          <select value={settings.voteSeconds} onChange={num("voteSeconds")}>
            {withCurrent(VOTE_CHOICES, settings.voteSeconds).map((s) => (
              <option key={s} value={s}>
                {timerText(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Points to win</span>
          <select value={settings.targetScore} onChange={num("targetScore")}>
            {withCurrent(TARGET_CHOICES, settings.targetScore).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset>
        <legend>Variants</legend>
        <label className="check">
          <input type="checkbox" checked={settings.threePlayerTwoGuesses} onChange={(e) => onChange({ threePlayerTwoGuesses: e.target.checked })} />
          3 players: a caught Chameleon gets two guesses
        </label>
        <br />
        <label className="check">
          <input type="checkbox" checked={settings.largeTableHiddenGrid} onChange={(e) => onChange({ largeTableHiddenGrid: e.target.checked })} />
          7–8 players: the grid is hidden for the Chameleon's guess
        </label>
      </fieldset>
      <CategoryPool pool={settings.categoryPool} categories={categories} offByDefault={offByDefault} onChange={(categoryPool) => onChange({ categoryPool })} />
      <CustomCards cards={settings.customCards} onChange={(customCards) => onChange({ customCards })} />
    </section>
  );
}

function ReadOnlySettings({ settings }: { settings: GameSettings }) {
  return (
    <section className="card settings-readonly" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <p className="muted small">Only the host can change these.</p>
      <dl data-testid="settings-readonly">
        <dt>Clue length</dt>
        <dd>{settings.clueMaxWords === 1 ? "1 word" : `up to ${settings.clueMaxWords} words`}</dd>
        <dt>Clue turn</dt>
        <dd>{timerText(settings.turnSeconds)}</dd>
        <dt>Discussion</dt>
        <dd>{timerText(settings.discussionSeconds, "Skip")}</dd>
        <dt>Vote</dt>
        <dd>{timerText(settings.voteSeconds)}</dd>
        <dt>Points to win</dt>
        <dd>{settings.targetScore}</dd>
        <dt>Categories</dt>
        <dd>{settings.categoryPool === null ? `Default (cards of ${DEFAULT_POOL_MIN_WORDS}+ words)` : settings.categoryPool.join(", ") || "None"}</dd>
        <dt>Custom cards</dt>
        <dd>{settings.customCards.length === 0 ? "None" : settings.customCards.map((c) => c.category).join(", ")}</dd>
        {settings.threePlayerTwoGuesses && (
          <>
            <dt>Variant</dt>
            <dd>3 players: two guesses</dd>
          </>
        )}
        {settings.largeTableHiddenGrid && (
          <>
            <dt>Variant</dt>
            <dd>7–8 players: hidden grid for the guess</dd>
          </>
        )}
      </dl>
    </section>
  );
}
