import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { PlayerId } from "../../shared/game/types";
import type { SeatRequest } from "../../shared/protocol";
import type { GameSocket } from "./socket-types";

/**
 * How a player takes their seat back from another device (docs/GAME-RULES.md, "A player who drops out"):
 * with the rejoin code only their own snapshots carry, or with the host's approval of a request.
 *
 * A code is 8 characters from 32 unambiguous ones (40 bits). It is single use (a new one replaces it when it
 * seats someone) and guessing is bounded: after 5 wrong tries a seat's code is replaced and code tries for
 * that seat are refused for a minute, so a guesser gets 5 tries per minute at a fresh 40-bit secret.
 */

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const REJOIN_CODE_LENGTH = 8;
export const MAX_CODE_FAILURES = 5;
export const CODE_LOCK_MS = 60_000;
/** A request the host has not answered is dropped after this. */
export const SEAT_REQUEST_MS = 120_000;

/** Upper case, without the spaces and dashes a player may type (the code is shown as XXXX-XXXX). */
export function normalizedRejoinCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

interface CodeState {
  code: string;
  failures: number;
  lockedUntil: number;
}

interface PendingRequest extends SeatRequest {
  socket: GameSocket;
  timer: NodeJS.Timeout;
  /** A newcomer's request (kind "join"): as a spectator or a player. */
  spectator?: boolean;
}

export type CodeCheck = { ok: true } | { ok: false; reason: "wrong" | "locked"; retryInSeconds: number };

export class SeatReturns {
  private readonly codes = new Map<PlayerId, CodeState>();
  private readonly requests = new Map<string, PendingRequest>();

  constructor(
    private readonly now: () => number,
    /** A request came or went: the host's snapshot shows the list. */
    private readonly changed: () => void,
  ) {}

  /** The seat's current code (shown to its player alone), made on first use. */
  codeOf(playerId: PlayerId): string {
    let state = this.codes.get(playerId);
    if (!state) this.codes.set(playerId, (state = { code: freshCode(), failures: 0, lockedUntil: 0 }));
    return state.code;
  }

  /** A new code for the seat: after a code was used, or too many wrong tries. */
  rotate(playerId: PlayerId): void {
    const previous = this.codes.get(playerId);
    this.codes.set(playerId, { code: freshCode(), failures: 0, lockedUntil: previous?.lockedUntil ?? 0 });
  }

  check(playerId: PlayerId, input: string): CodeCheck {
    const state = this.codes.get(playerId);
    const now = this.now();
    if (state && state.lockedUntil > now) return { ok: false, reason: "locked", retryInSeconds: Math.ceil((state.lockedUntil - now) / 1000) };
    // No code made yet for the seat: nobody could have been shown one.
    if (!state) return { ok: false, reason: "wrong", retryInSeconds: 0 };
    const given = Buffer.from(normalizedRejoinCode(input));
    const expected = Buffer.from(state.code);
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      this.rotate(playerId);
      return { ok: true };
    }
    state.failures++;
    if (state.failures >= MAX_CODE_FAILURES) {
      this.codes.set(playerId, { code: freshCode(), failures: 0, lockedUntil: now + CODE_LOCK_MS });
      // The player's snapshot shows the new code.
      this.changed();
      return { ok: false, reason: "locked", retryInSeconds: Math.ceil(CODE_LOCK_MS / 1000) };
    }
    return { ok: false, reason: "wrong", retryInSeconds: 0 };
  }

  /** A request for the host; null when one for this seat is already waiting. */
  ask(playerId: PlayerId, name: string, socket: GameSocket, expire: (request: SeatRequest) => void, join?: { spectator: boolean }): SeatRequest | null {
    for (const pending of [...this.requests.values()]) {
      if (pending.playerId !== playerId) continue;
      // An asker who went away no longer holds the seat's one waiting request.
      if (!pending.socket.connected) this.take(pending.requestId);
      else return null;
    }
    const requestId = `r-${randomBytes(9).toString("base64url")}`;
    const timer = setTimeout(() => {
      const request = this.take(requestId);
      if (request) expire(request);
    }, SEAT_REQUEST_MS);
    timer.unref?.();
    const kind = join ? "join" : "seat";
    this.requests.set(requestId, { requestId, playerId, name, at: this.now(), kind, socket, timer, spectator: join?.spectator });
    this.changed();
    return { requestId, playerId, name, at: this.now(), kind };
  }

  /** Removes and returns a pending request (answered, expired, or its asker gone). */
  take(requestId: string): (SeatRequest & { socket: GameSocket; spectator?: boolean }) | undefined {
    const request = this.requests.get(requestId);
    if (!request) return undefined;
    clearTimeout(request.timer);
    this.requests.delete(requestId);
    this.changed();
    return request;
  }

  /** What the host is shown: requests whose asker is still connected. */
  pending(): SeatRequest[] {
    const out: SeatRequest[] = [];
    for (const { requestId, playerId, name, at, kind, socket } of this.requests.values()) if (socket.connected) out.push({ requestId, playerId, name, at, kind });
    return out;
  }

  /** The seat is gone: its code and any request for it go too. */
  forgetSeat(playerId: PlayerId): void {
    this.codes.delete(playerId);
    for (const request of [...this.requests.values()]) if (request.playerId === playerId) this.take(request.requestId);
  }

  dispose(): void {
    for (const request of this.requests.values()) clearTimeout(request.timer);
    this.requests.clear();
    this.codes.clear();
  }
}

function freshCode(): string {
  let code = "";
  for (let i = 0; i < REJOIN_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
