import { useState, type FormEvent } from "react";
import { C2S, type RoomSnapshot } from "../../shared/protocol";
import type { RoundView } from "../../shared/game/types";
import { ClueList } from "../components/ClueList";
import { Countdown } from "../components/Countdown";
import { RoundHeader } from "../components/RoundHeader";
import { WordGrid } from "../components/WordGrid";
import { connection } from "../net/game-connection";
import { nameOf } from "../model/players";
import { Icon } from "../components/Icon";

/** The Chameleon was caught: it picks the grid word it thinks is the secret; everyone else holds their breath. */
export function GuessPhase({ snapshot, round }: { snapshot: RoomSnapshot; round: RoundView }) {
  const { game } = snapshot;
  const isChameleon = round.role === "chameleon";
  const [picked, setPicked] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const wrong = round.guesses;

  async function guess(word: string) {
    setBusy(true);
    await connection.request(C2S.gameGuess, { word });
    setBusy(false);
    setPicked(null);
    setTyped("");
  }

  const caughtName = nameOf(game, round.chameleonId);
  return (
    <section className="card" aria-labelledby="phase-title">
      <RoundHeader game={game} round={round} title={isChameleon ? "Caught! Guess the secret" : `Caught: ${caughtName}!`} timerLabel="Guess" />
      <div className="role-banner role-chameleon" role="status">
        <span className="role-icon" aria-hidden="true">
          <Icon name="chameleon" />
        </span>
        <div>
          {isChameleon ? (
            <>
              <strong>They caught you!</strong>
              <span>
                Pick the secret word to steal a point.{" "}
                {round.guessesLeft > 1 ? `You have ${round.guessesLeft} guesses.` : "One guess."}
              </span>
            </>
          ) : (
            <>
              <strong>{caughtName} is the Chameleon</strong>
              <span>Now they try to guess the secret word…</span>
            </>
          )}
        </div>
      </div>
      {wrong.length > 0 && <p className="muted">Wrong so far: {wrong.join(", ")}</p>}
      {isChameleon && round.words && (
        <>
          <WordGrid words={round.words} secret={null} onPick={setPicked} picked={picked} crossedOut={wrong} disabled={busy} label="Pick the secret word" />
          <div className="row" style={{ marginTop: "0.8rem" }}>
            <button type="button" className="big" disabled={!picked || busy} onClick={() => picked && void guess(picked)} data-testid="guess-confirm">
              {picked ? `Guess “${picked}”` : "Pick a word"}
            </button>
            <span data-inline-timer>
              <Countdown deadline={game.deadline} label="Guess, your move" compact />
            </span>
          </div>
        </>
      )}
      {isChameleon && !round.words && (
        <form
          className="row"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (typed.trim()) void guess(typed.trim());
          }}
        >
          <label className="field" style={{ flex: 1 }}>
            <span>The grid is hidden: type the secret word</span>
            <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          </label>
          <button type="submit" disabled={busy || !typed.trim()}>
            Guess
          </button>
        </form>
      )}
      {!isChameleon && round.words && <WordGrid words={round.words} secret={round.secret} crossedOut={wrong} label={`Words of the category ${round.category}`} />}
      <div style={{ marginTop: "1rem" }}>
        <ClueList game={game} round={round} />
      </div>
    </section>
  );
}
