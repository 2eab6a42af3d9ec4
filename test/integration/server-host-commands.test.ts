import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, S2C, type JoinedAck } from "../../shared/protocol";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import { autoPlay } from "../support/socket-autoplay";

describe("server: host commands, spectators, and seats played by the server", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const open: TestClient[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server.close();
  });

  async function table(names: string[]): Promise<{ clients: TestClient[]; acks: JoinedAck[] }> {
    const clients: TestClient[] = [];
    const acks: JoinedAck[] = [];
    let code = "";
    for (const name of names) {
      const c = connectClient(server.url);
      open.push(c);
      const ack = code === "" ? await c.send<JoinedAck>(C2S.roomCreate, { name }) : await c.send<JoinedAck>(C2S.roomJoin, { code, name });
      if (!ack.ok) throw new Error(ack.message);
      code = ack.code;
      clients.push(c);
      acks.push(ack);
    }
    return { clients, acks };
  }

  it("adds a bot at the level the host chose, shows it on the seat to everyone, and lets only the host change it", async () => {
    const { clients } = await table(["Lev", "Max"]);
    const [host, guest] = clients;
    const hard = await host.send<{ playerId: string }>(C2S.hostAddBot, { kind: "lexical", level: "hard" });
    const plain = await host.send<{ playerId: string }>(C2S.hostAddBot, { kind: "lexical" });
    if (!hard.ok || !plain.ok) throw new Error("bots not added");
    const seen = await guest.waitForState((s) => s.game.seats.filter((x) => x.kind === "bot").length === 2, "both bots seated");
    expect(seen.game.seats.find((x) => x.id === hard.playerId)?.botLevel).toBe("hard");
    expect(seen.game.seats.find((x) => x.id === plain.playerId)?.botLevel).toBe("normal");
    expect(await host.send(C2S.hostAddBot, { kind: "lexical", level: "expert" })).toMatchObject({ ok: false, code: "BAD_PAYLOAD" });
    expect(await guest.send(C2S.hostBotLevel, { playerId: hard.playerId, level: "easy" })).toMatchObject({ ok: false, code: "NOT_HOST" });
    expect(await host.send(C2S.hostBotLevel, { playerId: hard.playerId, level: "easy" })).toEqual({ ok: true });
    await guest.waitForState((s) => s.game.seats.find((x) => x.id === hard.playerId)?.botLevel === "easy", "the new level, seen by a guest");
  });

  it("adds and removes bots, transfers the host, and manages spectators", async () => {
    const { clients, acks } = await table(["Hal", "Ivy"]);
    const [host, guest] = clients;
    const bot = await host.send<{ playerId: string }>(C2S.hostAddBot, { kind: "lexical", name: "Robo" });
    if (!bot.ok) throw new Error(bot.message);
    await host.waitForState((s) => s.game.seats.some((x) => x.name === "Robo"), "bot seated");
    expect(await guest.send(C2S.hostRemoveBot, { playerId: bot.playerId })).toMatchObject({ ok: false, code: "NOT_HOST" });
    expect(await host.send(C2S.hostRemoveBot, { playerId: acks[1].playerId })).toMatchObject({ ok: false, code: "UNKNOWN_PLAYER" });
    expect(await host.send(C2S.hostRemoveBot, { playerId: bot.playerId })).toEqual({ ok: true });
    await host.waitForState((s) => !s.game.seats.some((x) => x.name === "Robo"), "bot removed");

    const watcher = connectClient(server.url);
    open.push(watcher);
    const seen = await watcher.send<JoinedAck>(C2S.roomJoin, { code: acks[0].code, name: "Eve", spectator: true });
    if (!seen.ok) throw new Error(seen.message);
    const view = await watcher.waitForState((s) => s.spectators.length === 1, "spectator listed");
    expect(view.you).toMatchObject({ seated: false, isHost: false });
    expect(view.game.viewerId).toBeNull();
    expect(await watcher.send(C2S.chatSend, { text: "hi" })).toMatchObject({ ok: false, code: "NOT_A_PLAYER" });
    expect(await watcher.send(C2S.hostStart)).toMatchObject({ ok: false, code: "NOT_HOST" });
    expect(await watcher.send(C2S.gameReady)).toMatchObject({ ok: false, code: "NOT_A_PLAYER" });

    expect(await host.send(C2S.hostTransfer, { playerId: acks[1].playerId })).toEqual({ ok: true });
    const transferred = await guest.waitForState((s) => s.you.isHost, "guest is host");
    expect(transferred.game.hostId).toBe(acks[1].playerId);
    expect(await host.send(C2S.hostKick, { playerId: seen.playerId })).toMatchObject({ ok: false, code: "NOT_HOST" });
    const closed = new Promise((resolve) => watcher.socket.once(S2C.roomClosed, resolve));
    expect(await guest.send(C2S.hostKick, { playerId: seen.playerId })).toEqual({ ok: true });
    expect(await closed).toEqual({ reason: "kicked" });
    await guest.waitForState((s) => s.spectators.length === 0, "spectator gone");
  });

  it("lets the fallback bot play a player kicked mid-round, and the round still ends", async () => {
    const { clients, acks } = await table(["Ann", "Ben", "Cat", "Dan"]);
    const [host] = clients;
    expect(await host.send(C2S.hostSettings, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0, targetScore: 10 })).toEqual({ ok: true });
    // Everyone but Dan plays; Dan is kicked as soon as the round starts.
    const players = clients.slice(0, 3).map((c) => autoPlay(c));
    expect(await host.send(C2S.hostStart)).toEqual({ ok: true });
    expect(await host.send(C2S.hostKick, { playerId: acks[3].playerId })).toEqual({ ok: true });
    const revealed = await host.waitForState((s) => s.game.phase === "reveal" || s.game.phase === "gameOver", "the reveal");
    for (const p of players) p.stop();
    const round = revealed.game.rounds[0];
    expect(round.order).toContain(acks[3].playerId);
    const danClue = round.clues.find((c) => c.playerId === acks[3].playerId)!;
    expect(danClue.fallback).toBe(true);
    expect(revealed.game.seats.find((s) => s.id === acks[3].playerId)?.left).toBe(true);
    // A seat that left votes through the fallback bot only until everyone present has voted
    // (docs/GAME-RULES.md), so whether Dan's vote made it in is a race; the present players' votes must all count.
    for (const id of round.order.filter((id) => id !== acks[3].playerId)) expect(round.votes?.[id]).toBeDefined();
  });
});
