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
});
