import { afterEach, describe, expect, it } from "vitest";
import { C2S, HANDSHAKE_ERRORS, S2C, type JoinedAck, type RoomSnapshot, type SeatAnswerPayload } from "../../shared/protocol";
import { connectClient, connected, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";
import type { ServerConfig } from "../../server/config";

/**
 * A player who drops out (docs/GAME-RULES.md): the seat and its points stay for the whole game with the
 * fallback bot in it, only the first stand-in move waits, and the player can take the seat back from another
 * device with their rejoin code or the host's approval.
 */

type Server = Awaited<ReturnType<typeof startTestServer>>;

const lastRound = (s: RoomSnapshot) => s.game.rounds[s.game.rounds.length - 1];

describe("server: a player who drops out", () => {
  let server: Server;
  const open: TestClient[] = [];
  afterEach(async () => {
    for (const c of open) c.close();
    open.length = 0;
    await server.close();
  });

  /** Ann hosts, Ben and Cat join; no timers. */
  async function table(config: Partial<ServerConfig>): Promise<{ clients: TestClient[]; acks: JoinedAck[] }> {
    server = await startTestServer(config);
    const clients: TestClient[] = [];
    const acks: JoinedAck[] = [];
    for (const name of ["Ann", "Ben", "Cat"]) {
      const c = connectClient(server.url);
      open.push(c);
      const ack = acks.length === 0 ? await c.send<JoinedAck>(C2S.roomCreate, { name }) : await c.send<JoinedAck>(C2S.roomJoin, { code: acks[0].code, name });
      if (!ack.ok) throw new Error(ack.message);
      clients.push(c);
      acks.push(ack);
    }
    expect(await clients[0].send(C2S.hostSettings, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
    return { clients, acks };
  }

  it("keeps an away player's seat and points past the grace window; the bot waits once, then plays at once", async () => {
    const { clients, acks } = await table({ graceMs: 100, fallbackAfterMs: 2_000, botDelayMs: 0 });
    const [ann, ben, cat] = clients;
    const catId = acks[2].playerId;
    expect(await ann.send(C2S.hostStart)).toEqual({ ok: true });
    await ann.waitForState((s) => s.game.phase === "clues");
    cat.close();
    const away = await ann.waitForState((s) => s.seats.find((x) => x.playerId === catId)?.connected === false, "Cat away");
    expect(away.seats.find((x) => x.playerId === catId)).toMatchObject({ fallback: true, awaySince: expect.any(Number) });

    // Ann and Ben play their clues and votes; the bot plays Cat's. Its first move waits SNEAK_FALLBACK_AFTER_MS
    // in full (no jitter), the later ones do not wait again.
    const dueAt = new Map<string, number>();
    const movedAt = new Map<string, number>();
    for (const [client, index] of [[ann, 0], [ben, 1]] as const) {
      const me = acks[index].playerId;
      const done = new Set<string>();
      client.socket.on(S2C.roomState, (s: RoomSnapshot) => {
        const r = lastRound(s);
        if (!r || r.revealed) return;
        const key = `${r.number}/${s.game.phase}`;
        if (done.has(key)) return;
        const send = (event: string, payload: object) => void client.send(event, payload).catch(() => {});
        if (s.game.phase === "clues" && r.turnPlayerId === me) send(C2S.gameClue, { text: index === 0 ? "sweet" : "juicy" });
        else if (s.game.phase === "vote" && r.yourVote === null) send(C2S.gameVote, { targetId: catId });
        else if (s.game.phase === "tieBreak" && r.dealerId === me && r.tied) send(C2S.gameTieBreak, { targetId: r.tied[0] });
        else return;
        done.add(key);
      });
    }
    ann.socket.on(S2C.roomState, (s: RoomSnapshot) => {
      const r = lastRound(s);
      if (!r) return;
      const now = Date.now();
      if (s.game.phase === "clues" && r.turnPlayerId === catId && !dueAt.has("clue")) dueAt.set("clue", now);
      if (r.clues.some((c) => c.playerId === catId) && !movedAt.has("clue")) movedAt.set("clue", now);
      if (s.game.phase === "vote" && !dueAt.has("vote")) dueAt.set("vote", now);
      if ((r.votedIds.includes(catId) || r.votes?.[catId]) && !movedAt.has("vote")) movedAt.set("vote", now);
    });
    // A dealer's turn comes first: give the clue on the snapshot already received.
    const first = ann.latest()!;
    if (lastRound(first).turnPlayerId === acks[0].playerId) await ann.send(C2S.gameClue, { text: "sweet" });
    const revealed = await ann.waitForState((s) => lastRound(s)?.revealed === true, "the reveal");
    expect(lastRound(revealed).clues.find((c) => c.playerId === catId)).toMatchObject({ fallback: true });
    expect(movedAt.get("clue")! - dueAt.get("clue")!).toBeGreaterThanOrEqual(1_990);
    // Voting: Cat's vote does not wait the 2 s again (the bot's pause here is 0).
    expect(movedAt.get("vote")! - dueAt.get("vote")!).toBeLessThan(1_000);

    // Long past the grace window, the seat and its points are still there, in the next round too.
    const catPoints = revealed.game.seats.find((s) => s.id === catId)!.points;
    if (revealed.game.phase === "reveal") {
      expect(await ann.send(C2S.hostNextRound)).toEqual({ ok: true });
      const next = await ann.waitForState((s) => s.game.rounds.length === 2, "round 2");
      expect(next.game.seats.find((s) => s.id === catId)).toMatchObject({ name: "Cat", points: catPoints, left: false });
      expect(lastRound(next).order).toContain(catId);
    }

    // Cat comes back with her token: she is told how many moves the bot made for her.
    const back = connectClient(server.url, { token: acks[2].token });
    open.push(back);
    await connected(back.socket);
    const mine = await back.waitForState((s) => s.you.playerId === catId, "Cat's snapshot");
    expect(mine.you.standInMoves).toBeGreaterThanOrEqual(2);
    expect(mine.seats.find((x) => x.playerId === catId)).toMatchObject({ connected: true, fallback: false, awaySince: null });
  });

  it("names the stand-in's moves to the returning player, who may take back its vote while the vote is open", async () => {
    const { clients, acks } = await table({ fallbackAfterMs: 0, botDelayMs: 0 });
    const [ann, ben, cat] = clients;
    const [annId, benId, catId] = acks.map((a) => a.playerId);
    expect(await ann.send(C2S.hostStart)).toEqual({ ok: true });
    await ann.waitForState((s) => s.game.phase === "clues");
    cat.close();
    await ann.waitForState((s) => s.seats.find((x) => x.playerId === catId)?.fallback === true, "Cat away");
    // Ann and Ben give their clues; the bot gives Cat's, then votes for her.
    const words = new Map([
      [annId, "sweet"],
      [benId, "round"],
    ]);
    for (let turn = 0; turn < 3; turn++) {
      const s = await ann.waitForState((x) => x.game.phase !== "clues" || lastRound(x).clues.length === turn, `clue ${turn}`);
      if (s.game.phase !== "clues") break;
      const who = lastRound(s).turnPlayerId!;
      if (who === annId) expect((await ann.send(C2S.gameClue, { text: words.get(annId) })).ok).toBe(true);
      else if (who === benId) expect((await ben.send(C2S.gameClue, { text: words.get(benId) })).ok).toBe(true);
    }
    const voted = await ann.waitForState((s) => s.game.phase === "vote" && lastRound(s).votedIds.includes(catId), "the stand-in's vote");
    expect(lastRound(voted).votedIds).toEqual([catId]);

    // Cat is back while Ann and Ben have not voted: her snapshot names every move, and the vote can be taken back.
    const back = connectClient(server.url, { token: acks[2].token });
    open.push(back);
    await connected(back.socket);
    const mine = await back.waitForState((s) => s.you.playerId === catId && s.game.phase === "vote", "Cat's snapshot");
    const target = lastRound(mine).yourVote!;
    expect(mine.you.standIns).toEqual([
      { kind: "clue", game: 1, round: 1, text: lastRound(mine).clues.find((c) => c.playerId === catId)!.text, canTakeBack: false },
      { kind: "vote", game: 1, round: 1, targetId: target, canTakeBack: true },
    ]);
    expect(mine.you.standInMoves).toBe(2);
    expect(await back.send(C2S.gameTakeBack, {})).toEqual({ ok: true });
    const taken = await back.waitForState((s) => lastRound(s).yourVote === null, "the vote taken back");
    expect(lastRound(taken).votedIds).toEqual([]);
    expect(taken.game.phase).toBe("vote");
    expect(taken.you.standIns).toEqual([]);
    // Nothing left to take back: refused with the rules' reason.
    expect(await back.send(C2S.gameTakeBack, {})).toMatchObject({ ok: false, code: "RULE", rule: "invalid_action" });
    // Cat votes herself; the vote closes when everyone has.
    expect(await back.send(C2S.gameVote, { targetId: annId })).toEqual({ ok: true });
    expect(await ann.send(C2S.gameVote, { targetId: benId })).toEqual({ ok: true });
    expect(await ben.send(C2S.gameVote, { targetId: annId })).toEqual({ ok: true });
    const closed = await back.waitForState((s) => s.game.phase !== "vote", "the vote closed");
    expect(lastRound(closed).votes?.[catId]).toBe(annId);
  });

  it("hands the host's role to the next connected human once the host has been away SNEAK_GRACE_MS; the host's seat stays", async () => {
    const { clients, acks } = await table({ graceMs: 300, fallbackAfterMs: 60_000 });
    const [ann, ben] = clients;
    expect(await ann.send(C2S.hostStart)).toEqual({ ok: true });
    await ben.waitForState((s) => s.game.phase === "clues");
    ann.close();
    const handed = await ben.waitForState((s) => s.you.isHost, "Ben hosting");
    expect(handed.game.hostId).toBe(acks[1].playerId);
    expect(handed.game.seats.find((s) => s.id === acks[0].playerId)).toMatchObject({ name: "Ann", left: false });
    // Ann comes back as a player; the host's role stays with Ben.
    const back = connectClient(server.url, { token: acks[0].token });
    open.push(back);
    const mine = await back.waitForState((s) => s.you.playerId === acks[0].playerId, "Ann back");
    expect(mine.you.isHost).toBe(false);
    expect(mine.you.seated).toBe(true);
  });

  it("takes a seat back on another device with the rejoin code only that player was shown; single use, guessing bounded", async () => {
    const { clients, acks } = await table({ fallbackAfterMs: 60_000 });
    const [ann, ben, cat] = clients;
    expect(await ann.send(C2S.hostStart)).toEqual({ ok: true });
    const benView = await ben.waitForState((s) => s.game.phase === "clues");
    const code = benView.you.rejoinCode!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    // Nobody else was ever sent Ben's code.
    for (const other of [ann, cat]) {
      await other.waitForState((s) => s.game.phase === "clues");
      expect(JSON.stringify(other.frames)).not.toContain(code);
      expect(other.latest()!.you.rejoinCode).not.toBe(code);
    }
    // "A round is being played": joining again is refused, taking the seat back is not.
    const phone = connectClient(server.url);
    open.push(phone);
    expect(await phone.send(C2S.roomJoin, { code: acks[0].code, name: "Ben" })).toMatchObject({ ok: false, code: "RULE" });
    expect(await phone.send(C2S.roomReclaim, { code: acks[0].code, name: "Ben", rejoinCode: "ZZZZ2222" })).toMatchObject({ ok: false, code: "WRONG_REJOIN_CODE" });
    expect(await phone.send(C2S.roomReclaim, { code: acks[0].code, name: "Nobody", rejoinCode: code })).toMatchObject({ ok: false, code: "UNKNOWN_PLAYER" });

    const replaced = new Promise((resolve) => ben.socket.once(S2C.sessionReplaced, resolve));
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    const taken = await phone.send<JoinedAck>(C2S.roomReclaim, { code: acks[0].code.toLowerCase(), name: "ben", rejoinCode: typed });
    expect(taken).toMatchObject({ ok: true, code: acks[0].code, playerId: acks[1].playerId, spectator: false });
    if (!taken.ok) throw new Error(taken.message);
    expect(taken.token).not.toBe(acks[1].token);
    // Not "opened-elsewhere" (another tab, the token still works): this token is retired.
    expect(await replaced).toMatchObject({ reason: "seat-reclaimed", message: expect.stringContaining("taken back on another device") });
    const onPhone = await phone.waitForState((s) => s.you.playerId === acks[1].playerId, "Ben's seat on the phone");
    expect(onPhone.you.rejoinCode).not.toBe(code);
    // The old token is retired, and the code was single use.
    const oldDevice = connectClient(server.url, { token: acks[1].token });
    open.push(oldDevice);
    await expect(connected(oldDevice.socket)).rejects.toMatchObject({ data: { code: HANDSHAKE_ERRORS.reclaimed } });
    const tablet = connectClient(server.url);
    open.push(tablet);
    expect(await tablet.send(C2S.roomReclaim, { code: acks[0].code, name: "Ben", rejoinCode: code })).toMatchObject({ ok: false, code: "WRONG_REJOIN_CODE" });

    // Five wrong codes replace the seat's code and lock code tries for that seat.
    const catCode = cat.latest()!.you.rejoinCode!;
    for (let i = 0; i < 4; i++) expect(await tablet.send(C2S.roomReclaim, { code: acks[0].code, name: "Cat", rejoinCode: `WRONG${i}22` })).toMatchObject({ code: "WRONG_REJOIN_CODE" });
    expect(await tablet.send(C2S.roomReclaim, { code: acks[0].code, name: "Cat", rejoinCode: "WRONG522" })).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect(await tablet.send(C2S.roomReclaim, { code: acks[0].code, name: "Cat", rejoinCode: catCode })).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    const renewed = await cat.waitForState((s) => s.you.rejoinCode !== catCode, "Cat's new code");
    expect(renewed.you.rejoinCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it("gives a seat back with the host's one-tap approval, and tells the asker when the host says no", async () => {
    const { clients, acks } = await table({ fallbackAfterMs: 60_000 });
    const [ann, ben, cat] = clients;
    expect(await ann.send(C2S.hostStart)).toEqual({ ok: true });
    cat.close();
    const phone = connectClient(server.url);
    open.push(phone);
    const refusedAnswer = new Promise<SeatAnswerPayload>((resolve) => phone.socket.once(S2C.seatAnswer, resolve));
    const asked = await phone.send<{ requestId: string }>(C2S.roomAskSeat, { code: acks[0].code, name: "CAT" });
    if (!asked.ok) throw new Error(asked.message);
    // A second request for the same seat waits its turn; a guest cannot answer; only the host sees the request.
    const again = connectClient(server.url);
    open.push(again);
    expect(await again.send(C2S.roomAskSeat, { code: acks[0].code, name: "Cat" })).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    const hostView = await ann.waitForState((s) => s.seatRequests.length === 1, "the request on the host's screen");
    expect(hostView.seatRequests[0]).toMatchObject({ requestId: asked.requestId, playerId: acks[2].playerId, name: "CAT" });
    expect(ben.latest()!.seatRequests).toEqual([]);
    expect(await ben.send(C2S.hostAnswerSeat, { requestId: asked.requestId, approve: true })).toMatchObject({ ok: false, code: "NOT_HOST" });
    expect(await ann.send(C2S.hostAnswerSeat, { requestId: asked.requestId, approve: false })).toEqual({ ok: true });
    expect(await refusedAnswer).toMatchObject({ approved: false });
    expect(await ann.send(C2S.hostAnswerSeat, { requestId: asked.requestId, approve: true })).toMatchObject({ ok: false, code: "UNKNOWN_PLAYER" });

    const approvedAnswer = new Promise<SeatAnswerPayload>((resolve) => phone.socket.once(S2C.seatAnswer, resolve));
    const second = await phone.send<{ requestId: string }>(C2S.roomAskSeat, { code: acks[0].code, name: "Cat" });
    if (!second.ok) throw new Error(second.message);
    await ann.waitForState((s) => s.seatRequests.some((r) => r.requestId === second.requestId), "the second request");
    expect(await ann.send(C2S.hostAnswerSeat, { requestId: second.requestId, approve: true })).toEqual({ ok: true });
    const answer = await approvedAnswer;
    expect(answer).toMatchObject({ approved: true, code: acks[0].code, playerId: acks[2].playerId, spectator: false });
    const mine = await phone.waitForState((s) => s.you.playerId === acks[2].playerId, "Cat's seat on the phone");
    expect(mine.you.seated).toBe(true);
    await ann.waitForState((s) => s.seats.find((x) => x.playerId === acks[2].playerId)?.connected === true && s.seatRequests.length === 0, "Cat back");
    // The new token seats the phone again after a reconnection; the old one is retired.
    if (!answer.approved) throw new Error("refused");
    phone.close();
    const reconnect = connectClient(server.url, { token: answer.token });
    open.push(reconnect);
    await connected(reconnect.socket);
    const oldToken = connectClient(server.url, { token: acks[2].token });
    open.push(oldToken);
    await expect(connected(oldToken.socket)).rejects.toMatchObject({ data: { code: HANDSHAKE_ERRORS.reclaimed } });
  });
});
