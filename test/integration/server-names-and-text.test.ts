import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { C2S, type JoinedAck } from "../../shared/protocol";
import { connectClient, type TestClient } from "../support/socket-client";
import { startTestServer } from "../support/socket-server";

/** Names, clues and chat as a real server takes them: control characters refused, look-alike names taken. */
describe("server: control characters and look-alike names", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const open: TestClient[] = [];
  const client = () => {
    const c = connectClient(server.url);
    open.push(c);
    return c;
  };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server.close();
  });

  it("refuses them with clear messages, and stores nothing of them", async () => {
    expect(await client().send(C2S.roomCreate, { name: "\x00\x01" })).toMatchObject({ ok: false, code: "RULE", rule: "invalid_name", message: expect.stringMatching(/control characters/) });
    expect(server.registry.size).toBe(0);
    const ada = client();
    const created = await ada.send<JoinedAck>(C2S.roomCreate, { name: "Ada" });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    expect(await client().send(C2S.roomJoin, { code, name: "\x1b[31mRED" })).toMatchObject({ ok: false, rule: "invalid_name", message: expect.stringMatching(/control characters/) });
    expect(await client().send(C2S.roomJoin, { code, name: "\u0410da" })).toMatchObject({ ok: false, code: "RULE", rule: "name_taken", message: expect.stringContaining('looks too much like "Ada"') });
    expect(await client().send(C2S.roomJoin, { code, name: "ADA", spectator: true })).toMatchObject({ ok: false, code: "RULE", rule: "name_taken" });
    expect(await client().send(C2S.roomJoin, { code, name: "\u0410d\u0430", spectator: true })).toMatchObject({ ok: false, rule: "name_taken" });
    expect((await client().send(C2S.roomJoin, { code, name: "Watcher", spectator: true })).ok).toBe(true);
    const ben = client();
    expect((await ben.send(C2S.roomJoin, { code, name: "Ben" })).ok).toBe(true);
    expect((await client().send(C2S.roomJoin, { code, name: "Cat" })).ok).toBe(true);

    expect(await ben.send(C2S.chatSend, { text: "\x1b[31mRED" })).toMatchObject({ ok: false, code: "RULE", rule: "control_characters", message: expect.stringMatching(/Control characters/) });
    expect(await ben.send(C2S.chatSend, { text: "two\nlines" })).toEqual({ ok: true });
    expect(await ada.send(C2S.hostSettings, { turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 })).toEqual({ ok: true });
    expect(await ada.send(C2S.hostStart)).toEqual({ ok: true });
    const inPlay = await ada.waitForState((s) => s.game.phase === "clues");
    const turn = inPlay.game.rounds[0].turnPlayerId;
    const giver = open.find((c) => c.latest()?.you.playerId === turn)!;
    expect(await giver.send(C2S.gameClue, { text: "\x1b[31mRED" })).toMatchObject({ ok: false, code: "RULE", rule: "control_characters" });
    expect(await giver.send(C2S.gameClue, { text: "sweet" })).toEqual({ ok: true });
    const after = await ada.waitForState((s) => s.game.rounds[0].clues.length === 1);
    expect(JSON.stringify(after)).not.toMatch(/\\u001b|\\u0000/);
    expect(after.game.chat.map((line) => line.text)).toEqual(["two lines"]);
  });

  it("judges a name's length after cleaning, as a rule (RULE invalid_name), whatever its length", async () => {
    const invisible = `${"x".repeat(24)}\u200b`;
    const created = await client().send<JoinedAck>(C2S.roomCreate, { name: invisible });
    expect(created).toMatchObject({ ok: true });
    if (!created.ok) throw new Error(created.message);
    expect(server.registry.get(created.code)!.serverState!.seats[0].name).toBe("x".repeat(24));
    for (const name of ["y".repeat(25), "", "   ", "z".repeat(5000)]) {
      expect(await client().send(C2S.roomJoin, { code: created.code, name }), `${name.length} characters`).toMatchObject({ ok: false, code: "RULE", rule: "invalid_name", message: "A name has 1 to 24 characters." });
    }
  });

  it("takes names that differ only in spaces, punctuation or symbols for the same name", async () => {
    const host = client();
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Ada" });
    if (!created.ok) throw new Error(created.message);
    for (const name of ["A.da", "A-da", "A_da", "A da", "ada!", "(Ada)", "A•da"]) {
      expect(await client().send(C2S.roomJoin, { code: created.code, name }), name).toMatchObject({ ok: false, code: "RULE", rule: "name_taken", message: expect.stringContaining('looks too much like "Ada"') });
    }
    expect(await client().send(C2S.roomJoin, { code: created.code, name: "Adam" })).toMatchObject({ ok: true });
  });

  it("keeps one name to one member: players, bots and spectators alike", async () => {
    const host = client();
    const created = await host.send<JoinedAck>(C2S.roomCreate, { name: "Hugo" });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    expect(await client().send(C2S.roomJoin, { code, name: "Wren", spectator: true })).toMatchObject({ ok: true });
    // The reverse of "a spectator cannot take a player's name": a player cannot take a spectator's, nor a bot.
    expect(await client().send(C2S.roomJoin, { code, name: "WREN" })).toMatchObject({ ok: false, code: "RULE", rule: "name_taken", message: '"WREN" looks too much like "Wren", a spectator\'s name in this room: pick another name.' });
    expect(await client().send(C2S.roomJoin, { code, name: "Wren", spectator: true })).toMatchObject({ ok: false, rule: "name_taken", message: '"Wren" is a spectator\'s name in this room: pick another name.' });
    expect(await host.send(C2S.hostAddBot, { kind: "lexical", name: "W.ren" })).toMatchObject({ ok: false, rule: "name_taken" });
    expect(await host.send(C2S.hostAddBot, { kind: "lexical" })).toMatchObject({ ok: true });
    const bot = server.registry.get(code)!.serverState!.seats[1];
    expect(await client().send(C2S.roomJoin, { code, name: bot.name, spectator: true })).toMatchObject({ ok: false, rule: "name_taken", message: `"${bot.name}" is a bot's name in this room: pick another name.` });
  });
});
