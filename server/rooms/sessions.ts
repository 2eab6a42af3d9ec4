import { randomBytes } from "node:crypto";

/** Who a session token speaks for. The token only ever arrives in the socket handshake. */
export interface Session {
  token: string;
  roomCode: string;
  playerId: string;
  spectator: boolean;
}

export type RevokeReason = "kicked" | "left" | "expired" | "room-closed" | "reclaimed";

/** Why a token logged in the game log stopped working (restore.ts reads it back after a restart). */
export type LoggedRevokeReason = Extract<RevokeReason, "kicked" | "left" | "expired" | "reclaimed">;

/**
 * Session tokens, server-wide. A token is revoked when its seat is gone (kicked, left, grace expired), so an
 * old token can never take a seat back.
 */
export class SessionStore {
  private readonly byToken = new Map<string, Session>();
  /** Why a token stopped working, so the handshake can say "you were kicked" rather than "unknown token". */
  private readonly revoked = new Map<string, RevokeReason>();

  issue(roomCode: string, playerId: string, spectator: boolean): Session {
    // The room code leads the token, so that any game process can tell which room a returning player means.
    const session: Session = { token: `${roomCode}.${randomBytes(24).toString("base64url")}`, roomCode, playerId, spectator };
    this.byToken.set(session.token, session);
    return session;
  }

  /** Takes back a session issued before a restart (the game log keeps them), so its holder can reconnect. */
  adopt(session: Session): void {
    this.byToken.set(session.token, { ...session });
  }

  find(token: unknown): Session | undefined {
    return typeof token === "string" ? this.byToken.get(token) : undefined;
  }

  revokedReason(token: unknown): RevokeReason | undefined {
    return typeof token === "string" ? this.revoked.get(token) : undefined;
  }

  revoke(token: string, reason: RevokeReason): void {
    if (!this.byToken.delete(token)) return;
    this.tombstone(token, reason);
  }

  /** A token retired before a restart (the game log says so): refused with its reason, never seated. */
  adoptRevoked(token: string, reason: RevokeReason): void {
    if (!this.byToken.has(token)) this.tombstone(token, reason);
  }

  /** A token issued for a change the game log then refused: it never existed. */
  discard(token: string): void {
    this.byToken.delete(token);
  }

  private tombstone(token: string, reason: RevokeReason): void {
    this.revoked.delete(token);
    this.revoked.set(token, reason);
    // Tombstones are only for a friendlier message; keep a bounded number.
    if (this.revoked.size > 10_000) this.revoked.delete(this.revoked.keys().next().value as string);
  }

  revokeRoom(roomCode: string): void {
    for (const [token, session] of this.byToken) if (session.roomCode === roomCode) this.revoke(token, "room-closed");
  }
}
