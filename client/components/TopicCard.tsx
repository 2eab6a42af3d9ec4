import type { RoundView } from "../../shared/game/types";
import { WordGrid } from "./WordGrid";

/** The category and its grid, with the secret marked only when this viewer is allowed to know it. */
export function TopicCard({ round }: { round: RoundView }) {
  return (
    <div>
      <div className="topic">
        <span className="phase-chip">Category</span>
        <div className="topic-category" data-testid="category">
          {round.category}
        </div>
      </div>
      {round.words ? (
        <WordGrid words={round.words} secret={round.secret} label={`Words of the category ${round.category}`} />
      ) : (
        <p className="muted">The grid is hidden from the Chameleon for this guess.</p>
      )}
    </div>
  );
}
