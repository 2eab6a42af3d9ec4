import { createHash } from "node:crypto";

/** The hashes a study keeps instead of secrets and addresses: its key, participants' tokens, where people joined from. */

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function keyHash(key: string): string {
  return sha256(`sneak-study-key|${key}`);
}

export function tokenHash(token: string): string {
  return sha256(`sneak-participant|${token}`);
}

/** Per study, so that the same address cannot be followed from one study to another. */
export function addressHash(studyId: string, address: string): string {
  return sha256(`sneak-address|${studyId}|${address}`).slice(0, 32);
}
