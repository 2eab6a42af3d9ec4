import type { Ack, JoinedAck } from "../../shared/protocol";
import { connectClient, connected, type TestClient } from "./socket-client";

/**
 * Players of a cluster, as the browser client behaves: they reach any game process, and follow a
 * ROOM_ELSEWHERE answer (a join's ack, or a returning token's handshake error) to the process that holds
 * the room, once.
 */

export interface ClusterPlayer {
  client: TestClient;
  token: string;
  playerId: string;
  code: string;
  /** The process the player ended up on. */
  url: string;
  /** Where the first process sent the player, if it did. */
  redirectedFrom: string | null;
}

export async function createOn(url: string, name: string, settings: object = {}): Promise<ClusterPlayer> {
  const client = connectClient(url);
  await connected(client.socket);
  const ack = await client.send<JoinedAck>("room:create", { name, settings });
  if (!ack.ok) throw new Error(`room:create: ${ack.code} ${ack.message}`);
  return { client, token: ack.token, playerId: ack.playerId, code: ack.code, url, redirectedFrom: null };
}

export async function joinThrough(url: string, code: string, name: string): Promise<ClusterPlayer> {
  const first = connectClient(url);
  await connected(first.socket);
  const ack = await first.send<JoinedAck>("room:join", { code, name });
  if (ack.ok) return { client: first, token: ack.token, playerId: ack.playerId, code: ack.code, url, redirectedFrom: null };
  first.close();
  if (ack.code !== "ROOM_ELSEWHERE" || !ack.url) throw new Error(`room:join: ${ack.code} ${ack.message}`);
  const client = connectClient(ack.url);
  await connected(client.socket);
  const again = await client.send<JoinedAck>("room:join", { code, name });
  if (!again.ok) throw new Error(`room:join at ${ack.url}: ${again.code} ${again.message}`);
  return { client, token: again.token, playerId: again.playerId, code: again.code, url: ack.url, redirectedFrom: url };
}

/** A handshake refusal as the client sees it. */
export interface Refused {
  message: string;
  data?: { code?: string; url?: string };
}

/** Reconnects with a token through `url`, following one ROOM_ELSEWHERE; rejects with the refusal otherwise. */
export async function resumeThrough(url: string, token: string): Promise<{ client: TestClient; url: string }> {
  const client = connectClient(url, { token });
  try {
    await connected(client.socket);
    return { client, url };
  } catch (error) {
    client.close();
    const refused = error as Refused;
    if (refused.data?.code !== "ROOM_ELSEWHERE" || !refused.data.url) throw error;
    const there = connectClient(refused.data.url, { token });
    await connected(there.socket).catch((again) => {
      there.close();
      throw again;
    });
    return { client: there, url: refused.data.url };
  }
}

/** The refusal a handshake with this token meets at `url` (throws if it is accepted). */
export async function handshakeRefusal(url: string, token: string): Promise<Refused> {
  const client = connectClient(url, { token });
  try {
    await connected(client.socket);
  } catch (error) {
    return error as Refused;
  } finally {
    client.close();
  }
  throw new Error("the handshake was accepted");
}

export type { Ack };
