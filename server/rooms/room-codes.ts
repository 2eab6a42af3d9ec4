import { randomInt } from "node:crypto";

/** Letters that cannot be misread aloud or on a screen: no I/L (1), O (0), U/V, nor S/Z (5/2). */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRTWXY";
export const CODE_LENGTH = 4;
export const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** A fresh code not in `taken`. Codes are unguessable-ish (crypto), never derived from the game seed. */
export function freshRoomCode(taken: (code: string) => boolean): string {
  for (let attempt = 0; attempt < 1000; attempt++) {
    let code = "";
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (!taken(code)) return code;
  }
  throw new Error("no free room code");
}

/** Codes typed by people: trimmed and upper-cased; null when it cannot be a code. */
export function normalizedRoomCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The room a session token was issued for (tokens start with their room's code); null for any other string. */
export function roomCodeOfToken(token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const dot = token.indexOf(".");
  return dot === CODE_LENGTH && CODE_PATTERN.test(token.slice(0, dot)) ? token.slice(0, dot) : null;
}
