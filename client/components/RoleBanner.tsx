import type { RoundRole } from "../../shared/game/types";
import { Icon } from "./Icon";
import { longestPart } from "./WordGrid";

/** Who the viewer is this round, impossible to miss: the Chameleon must know they are bluffing. */
export function RoleBanner({ role, secret, compact, seated = false }: { role: RoundRole; secret: string | null; compact?: boolean; seated?: boolean }) {
  if (role === "chameleon") {
    return (
      <div className="role-banner role-chameleon" role="status" data-testid="role-banner" data-role="chameleon">
        <span className="role-icon" aria-hidden="true">
          <Icon name="chameleon" />
        </span>
        <div>
          <strong>You are the Chameleon</strong>
          {!compact && <span>You don't know the secret word. Blend in: give a clue that fits the category, and guess the word from the others' clues.</span>}
        </div>
      </div>
    );
  }
  if (role === "informed") {
    return (
      <div className="role-banner role-informed" role="status" data-testid="role-banner" data-role="informed">
        <span className="role-icon" aria-hidden="true">
          <Icon name="star" />
        </span>
        <div>
          <strong>
            The secret word is{" "}
            <span data-testid="secret-word" className="secret-word" style={{ "--longest": longestPart(secret ?? "") } as React.CSSProperties}>
              {secret}
            </span>
          </strong>
          {!compact && <span>Prove you know it without giving it away: the Chameleon is listening.</span>}
        </div>
      </div>
    );
  }
  return (
    <div className="role-banner role-spectator" role="status" data-testid="role-banner" data-role="spectator">
      <span className="role-icon" aria-hidden="true">
        <Icon name="eye" />
      </span>
      <div>
        <strong>{seated ? "You play from the next round" : "You are watching"}</strong>
        {!compact && <span>{seated ? "You took your seat during this round: watch, and you are dealt in next time." : "Spectators don't see the secret until the reveal."}</span>}
      </div>
    </div>
  );
}
