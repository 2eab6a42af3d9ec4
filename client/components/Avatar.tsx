import { avatarColour, initials } from "../model/players";

export function Avatar({ id, name }: { id: string; name: string }) {
  return (
    <span className="avatar" style={{ background: avatarColour(id) }} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
