/**
 * An outside program playing over socket.io, written only from docs/PROTOCOL.md: no import of the
 * project's protocol module or test helpers, event names and fields as the document gives them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io, type Socket } from "socket.io-client";
import { startTestServer } from "../support/socket-server";

type Snapshot = {
  version: number;
  you: { playerId: string; seated: boolean; isHost: boolean };
  game: {
    phase: string;
    winners: string[] | null;
    seats: { id: string; name: string; points: number }[];
    rounds: {
      number: number;
      role: string;
      secret: string | null;
      words: string[] | null;
      order: string[];
      turnPlayerId: string | null;
      dealerId: string;
      chameleonId: string | null;
      yourVote: string | null;
      tied: string[] | null;
      guesses: string[];
      clues: { playerId: string; text: string }[];
    }[];
  };
};

/** The doc's "whole loop": one agent, acting once per (round, phase, turn). */
class OutsideAgent {
  socket!: Socket;
  token = "";
  playerId = "";
  latest: Snapshot | null = null;
  readonly done = new Set<string>();
  readonly refusals: string[] = [];
  private listeners: ((s: Snapshot) => void)[] = [];

  constructor(
    private readonly url: string,
    readonly name: string,
  ) {}

  connect(token?: string): Promise<void> {
    this.socket = io(this.url, { transports: ["websocket"], forceNew: true, reconnection: false, auth: token ? { token } : {} });
    this.socket.on("room:state", (s: Snapshot) => {
      if (this.latest && s.version < this.latest.version) return;
      this.latest = s;
      this.play(s);
      for (const l of this.listeners) l(s);
    });
    return new Promise((resolve, reject) => {
      this.socket.once("connect", () => resolve());
      this.socket.once("connect_error", reject);
    });
  }

  async command(event: string, payload: object): Promise<Record<string, unknown>> {
    return this.socket.timeout(5000).emitWithAck(event, payload);
  }

  async join(event: "room:create" | "room:join", payload: object): Promise<string> {
    const reply = await this.command(event, payload);
    if (reply.ok !== true) throw new Error(`${event}: ${String(reply.code)} ${String(reply.message)}`);
    this.token = reply.token as string;
    this.playerId = reply.playerId as string;
    return reply.code as string;
  }

  until(predicate: (s: Snapshot) => boolean): Promise<Snapshot> {
    if (this.latest && predicate(this.latest)) return Promise.resolve(this.latest);
    return new Promise((resolve) => this.listeners.push((s) => predicate(s) && resolve(s)));
  }

  private once(key: string, event: string, payload: object): void {
    if (this.done.has(key)) return;
    this.done.add(key);
    void this.command(event, payload).then(
      (reply) => {
        if (reply.ok !== true) this.refusals.push(`${event} ${String(reply.code)}`);
      },
      () => {},
    );
  }

  private play(s: Snapshot): void {
    const r = s.game.rounds[s.game.rounds.length - 1];
    if (!r) return;
    const me = this.playerId;
    const key = `${r.number}/${s.game.phase}/${r.clues.length}`;
    if (s.game.phase === "clues" && r.turnPlayerId === me) {
      // The chameleon (secret null) bluffs with a vague word; informed players hint without grid words.
      this.once(key, "game:clue", { text: r.role === "chameleon" ? "typical" : "favourite" });
    } else if (s.game.phase === "discussion") {
      this.once(key, "game:ready", {});
    } else if (s.game.phase === "vote" && r.yourVote === null && r.order.includes(me)) {
      this.once(key, "game:vote", { targetId: r.order.find((id) => id !== me) });
    } else if (s.game.phase === "tieBreak" && r.dealerId === me && r.tied) {
      this.once(key, "game:tieBreak", { targetId: r.tied.find((id) => id !== me) ?? r.tied[0] });
    } else if (s.game.phase === "guess" && r.chameleonId === me && r.words) {
      this.once(`${key}/${r.guesses.length}`, "game:guess", { word: r.words.find((w) => !r.guesses.includes(w)) });
    } else if (s.game.phase === "reveal" && s.you.isHost) {
      this.once(key, "host:nextRound", {});
    }
  }
}

describe("server: an outside program plays from docs/PROTOCOL.md alone", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const agents: OutsideAgent[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const a of agents) a.socket?.close();
    await server.close();
  });

  it("creates a room, joins two agents and a lexical bot, reconnects by token mid-game, and plays to a winner", async () => {
    const host = new OutsideAgent(server.url, "Host");
    const a = new OutsideAgent(server.url, "AgentA");
    const b = new OutsideAgent(server.url, "AgentB");
    agents.push(host, a, b);
    await host.connect();
    const code = await host.join("room:create", {
      name: "Host",
      settings: { targetScore: 3, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 },
    });
    expect(code).toMatch(/^[A-Z]{4}$/);
    for (const agent of [a, b]) {
      await agent.connect();
      await agent.join("room:join", { code: code.toLowerCase(), name: agent.name });
    }
    expect(await host.command("host:addBot", { kind: "lexical" })).toMatchObject({ ok: true });
    expect(await host.command("host:start", {})).toEqual({ ok: true });

    // Agent A drops after its first clue and comes back with its token, as the doc describes.
    await a.until((s) => s.game.rounds[0]?.clues.some((c) => c.playerId === a.playerId) ?? false);
    a.socket.close();
    await a.connect(a.token);
    const back = await a.until(() => true);
    expect(back.you).toMatchObject({ playerId: a.playerId, seated: true });

    const over = await host.until((s) => s.game.phase === "gameOver");
    expect(over.game.winners!.length).toBeGreaterThan(0);
    expect(Math.max(...over.game.seats.map((s) => s.points))).toBeGreaterThanOrEqual(3);
    // After the game every round is revealed to every agent, the secret included.
    for (const agent of [host, a, b]) {
      const final = await agent.until((s) => s.game.phase === "gameOver");
      expect(final.game.rounds.every((r) => r.secret !== null && r.chameleonId !== null)).toBe(true);
    }
    expect([...host.refusals, ...a.refusals, ...b.refusals].filter((r) => !r.includes("RULE"))).toEqual([]);
  });

  it("gets the answers the document promises for refusals, reserved names, missing payloads and the snapshot's fields", async () => {
    const host = new OutsideAgent(server.url, "Hostess");
    const guest = new OutsideAgent(server.url, "Guest");
    const watcher = new OutsideAgent(server.url, "Watcher");
    agents.push(host, guest, watcher);
    await host.connect();
    const code = await host.join("room:create", { name: "Hostess" });
    await guest.connect();
    await guest.join("room:join", { code, name: "Guest" });
    await watcher.connect();
    await watcher.join("room:join", { code, name: "Watcher", spectator: true });

    // chat:send: 1–280 characters; anything else is a RULE refusal, whatever its length.
    expect(await guest.command("chat:send", { text: "x".repeat(280) })).toEqual({ ok: true });
    expect(await guest.command("chat:send", { text: "x".repeat(281) })).toMatchObject({ ok: false, code: "RULE", rule: "chat_too_long" });
    expect(await guest.command("chat:send", { text: "x".repeat(1000) })).toMatchObject({ ok: false, code: "RULE", rule: "chat_too_long" });
    expect(await guest.command("chat:send", { text: "   " })).toMatchObject({ ok: false, code: "RULE", rule: "chat_empty" });

    // A spectator's host command is NOT_HOST; its game command NOT_A_PLAYER.
    expect(await watcher.command("host:start", {})).toMatchObject({ ok: false, code: "NOT_HOST" });
    expect(await watcher.command("game:ready", {})).toMatchObject({ ok: false, code: "NOT_A_PLAYER" });

    // Settings: an unknown key is BAD_PAYLOAD, a value out of range (a 17-word card) RULE invalid_settings.
    expect(await host.command("host:settings", { targetScor: 3 })).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });
    const words = Array.from({ length: 17 }, (_, i) => `word${String.fromCharCode(97 + i)}`);
    expect(await host.command("host:settings", { customCards: [{ category: "Letters", words }] })).toMatchObject({ ok: false, code: "RULE", rule: "invalid_settings" });
    expect(await host.command("host:settings", { customCards: [{ category: "Letters", words: words.slice(0, 7) }] })).toMatchObject({ ok: false, code: "RULE", rule: "invalid_settings" });
    expect(await host.command("host:settings", { customCards: [{ category: "Letters", words: words.slice(0, 16) }] })).toEqual({ ok: true });

    // An unknown id: UNKNOWN_PLAYER, with no rule, for a kick and for a bot's removal alike.
    const kick = await host.command("host:kick", { playerId: "p-nobody" });
    const removal = await host.command("host:removeBot", { playerId: "b-nobody" });
    for (const reply of [kick, removal]) {
      expect(reply).toMatchObject({ ok: false, code: "UNKNOWN_PLAYER" });
      expect(reply).not.toHaveProperty("rule");
    }

    // A payload may be left out only where it is {}; a __proto__ key is an unknown key like any other.
    expect(await guest.socket.timeout(5000).emitWithAck("room:resync")).toMatchObject({ ok: true });
    expect(await host.socket.timeout(5000).emitWithAck("host:settings")).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });
    expect(await guest.command("chat:send", JSON.parse('{"text":"hi","__proto__":{"ok":true}}'))).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });

    // Reserved event names are answered too, and the connection stays open (raw socket.io packets: the
    // client library refuses to send these names, a client in another language would not).
    const engine = guest.socket.io.engine as unknown as { write(data: string): void; on(event: "packet", listener: (p: { type: string; data?: unknown }) => void): void };
    const acks = new Map<number, unknown>();
    engine.on("packet", (packet) => {
      const m = typeof packet.data === "string" ? /^3(\d+)(\[.*)$/s.exec(packet.data) : null;
      if (m) acks.set(Number(m[1]), JSON.parse(m[2])[0]);
    });
    const reserved = ["connect", "disconnect", "disconnecting", "newListener", "removeListener", "connect_error"];
    reserved.forEach((event, i) => engine.write(`2${900 + i}${JSON.stringify([event, {}])}`));
    await guest.until(() => true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    reserved.forEach((event, i) => expect(acks.get(900 + i), event).toMatchObject({ ok: false, code: "BAD_PAYLOAD" }));
    expect(guest.socket.connected).toBe(true);
    expect(await guest.command("room:resync", {})).toMatchObject({ ok: true });

    // The snapshot's fields the document lists.
    await host.command("host:addBot", { kind: "lexical" });
    expect(await host.command("host:settings", { customCards: [], turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
    expect(await host.command("host:start", {})).toEqual({ ok: true });
    const dealt = (await host.until((s) => s.game.phase === "clues")) as unknown as {
      game: { viewerId: string | null; options: { allowBotsOnly: boolean }; rounds: Record<string, unknown>[] };
      seats: Record<string, unknown>[];
      you: Record<string, unknown>;
      seatRequests: unknown[];
    };
    expect(dealt.game.viewerId).toBe(host.playerId);
    expect(dealt.game.options).toEqual({ allowBotsOnly: false });
    const round = dealt.game.rounds[0];
    for (const field of ["names", "twoGuesses", "hiddenGrid", "tieBrokenBy", "aborted"]) expect(round, field).toHaveProperty(field);
    expect(round.names).toMatchObject({ [host.playerId]: "Hostess", [guest.playerId]: "Guest" });
    expect(dealt.you).toMatchObject({ rejoinCode: expect.stringMatching(/^[A-Z2-9]{8}$/), standInMoves: 0 });
    expect(dealt.seatRequests).toEqual([]);
    for (const seat of dealt.seats) expect(Object.keys(seat).sort()).toEqual(["awaySince", "bot", "connected", "fallback", "playerId"]);
    const spectatorView = (await watcher.until((s) => s.game.phase === "clues")) as unknown as { game: { viewerId: string | null }; you: { rejoinCode: string | null } };
    expect(spectatorView.game.viewerId).toBeNull();
    expect(spectatorView.you.rejoinCode).toBeNull();

    // A second connection with the guest's token takes the seat; the first hears "session:replaced".
    const first = guest.socket;
    const replaced = new Promise((resolve) => first.once("session:replaced", resolve));
    const cut = new Promise((resolve) => first.once("disconnect", resolve));
    const second = new OutsideAgent(server.url, "Guest");
    agents.push(second);
    await second.connect(guest.token);
    expect(await replaced).toMatchObject({ reason: "opened-elsewhere" });
    expect(await cut).toBe("io server disconnect");
    expect(await second.command("room:resync", {})).toMatchObject({ ok: true });
    // room:leave may be sent with no payload at all.
    expect(await second.socket.timeout(5000).emitWithAck("room:leave")).toEqual({ ok: true });
  });
});
